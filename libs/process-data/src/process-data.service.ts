import { Inject, Injectable } from '@nestjs/common';
import {
  MALO_IDENT_ANSWER_PIS,
  parseRelease,
  releaseInForceAt,
  RELEASES,
  tolerantReading,
  validateMaloIdentAnswer,
  validateProcessData,
  type FieldViolation,
  type Finding,
  type MarketRole,
  type ProcessOperation,
  type ReleaseName,
} from '@maco/domain';
import { findingsFor, isBindingFinding } from '@maco/ahb';
import { findUnstorableNumber, unstorableTextError } from '@maco/database';
import {
  commandNames,
  ProblemError,
  SERVICE_CONFIG,
  SERVICE_ROLE,
  type RequestFacts,
  type ServiceConfig,
} from '@maco/platform';
import { canonicalJson, derivedBusinessKey, sha256 } from './booking/canonical-body';
import { overlongIndexedValues } from './booking/indexed-values';
import { mergeProcessState } from './booking/merge-process-state';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessRecordRepository, type KeyField, type RevisionFacts, type UpdateKeys } from '@maco/process-store';
import type { BookingReceipt, MaloIdentReceipt } from './process-data-api';
import { PROCESS_DATA_CONFIG, type ProcessDataConfig } from './process-data.config';
import { PROCESS_DATA_LOG_FIELDS } from './process-data.log-fields';
import { processDataProblem } from './process-data.problems';

/** The `command` query parameter names the operation (the MaCo operationId). */
export const COMMAND_OF: Record<ProcessOperation, string> = {
  create: 'ERSTELLEN_PROZESSDATEN',
  update: 'AKTUALISIEREN_PROZESSDATEN',
};

/** Request header that names the release a body is to be validated against (`04/26` or `FV2604`). */
export const FORMAT_VERSION_HEADER = 'x-format-version';

export interface BookingContext {
  command: unknown;
  /** The `X-Format-Version` header, when sent. */
  formatVersion?: unknown;
  tokenSubject?: string;
  requestId: string;
  /** The body's JSON text as received: stored as is (PostgreSQL parses it into jsonb), saving a serialisation. */
  jsonText?: string;
  /** The request's facts for its log line and metrics. */
  facts?: RequestFacts;
}

interface ProcessDataBody {
  stammdaten?: Record<string, unknown>;
  transaktionsdaten: Record<string, unknown>;
  zusatzdaten?: {
    businessKey?: string | null;
    targetBusinessKey?: string | null;
    parentBusinessKey?: string | null;
    prozessId?: string | null;
    referenzProzessId?: string | null;
  };
  [member: string]: unknown;
}

