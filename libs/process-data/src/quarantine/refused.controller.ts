import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import {
  bodyCheck,
  encodeCursor,
  type Page,
  type ProblemFieldError,
  readQuery,
  Route,
  SERVICE_ROLE,
} from '@maco/platform';
import { processDataProblem } from '../process-data.problems';
import type { QuarantineUsage, RefusedDetail, RefusedSummary, ResubmitAnswer } from '../process-data-api';
import { QuarantineService } from './quarantine.service';
import { QuarantineQuota } from './quarantine-quota';
import {
  DISMISSAL,
  REFUSED_DISMISS_ROUTE,
  REFUSED_ENTRY_ROUTE,
  REFUSED_LIST_ROUTE,
  REFUSED_RESUBMIT_ROUTE,
  REFUSED_USAGE_ROUTE,
} from './quarantine-routes';
import { RefusedMessageRepository } from './refused-message.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const checkDismissal = bodyCheck(DISMISSAL);

/** The quarantine for operators: what the write routes refused, to read, book again (resubmit) or dismiss. */
@Controller()
export class RefusedController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    private readonly refused: RefusedMessageRepository,
    private readonly quarantine: QuarantineService,
    private readonly quota: QuarantineQuota,
  ) {}

  @Route(REFUSED_USAGE_ROUTE)
  async usage(): Promise<QuarantineUsage> {
    return this.quota.usage();
  }

  @Route(REFUSED_LIST_ROUTE)
  async list(@Query() query: Record<string, unknown>): Promise<Page<RefusedSummary>> {
    const { values, errors } = readQuery(REFUSED_LIST_ROUTE.query, query);
    if (errors.length > 0) throw invalidParameters(errors);
    const { limit, cursor, ...filter } = values;
    const { rows, more, last } = await this.refused.page(this.role, filter, limit, cursor);
    return { items: rows, nextCursor: more && last ? encodeCursor(last) : null };
  }

  @Route(REFUSED_ENTRY_ROUTE)
  async show(@Param('id') id: string): Promise<RefusedDetail> {
    return this.found(id);
  }

  /** Books the stored body through the normal write path; twice books once (a replay, or the resolution as it stands). */
  @Route(REFUSED_RESUBMIT_ROUTE)
  async resubmit(@Param('id') id: string): Promise<ResubmitAnswer> {
    const stored = UUID.test(id) ? await this.refused.stored(this.role, id) : undefined;
    if (!stored)
      throw processDataProblem('REFUSED.NOT_FOUND', `No refused message ${id} is kept for role ${this.role}.`);
    if (stored.state === 'dismissed')
      throw processDataProblem('REFUSED.DISMISSED', `Refused message ${id} was dismissed; it is not booked.`);
    const attempt = await this.quarantine.attempt(stored, 'resubmit');
    return { ...attempt, entry: await this.found(id) };
  }

  @Route(REFUSED_DISMISS_ROUTE)
  async dismiss(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RefusedDetail> {
    const errors = checkDismissal(body);
    if (errors.length > 0)
      throw processDataProblem('REQUEST.VALIDATION_FAILED', 'A dismissal needs a reason.', { errors });
    const reason = (body as { reason: string }).reason.trim();
    const entry = await this.found(id);
    if (entry.state === 'resolved')
      throw processDataProblem(
        'REFUSED.RESOLVED',
        `Refused message ${id} is already booked (${entry.resolvedBusinessKey}, revision ${entry.resolvedRevision}).`,
      );
    if (entry.state === 'open') await this.refused.dismiss(id, reason, principal?.subject ?? null);
    return this.found(id);
  }

  private async found(id: string): Promise<RefusedDetail> {
    const entry = UUID.test(id) ? await this.refused.detail(this.role, id) : undefined;
    if (!entry)
      throw processDataProblem('REFUSED.NOT_FOUND', `No refused message ${id} is kept for role ${this.role}.`);
    return entry;
  }
}

/** Every bad query parameter at once, each at `#/query/<name>` (the quarantine's pointers). */
function invalidParameters(errors: ProblemFieldError[]) {
  const names = errors.map(({ pointer }) => pointer.slice('#/'.length));
  const detail =
    errors.length === 1
      ? `The query parameter ${names[0]} ${errors[0].message}.`
      : `${errors.length} query parameters are invalid.`;
  return processDataProblem('REFUSED.INVALID_PARAMETER', detail, {
    errors: errors.map(({ message }, index) => ({ pointer: `#/query/${names[index]}`, message })),
  });
}
