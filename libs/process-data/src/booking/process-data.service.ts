import { Inject, Injectable } from '@nestjs/common';
import { type MarketRole, type ProcessOperation, validateMaloIdentAnswer } from '@maco/domain';
import { ProblemError, SERVICE_CONFIG, SERVICE_ROLE, type ServiceConfig } from '@maco/platform';
import { ProcessRecordRepository } from '@maco/process-store';
import { BookingMetrics } from '../metrics/booking-metrics';
import { PROCESS_DATA_CONFIG, type ProcessDataConfig } from '../process-data.config';
import { PROCESS_DATA_LOG_FIELDS } from '../process-data.log-fields';
import { processDataProblem } from '../process-data.problems';
import type {
  BookingReceipt,
  JournaledMaloIdentReceipt,
  JournaledReceipt,
  MaloIdentReceipt,
} from '../process-data-api';
import { type AcceptancePolicy, acceptBody, type AcceptedBody, type BodyValidator } from './body-acceptance';
import type { BookedListener, BookingContext } from './booking-context';
import { canonicalJson, derivedBusinessKey, sha256 } from './canonical-body';
import { isMaloIdentAnswer, maloIdentMessage, maloIdentRefusal, unwrapData } from './malo-ident-answer';
import { businessKeyOf, marktlokationsIdsOf, pruefidentifikatorOf } from './process-data-envelope';
import { type AppendedRevision, appendRevision, updateReceipt } from './revision-append';
import { revisionFacts } from './revision-facts';
import { refusingUnstorableNumbers } from './unstorable-numbers';
import { requestKeyOf, updateKeysOf } from './update-keys';