/** Hears of every booking with the keys it brought (absent ones as null or undefined). */
export type BookedListener = (keys: readonly (string | null | undefined)[]) => void;

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
    const { envelope, release, findings } = this.accept('create', body, context);
    const bodyJson = context.jsonText ?? JSON.stringify(envelope);
    const givenKey = envelope.zusatzdaten?.businessKey;
    // Only a keyless create needs the canonical hash here: its key is derived from it.
    const businessKey = givenKey ?? derivedBusinessKey(this.role, sha256(canonicalJson(envelope)));
    // The stored body is the state unless the key was derived or a container was read as `{}`.
    const currentJson =
      givenKey && envelope === body
        ? null
        : JSON.stringify({ ...envelope, zusatzdaten: { ...envelope.zusatzdaten, businessKey } });

    const outcome = await refusingUnstorableNumbers(bodyJson, () =>
      this.records.insertRecord({
        ...this.revisionFacts(envelope, businessKey, bodyJson, release, findings, context),
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
    const { envelope, release, findings } = this.accept('update', body, context);
    // Acceptance guarantees a key; without its own businessKey the update answers the key that names its process.
    const businessKey = requestKeyOf(updateKeysOf(envelope.zusatzdaten ?? {}));
    const outcome = await this.appendRevision(envelope, release, findings, context);
    this.bookingMetrics.record(
      { role: this.role, operation: 'update', pruefidentifikator, outcome: outcome.kind },
      context.facts,
    );
    return updateReceipt(businessKey, outcome, release, findings);
  }

  /** Whether an update body is a MaloIdent answer (LF only: PI 03002/03003, also inside a `data` wrapper). */
  isMaloIdentAnswer(body: unknown): boolean {
    return this.role === 'LF' && MALO_IDENT_ANSWER_PIS.includes(String(pruefidentifikatorOf(unwrapData(body))));
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
      const { envelope, release, findings } = this.accept('update', answer, context, validateMaloIdentAnswer);
      const outcome = await this.appendRevision(envelope, release, findings, {
        ...context,
        jsonText: context.jsonText ?? JSON.stringify(body),
      });
      PROCESS_DATA_LOG_FIELDS.note(context.facts, { businessKey: outcome.businessKey });
      this.bookingMetrics.record(
        { role: this.role, operation: 'update', pruefidentifikator, outcome: outcome.kind },
        context.facts,
      );
      return {
        message: outcome.kind === 'replayed' ? 'MaloIdent answer was booked before' : 'MaloIdent answer booked',
        // The answer names no process of its own: its receipt names the process it was booked on.
        ...updateReceipt(outcome.businessKey, outcome, release, findings),
      };
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      throw processDataProblem('MALO_IDENT.REFUSED', error.detail, {
        ...error.extensions,
        errorCode: error.code,
        message: error.detail,
      });
    }
  }

  /** Resolves the update's process by its keys and appends the revision; unknown or ambiguous keys are refused. */
  private async appendRevision(
    envelope: ProcessDataBody,
    release: ReleaseName,
    findings: Finding[],
    context: BookingContext,
  ) {
    const zusatzdaten = envelope.zusatzdaten ?? {};
    const keys = updateKeysOf(zusatzdaten);
    const bodyJson = context.jsonText ?? JSON.stringify(envelope);
    const requestKey = requestKeyOf(keys);
    const outcome = await refusingUnstorableNumbers(bodyJson, () =>
      this.records.appendRevision(
        this.revisionFacts(envelope, requestKey, bodyJson, release, findings, context),
        (current) => {
          const next = mergeProcessState(current as never, envelope as never);
          return {
            currentJson: JSON.stringify(next),
            marktlokationsIds: marktlokationsIdsOf(next as ProcessDataBody),
            stammdaten: (next as ProcessDataBody).stammdaten,
            transaktionsdaten: (next as ProcessDataBody).transaktionsdaten,
          };
        },
        keys,
      ),
    );
    if (outcome.kind === 'unknown') {
      const named = Object.entries(keys)
        .map(([field, key]) => `${field} ${key}`)
        .join(', ');
      throw processDataProblem(
        'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
        `No process with ${named || 'any key'} is booked for role ${this.role}.`,
        {
          errors: [
            {
              pointer: `#/zusatzdaten/${keys.businessKey ? 'businessKey' : 'targetBusinessKey'}`,
              message: 'no process with this business key exists',
            },
          ],
        },
      );
    }
    if (outcome.kind === 'ambiguous') {
      const processes = [...new Set(outcome.matches.map((match) => match.processBusinessKey))];
      throw processDataProblem(
        'PROCESS_DATA.KEYS_AMBIGUOUS',
        `The request's keys name ${processes.length} different processes (${processes.join(', ')}); nothing was booked.`,
        {
          matches: outcome.matches,
          errors: outcome.matches.map(({ field, key, processBusinessKey }) => ({
            pointer: `#/zusatzdaten/${field}`,
            message: `${key} belongs to process ${processBusinessKey}`,
          })),
        },
      );
    }
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
    validate: (body: unknown) => FieldViolation[] = (candidate) => validateProcessData(this.role, operation, candidate),
  ): { envelope: ProcessDataBody; release: ReleaseName; findings: Finding[] } {
    // First: whatever else is wrong, a body jsonb cannot hold is never stored.
    const unstorable = unstorableTextError(body, context.jsonText);
    if (unstorable) throw unstorable;
    if (context.command !== undefined && !commandNames(context.command, COMMAND_OF[operation])) {
      throw processDataProblem(
        'REQUEST.COMMAND_MISMATCH',
        `The command query parameter must be ${COMMAND_OF[operation]} on this path, with or without a system prefix such as SAP_ (or absent).`,
      );
    }
    const { envelope, findings: valueFindings } = this.read(operation, body, validate);
    const release = this.releaseOf(envelope, context.formatVersion);
    const ahbFindings = findingsFor(release, this.role, operation, envelope, { receivedAt: Date.now() });
    const findings = valueFindings.length === 0 ? ahbFindings : [...valueFindings, ...ahbFindings];
    const binding = findings.filter(isBindingFinding);
    if (this.groupConfig.ahbRuleMode === 'strict' && binding.length > 0) {
      const pruefidentifikator = String(envelope.transaktionsdaten['pruefidentifikator']);
      throw processDataProblem(
        'PROCESS_DATA.MANDATORY_FIELDS_MISSING',
        binding.every((finding) => finding.code === 'missing-mandatory-field')
          ? `${binding.length} field${binding.length === 1 ? '' : 's'} mandatory for Prüfidentifikator ${pruefidentifikator} in release ${release} ${binding.length === 1 ? 'is' : 'are'} missing.`
          : `${binding.length} field${binding.length === 1 ? '' : 's'} missing or failing a binding condition of the AHB of Prüfidentifikator ${pruefidentifikator} in release ${release}.`,
        { release, errors: binding.map(({ pointer, message, code }) => ({ pointer, message, code })) },
      );
    }
    return { envelope, release, findings };
  }

  /**
   * The body as the booking reads it. Strict mode refuses every violation of the domain's types. Report mode books a
   * value that disagrees with them verbatim with an `invalid-value` finding (the middleware never retries a refused
   * write): it refuses only a body that is no JSON object, a process key of the wrong type, an update without any key,
   * and a value too long for its index.
   */
  private read(
    operation: ProcessOperation,
    body: unknown,
    validate: (body: unknown) => FieldViolation[],
  ): { envelope: ProcessDataBody; findings: Finding[] } {
    if (this.groupConfig.ahbRuleMode === 'strict' || typeof body !== 'object' || body === null || Array.isArray(body)) {
      let violations = validate(body);
      // Valid, but a key too long for its index would fail the insert: refused like any invalid field.
      if (violations.length === 0) violations = overlongIndexedValues(body as ProcessDataBody);
      if (violations.length > 0) throw validationFailed(violations);
      return { envelope: body as ProcessDataBody, findings: [] };
    }
    const { envelope, findings, refusals } = tolerantReading(body as Record<string, unknown>, validate);
    const keyless =
      operation === 'update' && Object.keys(updateKeysOf((envelope as ProcessDataBody).zusatzdaten ?? {})).length === 0;
    if (keyless)
      refusals.push({
        pointer: '#/zusatzdaten/businessKey',
        message: 'is required: an update needs a key that names its process',
      });
    refusals.push(...overlongIndexedValues(envelope));
    if (refusals.length > 0) throw validationFailed(refusals);
    return { envelope: envelope as ProcessDataBody, findings };
  }

  /** The header's release, else the one in force at `nachrichtendatum`, else the deployment's default. */
  private releaseOf(envelope: ProcessDataBody, header: unknown): ReleaseName {
    if (header !== undefined) {
      const named = typeof header === 'string' ? parseRelease(header) : undefined;
      if (!named) {
        throw processDataProblem(
          'REQUEST.UNKNOWN_RELEASE',
          `The ${FORMAT_VERSION_HEADER} header must name a release: ${RELEASES.map((r) => `${r.name} or ${r.formatVersion}`).join(', ')}.`,
        );
      }
      return named;
    }
    const nachrichtendatum = envelope.transaktionsdaten['nachrichtendatum'];
    const sent = typeof nachrichtendatum === 'string' ? new Date(nachrichtendatum) : undefined;
    return (sent && !Number.isNaN(sent.getTime()) ? releaseInForceAt(sent) : undefined) ?? this.config.defaultRelease;
  }

  /** What every revision records, create or update. */
  private revisionFacts(
    envelope: ProcessDataBody,
    businessKey: string,
    bodyJson: string,
    release: ReleaseName,
    findings: Finding[],
    context: BookingContext,
  ): RevisionFacts & { targetBusinessKey: string | null } {
    const pruefidentifikator = envelope.transaktionsdaten['pruefidentifikator'];
    return {
      role: this.role,
      businessKey,
      pruefidentifikator: typeof pruefidentifikator === 'string' ? pruefidentifikator : null,
      release,
      findingsJson: JSON.stringify(findings),
      bodyJson,
      tokenSubject: context.tokenSubject ?? null,
      requestId: context.requestId,
      targetBusinessKey: envelope.zusatzdaten?.targetBusinessKey ?? null,
    };
  }
}

