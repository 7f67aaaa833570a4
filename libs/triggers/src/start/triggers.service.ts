import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL, unstorableTextError } from '@maco/database';
import {
  type MarketRole,
  missingTriggerFields,
  receiveBody,
  releaseInForceAt,
  type ReleaseName,
  RELEASES,
  type TriggerEvent,
  triggerEvent,
} from '@maco/domain';
import {
  ProblemError,
  type ProblemFieldError,
  type RequestFacts,
  SERVICE_CONFIG,
  SERVICE_ROLE,
  type ServiceConfig,
} from '@maco/platform';
import { inTransaction } from '@maco/process-store';
import { TriggerDeliverer } from '../delivery/trigger-deliverer';
import { TriggerMetrics, type TriggerOutcome } from '../metrics/trigger-metrics';
import { TriggerOutboxRepository } from '../outbox/trigger-outbox.repository';
import { TRIGGERS_CONFIG, type TriggersConfig } from '../triggers.config';
import { TRIGGER_LOG_FIELDS } from '../triggers.log-fields';
import { triggerProblem } from '../triggers.problems';
import { sentProzessIdOf } from './sent-prozess-id';
import { answerOf, outcomeOfProblem, type TriggerAnswer } from './trigger-answer';
import { TriggerProcessRepository } from './trigger-process.repository';
import { checkTriggerRequest, marktlokationsIdsOf, outgoingTriggerBody, targetBusinessKeyOf } from './trigger-request';
import { FORMAT_VERSION } from './trigger-route';

/** Request header that names the release whose event catalogue applies (`04/26` or `FV2604`). */
export const FORMAT_VERSION_HEADER = 'x-format-version';

export interface TriggerContext {
  /** The `X-Format-Version` header, when sent. */
  formatVersion?: unknown;
  tokenSubject?: string;
  requestId: string;
  /** The body's JSON text as received: spares walking a body that cannot hold unstorable text. */
  jsonText?: string;
  facts?: RequestFacts;
}

/**
 * Starts processes at the middleware: checks a trigger against the event catalogue of the release, books it (process
 * record, revision 1 `trigger`, outbox row) in one transaction, then makes the first delivery attempt itself and
 * answers with what became of it. Undelivered triggers are the worker's from then on. A prozessId sent again with
 * the same body is answered from what is stored; nothing is sent twice. A body in the vendor's English dialect is read
 * and booked in the canonical German form (an English retry is the same trigger); the middleware receives the trigger
 * in the service's dialect (`MacoInboundClient`).
 */
