import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from '@maco/platform';
import { inTransaction } from '@maco/process-store';
import { TriggerMetrics } from '../metrics/trigger-metrics';
import { MacoInboundClient } from '../middleware/maco-inbound.client';
import { type ClaimedDelivery, TriggerOutboxRepository } from '../outbox/trigger-outbox.repository';
import { TriggerProcessRepository } from '../start/trigger-process.repository';
import { TRIGGERS_CONFIG, type TriggersConfig } from '../triggers.config';
import { retryDelayMs } from './retry-delay';
import { triggerDeadlineAnswer } from './trigger-deadline-answer';

/** What one attempt left the trigger in. */
export type AttemptOutcome =
  | { kind: 'sent'; businessKey: string | null }
  | { kind: 'rejected'; errorCode: string; message: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'pending'; reason: string }
  /** The lease ran out and another instance took the delivery over: what it records stands. */
  | { kind: 'taken-over' };

// Room beyond the HTTP calls for the database work of an attempt.
const LEASE_MARGIN_MS = 10_000;

/**
 * Makes one delivery attempt of a trigger whose lease the caller holds (the booking request for the first attempt,
 * the worker for the others) and records its outcome: sent (with the middleware's business key), rejected or
 * refused (failed), or scheduled again with backoff until the attempts are spent.
 */
@Injectable()
export class TriggerDeliverer {
  private readonly logger = new Logger(TriggerDeliverer.name);

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(TRIGGERS_CONFIG) private readonly config: TriggersConfig,
    private readonly inbound: MacoInboundClient,
    private readonly outbox: TriggerOutboxRepository,
    private readonly processes: TriggerProcessRepository,
    private readonly metrics: TriggerMetrics,
  ) {}

  /** How long a lease must last for one attempt: a token, the trigger, and after a 401 both again. */
  get leaseMs(): number {
    return 4 * (this.config.macoApp?.timeoutMs ?? 0) + LEASE_MARGIN_MS;
  }

  async attempt(claim: ClaimedDelivery): Promise<AttemptOutcome> {
    const result = await this.inbound.send(claim.body);
    const attempt = claim.attempts + 1;
    const which = `trigger ${claim.prozessId} (${claim.eventname})`;
    switch (result.kind) {
      case 'accepted': {
        let keyRecorded = true;
        const recorded = await inTransaction(this.pool, async (client) => {
          if (!(await this.outbox.markDelivered(client, claim.recordId, claim.leaseToken))) return false;
          keyRecorded = await this.processes.markTriggerSent(client, claim.recordId, result.businessKey);
          // Accepted is sent, as far as the backend can know: an answer it carries meets its deadline now.
          const answer = triggerDeadlineAnswer(this.role, claim.release, claim.eventname, claim.body);
          if (answer) await this.processes.recordTriggerAnswer(client, claim.recordId, answer);
          return true;
        });
        if (!recorded) return this.takenOver(which);
        if (!keyRecorded)
          this.logger.warn(
            `${which}: the middleware's business key already belongs to another process; not recorded for this one`,
          );
        if (attempt > 1) this.logger.log(`${which} delivered at attempt ${attempt}`);
        this.metrics.delivery('delivered');
        return { kind: 'sent', businessKey: result.businessKey };
      }
      case 'rejected': {
        const failure = {
          lastError: `rejected by the middleware (${result.errorCode})`,
          errorCode: result.errorCode,
          errorMessage: result.message,
        };
        if (!(await this.fail(claim, failure))) return this.takenOver(which);
        this.logger.warn(`${which} ${failure.lastError}`);
        this.metrics.delivery('rejected');
        return { kind: 'rejected', errorCode: result.errorCode, message: result.message };
      }
      case 'refused':
        return this.giveUp(claim, which, result.reason);
      case 'unavailable': {
        const { maxAttempts } = this.config.delivery;
        if (attempt >= maxAttempts)
          return this.giveUp(
            claim,
            which,
            `${result.reason}; gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
          );
        const delayMs = retryDelayMs(attempt, this.config.delivery);
        if (!(await this.outbox.scheduleRetry(claim.recordId, claim.leaseToken, delayMs, result.reason)))
          return this.takenOver(which);
        this.logger.warn(
          `${which} not delivered: ${result.reason}; attempt ${attempt} of ${maxAttempts}, next in ${delayMs < 1000 ? `${delayMs} ms` : `${Math.round(delayMs / 1000)} s`}`,
        );
        this.metrics.delivery('retry');
        return { kind: 'pending', reason: result.reason };
      }
    }
  }

  private async giveUp(claim: ClaimedDelivery, which: string, reason: string): Promise<AttemptOutcome> {
    if (!(await this.fail(claim, { lastError: reason }))) return this.takenOver(which);
    this.logger.error(`${which} failed: ${reason}`);
    this.metrics.delivery('failed');
    return { kind: 'failed', reason };
  }

  private fail(
    claim: ClaimedDelivery,
    failure: { lastError: string; errorCode?: string; errorMessage?: string },
  ): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      if (!(await this.outbox.markFailed(client, claim.recordId, claim.leaseToken, failure))) return false;
      await this.processes.markTriggerFailed(client, claim.recordId);
      return true;
    });
  }

  private takenOver(which: string): AttemptOutcome {
    this.logger.warn(
      `${which}: lease ran out before the outcome was recorded; another instance took the delivery over`,
    );
    return { kind: 'taken-over' };
  }
}