// SQLSTATE of "value overflows numeric format": jsonb stores numbers as numeric, which has a finite range.
const NUMERIC_VALUE_OUT_OF_RANGE = '22003';

/**
 * Runs a booking statement; when PostgreSQL refuses the body for a number beyond numeric's range (which JSON.parse
 * turns into Infinity or 0, so no check of the parsed body can see it), answers 422 naming that number. The statement
 * failed, so nothing was written. Finding the number scans the text, which only such a rare body pays for.
 */
async function refusingUnstorableNumbers<T>(bodyJson: string, book: () => Promise<T>): Promise<T> {
  try {
    return await book();
  } catch (error) {
    const violation =
      (error as { code?: unknown } | null)?.code === NUMERIC_VALUE_OUT_OF_RANGE
        ? findUnstorableNumber(bodyJson)
        : undefined;
    if (!violation) throw error;
    throw processDataProblem('REQUEST.VALIDATION_FAILED', '1 field of the body failed validation.', {
      errors: [{ pointer: violation.pointer, message: violation.message }],
    });
  }
}

function marktlokationsIdsOf(body: ProcessDataBody): string[] {
  const marktlokationen = body.stammdaten?.['MARKTLOKATION'];
  if (!Array.isArray(marktlokationen)) return [];
  const ids = marktlokationen.map((malo) => (malo as { marktlokationsId?: unknown })?.marktlokationsId);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

function pruefidentifikatorOf(body: unknown): unknown {
  return (body as { transaktionsdaten?: { pruefidentifikator?: unknown } } | null)?.transaktionsdaten
    ?.pruefidentifikator;
}

function businessKeyOf(body: unknown): unknown {
  return (body as { zusatzdaten?: { businessKey?: unknown } } | null)?.zusatzdaten?.businessKey;
}

/** The keys an update names its process by; `referenzProzessId` (the vendor's examples) stands in for `prozessId`. */
function updateKeysOf(zusatzdaten: NonNullable<ProcessDataBody['zusatzdaten']>): UpdateKeys {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const keys: UpdateKeys = {
    businessKey: text(zusatzdaten.businessKey),
    targetBusinessKey: text(zusatzdaten.targetBusinessKey),
    parentBusinessKey: text(zusatzdaten.parentBusinessKey),
    prozessId: text(zusatzdaten.prozessId) ?? text(zusatzdaten.referenzProzessId),
  };
  return Object.fromEntries(Object.entries(keys).filter(([, key]) => key !== undefined));
}

/** The key an update's revision and receipt carry: its own businessKey, else the key that names its process. */
function requestKeyOf(keys: UpdateKeys): string {
  return keys.businessKey ?? keys.targetBusinessKey ?? keys.parentBusinessKey ?? keys.prozessId ?? '';
}

function validationFailed(violations: FieldViolation[]): ProblemError {
  return processDataProblem(
    'REQUEST.VALIDATION_FAILED',
    `${violations.length} field${violations.length === 1 ? '' : 's'} of the body failed validation.`,
    {
      errors: violations,
    },
  );
}

/** The MaloIdent group's examples wrap the body in `data`; the rules apply to what is inside. */
function unwrapData(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || 'transaktionsdaten' in body) return body;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : body;
}

/** What an update answers: the key it sent, the revision and the process it was booked on, and the key that found it. */
function updateReceipt(
  businessKey: string,
  outcome: { kind: 'booked' | 'replayed'; revision: number; businessKey: string; matchedBy: KeyField },
  release: ReleaseName,
  findings: Finding[],
): BookingReceipt {
  return {
    businessKey,
    revision: outcome.revision,
    replayed: outcome.kind === 'replayed',
    release,
    findings,
    processBusinessKey: outcome.businessKey,
    matchedBy: outcome.matchedBy,
  };
}