@Injectable()
export class TriggersService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(TRIGGERS_CONFIG) private readonly triggersConfig: TriggersConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly processes: TriggerProcessRepository,
    private readonly outbox: TriggerOutboxRepository,
    private readonly deliverer: TriggerDeliverer,
    private readonly metrics: TriggerMetrics,
  ) {}

  async trigger(eventname: string, body: unknown, context: TriggerContext): Promise<TriggerAnswer> {
    TRIGGER_LOG_FIELDS.note(context.facts, { eventname, prozessId: sentProzessIdOf(body) });
    let result: { outcome: TriggerOutcome; answer: TriggerAnswer | ProblemError };
    try {
      result = await this.start(eventname, body, context);
    } catch (error) {
      if (error instanceof ProblemError) this.metrics.trigger(eventname, outcomeOfProblem(error));
      throw error;
    }
    this.metrics.trigger(eventname, result.outcome);
    if (result.answer instanceof ProblemError) throw result.answer;
    return result.answer;
  }

  private async start(
    eventname: string,
    body: unknown,
    context: TriggerContext,
  ): Promise<{ outcome: TriggerOutcome; answer: TriggerAnswer | ProblemError }> {
    if (!this.triggersConfig.macoApp) {
      throw triggerProblem(
        'TRIGGER.NO_MIDDLEWARE',
        'This service has no middleware configured (MACO_APP_URL): it cannot send triggers.',
      );
    }
    const unstorable = unstorableTextError(body, context.jsonText);
    if (unstorable) throw unstorable;
    // English is checked and booked in the canonical German form; refusals point into the body as received.
    const received = receiveBody(body);
    if (!received.ok) throw validationFailed(received.errors);
    const check = checkTriggerRequest(received.canonical, eventname);
    if (!check.ok)
      throw validationFailed(check.errors.map((error) => ({ ...error, pointer: received.pointerOf(error.pointer) })));
    const release = this.releaseOf(context.formatVersion);
    const event = this.eventOf(release, eventname);
    const missing = missingTriggerFields(event, check.request.body);
    if (missing.length > 0) {
      const count = missing.length === 1 ? '1 field' : `${missing.length} fields`;
      throw triggerProblem(
        'TRIGGER.MANDATORY_FIELDS_MISSING',
        `${eventname} (release ${release}) requires ${count} the body lacks.`,
        {
          release,
          errors: missing.map((pointer) => ({
            pointer: received.pointerOf(pointer),
            message: `required by ${eventname} (${release})`,
          })),
        },
      );
    }

    const prozessId = check.request.prozessId ?? randomUUID();
    TRIGGER_LOG_FIELDS.note(context.facts, { prozessId });
    const outgoing = outgoingTriggerBody(check.request, prozessId, eventname);
    const leaseToken = randomUUID();
    const booking = await inTransaction(this.pool, async (client) => {
      const outcome = await this.processes.insertTriggerProcess(client, {
        role: this.role,
        prozessId,
        release,
        bodyJson: JSON.stringify(outgoing),
        marktlokationsIds: marktlokationsIdsOf(check.request),
        targetBusinessKey: targetBusinessKeyOf(check.request.body),
        stammdaten: outgoing.stammdaten,
        transaktionsdaten: outgoing.transaktionsdaten,
        tokenSubject: context.tokenSubject ?? null,
        requestId: context.requestId,
      });
      if (outcome.kind === 'booked') {
        await this.outbox.enqueue(client, {
          recordId: outcome.recordId,
          role: this.role,
          eventname,
          leaseToken,
          leaseMs: this.deliverer.leaseMs,
        });
      }
      return outcome;
    });
    if (booking.kind === 'conflict') {
      throw triggerProblem(
        'TRIGGER.PROZESS_ID_CONFLICT',
        `prozessId ${prozessId} is already used for role ${this.role}: by another process, or by this trigger with a different body.`,
        { prozessId },
      );
    }
    if (booking.kind === 'replayed') return { outcome: 'replayed', answer: await this.storedAnswer(booking.recordId) };
    const attempt = await this.deliverer.attempt({
      recordId: booking.recordId,
      prozessId,
      eventname,
      release,
      attempts: 0,
      body: outgoing,
      leaseToken,
    });
    if (attempt.kind === 'taken-over') {
      const answer = await this.storedAnswer(booking.recordId);
      return { outcome: answer instanceof ProblemError ? outcomeOfProblem(answer) : answer.status, answer };
    }
    return { outcome: attempt.kind, answer: answerOf(attempt, prozessId, eventname) };
  }

  /** The header's release, else the one in force now, else (before the first) the deployment's default. */
  private releaseOf(header: unknown): ReleaseName {
    if (header === undefined) return releaseInForceAt(new Date()) ?? this.config.defaultRelease;
    const named = typeof header === 'string' ? FORMAT_VERSION.parse(header) : undefined;
    if (named) return named;
    throw triggerProblem(
      'REQUEST.UNKNOWN_RELEASE',
      `The ${FORMAT_VERSION_HEADER} header must name a release: ${RELEASES.map((r) => `${r.name} or ${r.formatVersion}`).join(', ')}.`,
    );
  }

  private eventOf(release: ReleaseName, eventname: string): TriggerEvent {
    const event = triggerEvent(release, this.role, eventname);
    if (event) return event;
    throw triggerProblem(
      'TRIGGER.UNKNOWN_EVENT',
      `Role ${this.role} has no trigger event ${eventname} in release ${release}.`,
      { release },
    );
  }

  /** What a trigger booked before is answered with now: its status, and why it failed if it did. */
  private async storedAnswer(recordId: string): Promise<TriggerAnswer | ProblemError> {
    const stored = await this.processes.findTriggerProcess(recordId);
    if (!stored) throw new Error(`trigger process ${recordId} vanished`);
    const { prozessId, eventname } = stored;
    if (stored.status === 'sent')
      return { prozessId, businessKey: stored.triggerBusinessKey, eventname, status: 'sent' };
    if (stored.status !== 'failed') return { prozessId, eventname, status: 'pending' };
    const delivery = await this.outbox.findDelivery(recordId);
    if (delivery?.errorCode)
      return answerOf(
        { kind: 'rejected', errorCode: delivery.errorCode, message: delivery.errorMessage ?? '' },
        prozessId,
        eventname,
      );
    return answerOf({ kind: 'failed', reason: delivery?.lastError ?? 'unknown' }, prozessId, eventname);
  }
}

function validationFailed(errors: ProblemFieldError[]): ProblemError {
  return triggerProblem(
    'REQUEST.VALIDATION_FAILED',
    `${errors.length} field${errors.length === 1 ? '' : 's'} of the body failed validation.`,
    { errors },
  );
}