/** Books process data of this service's market role: creates records and appends updates, idempotently. */
@Injectable()
export class ProcessDataService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(PROCESS_DATA_CONFIG) private readonly groupConfig: ProcessDataConfig,
    private readonly records: ProcessRecordRepository,
    private readonly bookingMetrics: BookingMetrics,
  ) {}

  private readonly bookedListeners: BookedListener[] = [];

  /** Called after every booking with the keys it brought (the quarantine books what waited for one of them). */
  onBooked(listener: BookedListener): void {
    this.bookedListeners.push(listener);
  }

  private booked(keys: readonly (string | null | undefined)[]): void {
    for (const listener of this.bookedListeners) listener(keys);
  }

  async create(body: unknown, context: BookingContext): Promise<BookingReceipt> {
    // Before validation, so a refused body's log line and metric carry its PI too.
    const pruefidentifikator = pruefidentifikatorOf(body);
    PROCESS_DATA_LOG_FIELDS.note(context.facts, {
      operation: 'create',
      pruefidentifikator,
      businessKey: businessKeyOf(body),
    });
    const accepted = this.accept('create', body, context);
    const { envelope, release, findings } = accepted;
    const bodyJson = context.jsonText ?? JSON.stringify(envelope);
    const givenKey = envelope.zusatzdaten?.businessKey;
    const businessKey = this.createKeyOf(accepted);
    // The stored body is the state unless the key was derived or a container was read as `{}`.
    const currentJson =
      givenKey && envelope === body
        ? null
        : JSON.stringify({ ...envelope, zusatzdaten: { ...envelope.zusatzdaten, businessKey } });

    const outcome = await refusingUnstorableNumbers(bodyJson, () =>
      this.records.insertRecord({
        ...revisionFacts(this.role, businessKey, bodyJson, accepted, context),
        prozessId: envelope.zusatzdaten?.prozessId ?? null,
        marktlokationsIds: marktlokationsIdsOf(envelope),
        currentJson,
        stammdaten: envelope.stammdaten,
        transaktionsdaten: envelope.transaktionsdaten,
      }),
    );
    if (outcome.kind !== 'conflict') {
      if (outcome.kind === 'booked') this.booked([businessKey, envelope.zusatzdaten?.prozessId]);
      PROCESS_DATA_LOG_FIELDS.note(context.facts, { businessKey });
      this.bookingMetrics.record(
        { role: this.role, operation: 'create', pruefidentifikator, outcome: outcome.kind },
        context.facts,
      );
      return { businessKey, revision: 1, replayed: outcome.kind === 'replayed', release, findings };
    }
    throw processDataProblem(
      'PROCESS_DATA.BUSINESS_KEY_CONFLICT',
      `Business key ${businessKey} is already booked for role ${this.role} with a different body.`,
      { businessKey },
    );
  }

  async update(body: unknown, context: BookingContext): Promise<BookingReceipt> {
    const pruefidentifikator = pruefidentifikatorOf(body);
    PROCESS_DATA_LOG_FIELDS.note(context.facts, {
      operation: 'update',
      pruefidentifikator,
      businessKey: businessKeyOf(body),
    });
    const accepted = this.accept('update', body, context);
    // Acceptance guarantees a key; without its own businessKey the update answers the key that names its process.
    const businessKey = requestKeyOf(updateKeysOf(accepted.envelope.zusatzdaten ?? {}));
    const outcome = await this.appendRevision(accepted, context);
    this.bookingMetrics.record(
      { role: this.role, operation: 'update', pruefidentifikator, outcome: outcome.kind },
      context.facts,
    );
    return updateReceipt(businessKey, outcome, accepted.release, accepted.findings);
  }

  /**
   * What a write kept in the journal is answered: the body judged as its booking would (a refusal is thrown), the key
   * it will be booked under, nothing stored.
   */
  journaledReceipt(operation: ProcessOperation, body: unknown, context: BookingContext): JournaledReceipt {
    const accepted = this.accept(operation, body, context);
    const businessKey =
      operation === 'create'
        ? this.createKeyOf(accepted)
        : requestKeyOf(updateKeysOf(accepted.envelope.zusatzdaten ?? {}));
    this.bookingMetrics.record(
      { role: this.role, operation, pruefidentifikator: pruefidentifikatorOf(body), outcome: 'journaled' },
      context.facts,
    );
    PROCESS_DATA_LOG_FIELDS.note(context.facts, { businessKey });
    return { journaled: true, businessKey, release: accepted.release, findings: accepted.findings };
  }

  /** {@link journaledReceipt} of a MaloIdent answer, refused as its contract wants. */
  journaledMaloIdentReceipt(body: unknown, context: BookingContext): JournaledMaloIdentReceipt {
    const answer = unwrapData(body);
    try {
      const accepted = this.accept('update', answer, context, validateMaloIdentAnswer);
      const businessKey = requestKeyOf(updateKeysOf(accepted.envelope.zusatzdaten ?? {}));
      this.bookingMetrics.record(
        {
          role: this.role,
          operation: 'update',
          pruefidentifikator: pruefidentifikatorOf(answer),
          outcome: 'journaled',
        },
        context.facts,
      );
      return {
        message: maloIdentMessage(false),
        journaled: true,
        businessKey,
        release: accepted.release,
        findings: accepted.findings,
      };
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      throw maloIdentRefusal(error);
    }
  }

  /** A create's key: the one sent, else derived from role and canonical body (only then is the hash computed). */
  private createKeyOf({ envelope }: AcceptedBody): string {
    return envelope.zusatzdaten?.businessKey ?? derivedBusinessKey(this.role, sha256(canonicalJson(envelope)));
  }

  /** Whether an update body is a MaloIdent answer (LF only: PI 03002/03003, also inside a `data` wrapper). */
  isMaloIdentAnswer(body: unknown): boolean {
    return isMaloIdentAnswer(this.role, body);
  }

  /**
   * Books a MaloIdent answer as a revision of the process its `START_MALOIDENT` trigger created, resolved like any
   * update. The body is stored as received (a `data` wrapper included) and validated without it. Every refusal is the
   * group's 400 with `errorCode` (the problem it stands for) and `message`.
   */
  async answerMaloIdent(body: unknown, context: BookingContext): Promise<MaloIdentReceipt> {
    const answer = unwrapData(body);
    const pruefidentifikator = pruefidentifikatorOf(answer);
    PROCESS_DATA_LOG_FIELDS.note(context.facts, { operation: 'update', pruefidentifikator });
    try {
      const accepted = this.accept('update', answer, context, validateMaloIdentAnswer);
      const outcome = await this.appendRevision(accepted, {
        ...context,
        jsonText: context.jsonText ?? JSON.stringify(body),
      });
      PROCESS_DATA_LOG_FIELDS.note(context.facts, { businessKey: outcome.businessKey });
      this.bookingMetrics.record(
        { role: this.role, operation: 'update', pruefidentifikator, outcome: outcome.kind },
        context.facts,
      );
      return {
        message: maloIdentMessage(outcome.kind === 'replayed'),
        // The answer names no process of its own: its receipt names the process it was booked on.
        ...updateReceipt(outcome.businessKey, outcome, accepted.release, accepted.findings),
      };
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      throw maloIdentRefusal(error);
    }
  }

  /** Appends the update's revision; a booking tells the resolution metric and the listeners of the keys it brought. */
  private async appendRevision(accepted: AcceptedBody, context: BookingContext): Promise<AppendedRevision> {
    const { outcome, keys } = await appendRevision(this.records, this.role, accepted, context);
    if (outcome.kind === 'booked') {
      this.bookingMetrics.recordResolution(outcome.matchedBy);
      this.booked([...Object.values(keys), outcome.businessKey]);
    }
    PROCESS_DATA_LOG_FIELDS.note(context.facts, { matchedBy: outcome.matchedBy });
    return outcome;
  }

  private accept(
    operation: ProcessOperation,
    body: unknown,
    context: BookingContext,
    validate?: BodyValidator,
  ): AcceptedBody {
    const policy: AcceptancePolicy = {
      role: this.role,
      ahbRuleMode: this.groupConfig.ahbRuleMode,
      defaultRelease: this.config.defaultRelease,
    };
    return acceptBody(operation, body, context, policy, validate);
  }
}
