import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  parseJsonSafely,
  PLATFORM_PROBLEMS,
  PROBLEM_CATALOG,
  type ProblemCatalog,
  type ProblemDetails,
  problemDetails,
  ProblemError,
  SERVICE_ROLE,
} from '@maco/platform';
import { ProcessDataService } from '../booking/process-data.service';
import type { BookingAttempt, BookingReceipt } from '../process-data-api';
import { RefusedMessageRepository, type StoredRefusal } from './refused-message.repository';

/** How often every waiting refusal is tried again (bookings of other instances and triggers bring keys too). */
const SWEEP_INTERVAL_MS = 60_000;
/** Refusals tried per sweep, oldest first. */
const SWEEP_LIMIT = 500;

/**
 * Books what the quarantine holds through the normal write path: on an operator's resubmit, and automatically for
 * updates refused because no process had their keys yet, once a booking brings one of those keys (in arrival order).
 * The revision's request id names the quarantine entry it came from (`refused:<id>`).
 */
@Injectable()
export class QuarantineService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(QuarantineService.name);
  /** Refusals of this role waiting for a key: while 0, a booking costs nothing here. */
  private waiting = 0;
  private sweepTimer?: NodeJS.Timeout;
  /** One resolution run at a time, in arrival order; keys brought meanwhile are tried right after. */
  private running?: Promise<void>;
  private readonly pendingKeys = new Set<string>();

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    @Inject(PROBLEM_CATALOG) private readonly catalog: ProblemCatalog,
    private readonly refused: RefusedMessageRepository,
    private readonly processData: ProcessDataService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.processData.onBooked((keys) => this.broughtKeys(keys));
    this.waiting = await this.refused.waitingCount(this.role).catch(() => 0);
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.running;
  }

  /** A refusal for unknown keys was stored. */
  noteWaiting(): void {
    this.waiting += 1;
  }

  /** Tries an entry once more through the normal path (an operator's resubmit, or its keys arrived). */
  async attempt(entry: StoredRefusal, by: 'resubmit' | 'automatic'): Promise<BookingAttempt> {
    const text = entry.body.toString('utf8');
    const context = {
      command: entry.command ?? undefined,
      tokenSubject: entry.tokenSubject ?? undefined,
      requestId: `refused:${entry.id}`,
      jsonText: text,
    };
    try {
      const body = parseJsonSafely(text);
      let receipt: BookingReceipt;
      if (entry.operation === 'create') receipt = await this.processData.create(body, context);
      else if (this.processData.isMaloIdentAnswer(body))
        receipt = await this.processData.answerMaloIdent(body, context);
      else receipt = await this.processData.update(body, context);
      const resolved = await this.refused.resolve(
        entry.id,
        by,
        receipt.processBusinessKey ?? receipt.businessKey,
        receipt.revision,
      );
      if (resolved && entry.state === 'open')
        this.logger.log(
          { refusedId: entry.id, by, businessKey: receipt.businessKey, revision: receipt.revision },
          'refused write booked',
        );
      return { outcome: 'booked', receipt };
    } catch (error) {
      return { outcome: 'refused', problem: this.problemOf(error) };
    }
  }

  /** Runs once after each booking: only while refusals wait, and then only for those naming the booking's keys. */
  private broughtKeys(keys: readonly (string | null | undefined)[]): void {
    if (this.waiting === 0) return;
    for (const key of keys) if (typeof key === 'string' && key.length > 0) this.pendingKeys.add(key);
    if (this.pendingKeys.size === 0) return;
    if (!this.running) this.running = this.resolvePending().finally(() => (this.running = undefined));
  }

  private async resolvePending(): Promise<void> {
    while (this.pendingKeys.size > 0) {
      const keys = [...this.pendingKeys];
      this.pendingKeys.clear();
      await this.tryWaiting(await this.refused.waiting(this.role, SWEEP_LIMIT, keys).catch(() => []));
    }
  }

  /**
   * Tries every waiting refusal (the minute timer; and the write journal once it booked its entries, whose keys
   * refusals of other instances may be waiting for).
   */
  async sweep(): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      this.waiting = await this.refused.waitingCount(this.role).catch(() => this.waiting);
      if (this.waiting > 0) await this.tryWaiting(await this.refused.waiting(this.role, SWEEP_LIMIT).catch(() => []));
    })().finally(() => (this.running = undefined));
    await this.running;
  }

  private async tryWaiting(entries: StoredRefusal[]): Promise<void> {
    for (const entry of entries) {
      const attempt = await this.attempt(entry, 'automatic');
      if (attempt.outcome === 'booked') this.waiting = Math.max(0, this.waiting - 1);
    }
  }

  /** The problem-details body an error would have been answered with. */
  problemOf(error: unknown): ProblemDetails {
    const spec = error instanceof ProblemError ? this.catalog[error.code] : undefined;
    if (error instanceof ProblemError && spec) return problemDetails(error, spec);
    this.logger.error({ err: error }, 'booking a refused write failed');
    return problemDetails(
      new ProblemError('SERVER.INTERNAL', 'The request could not be processed.'),
      PLATFORM_PROBLEMS['SERVER.INTERNAL'],
    );
  }
}
