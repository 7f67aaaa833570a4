import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Query } from '@nestjs/common';
import { CurrentPrincipal, OperatorReadable, type Principal } from '@maco/auth';
import { encodeCursor, SERVICE_ROLE } from '@maco/platform';
import { processDataProblem } from '../process-data.problems';
import { QuarantineService, type BookingAttempt } from '../quarantine/quarantine.service';
import { RefusedMessageRepository, type RefusedDetail, type RefusedFilter, type RefusedSummary } from '../quarantine/refused-message.repository';

const STATES = ['open', 'resolved', 'dismissed'] as const;
const OPERATIONS = ['create', 'update'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CODE = /^[A-Z_.]{1,64}$/;
const PI = /^\d{5}$/;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** The quarantine for operators: what the write routes refused, to read, book again (resubmit) or dismiss. */
@Controller('refused')
export class RefusedController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    private readonly refused: RefusedMessageRepository,
    private readonly quarantine: QuarantineService,
  ) {}

  @Get()
  @OperatorReadable()
  async list(@Query() query: Record<string, unknown>): Promise<{ items: RefusedSummary[]; nextCursor: string | null }> {
    const filter: RefusedFilter = {
      state: choice(query, 'state', STATES),
      operation: choice(query, 'operation', OPERATIONS),
      code: matching(query, 'code', CODE, 'a problem code such as REQUEST.VALIDATION_FAILED'),
      pruefidentifikator: matching(query, 'pruefidentifikator', PI, 'a Prüfidentifikator (5 digits)'),
      from: dateTime(query, 'from'),
      to: dateTime(query, 'to'),
    };
    const limitText = matching(query, 'limit', /^\d{1,3}$/, `a number from 1 to ${MAX_LIMIT}`);
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
    if (limit < 1 || limit > MAX_LIMIT) throw invalid('limit', `must be a number from 1 to ${MAX_LIMIT}`);
    const after = cursorOf(query['cursor']);
    const { rows, more, last } = await this.refused.page(this.role, filter, limit, after);
    return { items: rows, nextCursor: more && last ? encodeCursor(last) : null };
  }

  @Get(':id')
  @OperatorReadable()
  async show(@Param('id') id: string): Promise<RefusedDetail> {
    return this.found(id);
  }

  /** Books the stored body through the normal write path; twice books once (a replay, or the resolution as it stands). */
  @Post(':id/resubmit')
  @HttpCode(HttpStatus.OK)
  async resubmit(@Param('id') id: string): Promise<{ entry: RefusedDetail } & Partial<BookingAttempt>> {
    const stored = UUID.test(id) ? await this.refused.stored(this.role, id) : undefined;
    if (!stored) throw processDataProblem('REFUSED.NOT_FOUND', `No refused message ${id} is kept for role ${this.role}.`);
    if (stored.state === 'dismissed') throw processDataProblem('REFUSED.DISMISSED', `Refused message ${id} was dismissed; it is not booked.`);
    const attempt = await this.quarantine.attempt(stored, 'resubmit');
    return { ...attempt, entry: await this.found(id) };
  }

  @Post(':id/dismiss')
  @HttpCode(HttpStatus.OK)
  async dismiss(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal): Promise<RefusedDetail> {
    const reason = (body as { reason?: unknown } | null)?.reason;
    if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > 2000) {
      throw processDataProblem('REQUEST.VALIDATION_FAILED', 'A dismissal needs a reason.', { errors: [{ pointer: '#/reason', message: 'must be a non-empty string of at most 2000 characters' }] });
    }
    const entry = await this.found(id);
    if (entry.state === 'resolved') throw processDataProblem('REFUSED.RESOLVED', `Refused message ${id} is already booked (${entry.resolvedBusinessKey}, revision ${entry.resolvedRevision}).`);
    if (entry.state === 'open') await this.refused.dismiss(id, reason.trim(), principal?.subject ?? null);
    return this.found(id);
  }

  private async found(id: string): Promise<RefusedDetail> {
    const entry = UUID.test(id) ? await this.refused.detail(this.role, id) : undefined;
    if (!entry) throw processDataProblem('REFUSED.NOT_FOUND', `No refused message ${id} is kept for role ${this.role}.`);
    return entry;
  }
}

function invalid(parameter: string, message: string) {
  return processDataProblem('REFUSED.INVALID_PARAMETER', `The query parameter ${parameter} ${message}.`, { errors: [{ pointer: `#/query/${parameter}`, message }] });
}

function text(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(name, 'must be given once');
  return value;
}

function choice<T extends string>(query: Record<string, unknown>, name: string, values: readonly T[]): T | undefined {
  const value = text(query, name);
  if (value !== undefined && !values.includes(value as T)) throw invalid(name, `must be one of ${values.join(', ')}`);
  return value as T | undefined;
}

function matching(query: Record<string, unknown>, name: string, pattern: RegExp, what: string): string | undefined {
  const value = text(query, name);
  if (value !== undefined && !pattern.test(value)) throw invalid(name, `must be ${what}`);
  return value;
}

function dateTime(query: Record<string, unknown>, name: string): Date | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) throw invalid(name, 'must be an RFC 3339 date-time');
  return date;
}

// Not decodeCursor(['timestamp', 'uuid']): cursors handed out before they carried microseconds held toISOString(), and
// were always read leniently (any date the Date constructor takes, no length cap); still accepted.
function cursorOf(value: unknown): readonly [string, string] | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(String(value), 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && !Number.isNaN(new Date(at).getTime()) && typeof id === 'string' && UUID.test(id)) return [at, id];
  } catch {
    // answered below
  }
  throw invalid('cursor', 'must be the nextCursor of an earlier page');
}
