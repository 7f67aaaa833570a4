import { Inject, Injectable } from '@nestjs/common';
import { validateProcessData, type MarketRole, type ProcessOperation } from '@maco/domain';
import { ProblemError, SERVICE_ROLE } from '@maco/platform';
import { canonicalJson, derivedBusinessKey, sha256 } from './booking/canonical-body';
import { mergeProcessState } from './booking/merge-process-state';
import { releaseInForce } from './booking/release';
import { ProcessRecordRepository } from './persistence/process-record.repository';

/** The `command` query parameter names the operation (the MaCo operationId). */
export const COMMAND_OF: Record<ProcessOperation, string> = {
  create: 'ERSTELLEN_PROZESSDATEN',
  update: 'AKTUALISIEREN_PROZESSDATEN',
};

export interface BookingContext {
  command: unknown;
  tokenSubject?: string;
  requestId: string;
  receivedAt: Date;
}

/** What a booking answers: the record's key, the revision the request is stored as, and whether it was a replay. */
export interface BookingReceipt {
  businessKey: string;
  revision: number;
  replayed: boolean;
}

interface ProcessDataBody {
  stammdaten?: Record<string, unknown>;
  transaktionsdaten: Record<string, unknown>;
  zusatzdaten?: { businessKey?: string | null; targetBusinessKey?: string | null; prozessId?: string | null };
  [member: string]: unknown;
}

/** Books process data of this service's market role: creates records and appends updates, idempotently. */
@Injectable()
export class ProcessDataService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly records: ProcessRecordRepository,
  ) {}

  async create(body: unknown, context: BookingContext): Promise<BookingReceipt> {
    const envelope = this.accept('create', body, context);
    const bodyJson = JSON.stringify(envelope);
    const givenKey = envelope.zusatzdaten?.businessKey;
    // Only a keyless create needs the canonical hash here: its key is derived from it.
    const businessKey = givenKey ?? derivedBusinessKey(this.role, sha256(canonicalJson(envelope)));
    const currentJson = givenKey ? null : JSON.stringify({ ...envelope, zusatzdaten: { ...envelope.zusatzdaten, businessKey } });

    const outcome = await this.records.insertRecord({
      ...this.revisionFacts(envelope, businessKey, bodyJson, context),
      targetBusinessKey: envelope.zusatzdaten?.targetBusinessKey ?? null,
      prozessId: envelope.zusatzdaten?.prozessId ?? null,
      marktlokationsIds: marktlokationsIdsOf(envelope),
      currentJson,
    });
    if (outcome.kind !== 'conflict') return { businessKey, revision: 1, replayed: outcome.kind === 'replayed' };
    throw new ProblemError(
      'PROCESS_DATA.BUSINESS_KEY_CONFLICT',
      `Business key ${businessKey} is already booked for role ${this.role} with a different body.`,
      { businessKey },
    );
  }

  async update(body: unknown, context: BookingContext): Promise<BookingReceipt> {
    const envelope = this.accept('update', body, context);
    // Validation guarantees a non-empty businessKey on updates.
    const businessKey = envelope.zusatzdaten?.businessKey as string;
    const bodyJson = JSON.stringify(envelope);

    const outcome = await this.records.appendRevision(
      {
        ...this.revisionFacts(envelope, businessKey, bodyJson, context),
        targetBusinessKey: envelope.zusatzdaten?.targetBusinessKey ?? null,
        prozessId: envelope.zusatzdaten?.prozessId ?? null,
      },
      (current) => {
        const next = mergeProcessState(current as never, envelope as never);
        return { currentJson: JSON.stringify(next), marktlokationsIds: marktlokationsIdsOf(next as ProcessDataBody) };
      },
    );
    if (outcome.kind === 'unknown') {
      throw new ProblemError(
        'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
        `No process with business key ${businessKey} is booked for role ${this.role}.`,
        { errors: [{ pointer: '#/zusatzdaten/businessKey', message: 'no process with this business key exists' }] },
      );
    }
    return { businessKey, revision: outcome.revision, replayed: outcome.kind === 'replayed' };
  }

  private accept(operation: ProcessOperation, body: unknown, context: BookingContext): ProcessDataBody {
    if (context.command !== undefined && context.command !== COMMAND_OF[operation]) {
      throw new ProblemError(
        'REQUEST.COMMAND_MISMATCH',
        `The command query parameter must be ${COMMAND_OF[operation]} on this path (or absent).`,
      );
    }
    const violations = validateProcessData(this.role, operation, body);
    if (violations.length > 0) {
      throw new ProblemError(
        'REQUEST.VALIDATION_FAILED',
        `${violations.length} field${violations.length === 1 ? '' : 's'} of the body failed validation.`,
        { errors: violations },
      );
    }
    return body as ProcessDataBody;
  }

  private revisionFacts(
    envelope: ProcessDataBody,
    businessKey: string,
    bodyJson: string,
    context: BookingContext,
  ) {
    const pruefidentifikator = envelope.transaktionsdaten['pruefidentifikator'];
    return {
      role: this.role,
      businessKey,
      pruefidentifikator: typeof pruefidentifikator === 'string' ? pruefidentifikator : null,
      release: releaseInForce(envelope.transaktionsdaten['nachrichtendatum'], context.receivedAt),
      bodyJson,
      tokenSubject: context.tokenSubject ?? null,
      requestId: context.requestId,
    };
  }
}

function marktlokationsIdsOf(body: ProcessDataBody): string[] {
  const marktlokationen = body.stammdaten?.['MARKTLOKATION'];
  if (!Array.isArray(marktlokationen)) return [];
  const ids = marktlokationen.map((malo) => (malo as { marktlokationsId?: unknown })?.marktlokationsId);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}
