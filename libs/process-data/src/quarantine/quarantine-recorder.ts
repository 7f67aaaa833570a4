import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { type Principal, TokenAuthenticator } from '@maco/auth';
import {
  type AnswerWithheld,
  isDatabaseUnavailable,
  METRICS_REGISTRY,
  type ProblemDetails,
  type ProblemError,
  type RefusalAnswer,
  type RefusalRecorder,
  RefusalRecorders,
  SERVICE_ROLE,
  withholdAnswer,
} from '@maco/platform';
import { OPERATION_OF_WRITE_ROUTE } from '../booking/booking-routes';
import { pruefidentifikatorOf } from '../booking/process-data-envelope';
import { keysOf, parsedBody, textOf } from '../booking/write-keys';
import { BookingJournal } from '../journal/booking-journal';
import { commandOf, pathOf, type ReceivedWrite, receivedWriteOf } from '../journal/received-write';
import { processDataProblem } from '../process-data.problems';
import type { RefusedOperation } from '../process-data-api';
import { QuarantineService } from './quarantine.service';
import { QuarantineQuota } from './quarantine-quota';
import { RefusedMessageRepository } from './refused-message.repository';

/**
 * Answers that are no refusal of an authenticated write: the caller is not allowed, or named no route. A 401 is kept
 * only for a correctly signed token refused all the same (its lifetime, say): the middleware's own write.
 */
const NOT_KEPT = new Set([403, 404, 405]);
const UNKNOWN_KEYS = 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN';
const LABEL = /^[A-Z_.]{1,64}$/;

/**
 * Keeps every refusal of `createProcessData` / `updateProcessData` after authentication — also bodies that did not
 * parse — verbatim in the quarantine before the answer goes out: the middleware never retries a refused write.
 * `maco_refused_total{role, operation, code}` counts them; each gets a log line with its quarantine id.
 */
@Injectable()
export class QuarantineRecorder implements RefusalRecorder, OnModuleInit {
  private readonly logger = new Logger('Quarantine');
  private readonly refusedTotal: Counter<'role' | 'operation' | 'code'>;

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    @Inject(METRICS_REGISTRY) registry: Registry,
    private readonly recorders: RefusalRecorders,
    private readonly refused: RefusedMessageRepository,
    private readonly authenticator: TokenAuthenticator,
    private readonly quarantine: QuarantineService,
    private readonly quota: QuarantineQuota,
    private readonly journal: BookingJournal,
  ) {
    this.refusedTotal = new Counter({
      name: 'maco_refused_total',
      help: 'Writes refused after authentication and kept in the quarantine, by market role, operation and problem code (REFUSED.QUARANTINE_FULL: refused and not kept, the quota being full).',
      labelNames: ['role', 'operation', 'code'],
      registers: [registry],
    });
  }

  onModuleInit(): void {
    this.recorders.register(this);
  }

  covers(request: FastifyRequest): boolean {
    return request.method === 'POST' && operationOf(request) !== undefined;
  }

  async record(
    request: FastifyRequest,
    { status, problem }: RefusalAnswer,
  ): Promise<ProblemError | AnswerWithheld | void> {
    if (NOT_KEPT.has(status)) return;
    let write: ReceivedWrite | undefined;
    try {
      const principal =
        (request as FastifyRequest & { user?: Principal }).user ?? (await this.callerOf(request, status));
      if (!principal?.roles.includes(this.role as Principal['roles'][number])) return;
      write = {
        ...receivedWriteOf(operationOf(request) as RefusedOperation, request),
        tokenSubject: principal.subject ?? null,
      };
      return await this.keep(write, parsedBody(request.body), status, problem);
    } catch (error) {
      if (write && isDatabaseUnavailable(error)) return this.journalInstead(request, write, status, problem);
      // The answer goes out all the same; the log line is then the only trace of the message.
      this.logger.error(
        { requestId: request.id, err: error, status, code: problem['code'] },
        'a refused write could not be kept in quarantine',
      );
    }
  }

  /**
   * Keeps a refused write in the quarantine (also one the write journal kept while the database was away); throws when
   * the database cannot take it. Answers the problem to send instead when the quota leaves no room.
   */
  async keep(
    write: ReceivedWrite,
    parsed: Record<string, unknown> | undefined,
    status: number,
    problem: ProblemDetails,
  ): Promise<ProblemError | void> {
    const { body, operation } = write;
    if (!(await this.quota.admit(body.length))) return this.quarantineFull(write, status, problem);
    let reserved = body.length;
    try {
      // A MaloIdent answer's refusal carries the problem it stands for as errorCode.
      const code = String(
        problem['code'] === 'MALO_IDENT.REFUSED' && problem['errorCode'] ? problem['errorCode'] : problem['code'],
      );
      const id = await this.refused.insert({
        role: this.role,
        operation,
        path: pathOf(write),
        command: textOf(commandOf(write)),
        contentType: textOf(write.contentType),
        requestId: write.requestId,
        tokenSubject: write.tokenSubject,
        body,
        status,
        code,
        problem,
        pruefidentifikator: textOf(pruefidentifikatorOf(parsed)),
        keys: operation === 'update' ? keysOf(parsed) : [],
      });
      this.quota.stored(reserved);
      reserved = 0;
      this.refusedTotal.inc({ role: this.role, operation, code: LABEL.test(code) ? code : 'other' });
      this.logger.warn(
        { requestId: write.requestId, refusedId: id, status, code },
        `refused ${operation} kept in quarantine as ${id}`,
      );
      if (code === UNKNOWN_KEYS) this.quarantine.noteWaiting();
    } finally {
      this.quota.release(reserved);
    }
  }

  /** The database is away: the refusal waits in the write journal; when that cannot take it, the caller retries. */
  private async journalInstead(
    request: FastifyRequest,
    write: ReceivedWrite,
    status: number,
    problem: ProblemDetails,
  ): Promise<AnswerWithheld | void> {
    try {
      await this.journal.keepRefusal(write, status, problem);
    } catch (error) {
      this.logger.error(
        { requestId: request.id, err: error, status, code: problem['code'] },
        'a refused write could be kept neither in quarantine nor in the write journal: its connection is closed',
      );
      return withholdAnswer(request, 'the refused write could not be kept');
    }
  }

  /**
   * Who sent a request refused before the guards ran: its principal; for a 401, whom its signed token names — only
   * where the body gate let such a token's body be read (anyone else's 401 costs no second verification).
   */
  private async callerOf(request: FastifyRequest, status: number): Promise<Principal | undefined> {
    if (status === 401 && request.refusedBeforeParsing?.code !== 'AUTH.UNAUTHENTICATED') return undefined;
    const { principal, signedFor } = await this.authenticator.authenticate(request);
    return principal ?? (status === 401 ? signedFor : undefined);
  }

  /** The answer to a refusal the quota leaves no room for: 503, never a silent drop. */
  private quarantineFull(write: ReceivedWrite, status: number, problem: ProblemDetails): ProblemError {
    const refusedCode = problem['code'];
    const bytes = write.body.length;
    this.refusedTotal.inc({ role: this.role, operation: write.operation, code: 'REFUSED.QUARANTINE_FULL' });
    this.logger.error(
      { requestId: write.requestId, status, code: refusedCode, bytes, quarantineBytes: this.quota.used },
      'the quarantine is full: a refused write could not be kept, answered 503',
    );
    return processDataProblem(
      'REFUSED.QUARANTINE_FULL',
      `The refused write (${bytes} bytes, answered ${String(refusedCode)}) could not be kept: the quarantine of ${this.role} holds ${this.quota.used} of its ${this.quota.limit} bytes (QUARANTINE_MAX_BYTES) in open entries. Resolve or dismiss them, or raise the quota.`,
      { refusedCode },
    );
  }
}

function operationOf(request: FastifyRequest): RefusedOperation | undefined {
  const route = request.routeOptions?.url;
  return route !== undefined && Object.hasOwn(OPERATION_OF_WRITE_ROUTE, route)
    ? OPERATION_OF_WRITE_ROUTE[route]
    : undefined;
}
