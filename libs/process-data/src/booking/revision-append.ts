import type { Finding, MarketRole, ReleaseName } from '@maco/domain';
import type { KeyField, MergedState, ProcessRecordRepository, ProcessState, UpdateKeys } from '@maco/process-store';
import type { BookingReceipt } from '../process-data-api';
import type { AcceptedBody } from './body-acceptance';
import type { BookingContext } from './booking-context';
import { mergeProcessState } from './merge-process-state';
import { marktlokationsIdsOf, type ProcessDataEnvelope } from './process-data-envelope';
import { revisionFacts } from './revision-facts';
import { refusingUnstorableNumbers } from './unstorable-numbers';
import { ambiguousKeysProblem, requestKeyOf, unknownKeysProblem, updateKeysOf } from './update-keys';

/** An update booked (or recognised as a replay) on the process its keys found. */
export interface AppendedRevision {
  kind: 'booked' | 'replayed';
  revision: number;
  /** The business key of the process it was booked on. */
  businessKey: string;
  matchedBy: KeyField;
}

/**
 * Resolves the update's process by its keys and appends the revision, its state merged into the process's; keys no
 * process carries, or that name two, are refused with their problem.
 */
export async function appendRevision(
  records: ProcessRecordRepository,
  role: MarketRole,
  accepted: AcceptedBody,
  context: BookingContext,
): Promise<{ outcome: AppendedRevision; keys: UpdateKeys }> {
  const { envelope } = accepted;
  const keys = updateKeysOf(envelope.zusatzdaten ?? {});
  const bodyJson = context.jsonText ?? JSON.stringify(envelope);
  const outcome = await refusingUnstorableNumbers(bodyJson, () =>
    records.appendRevision(
      revisionFacts(role, requestKeyOf(keys), bodyJson, accepted, context),
      (current) => nextState(current, envelope),
      keys,
    ),
  );
  if (outcome.kind === 'unknown') throw unknownKeysProblem(keys, role);
  if (outcome.kind === 'ambiguous') throw ambiguousKeysProblem(outcome.matches);
  return { outcome, keys };
}

/** The process's state after the update, with what the store indexes and projects of it. */
function nextState(current: ProcessState, envelope: ProcessDataEnvelope): MergedState {
  const next = mergeProcessState(current, envelope);
  return {
    currentJson: JSON.stringify(next),
    marktlokationsIds: marktlokationsIdsOf(next),
    stammdaten: next['stammdaten'],
    transaktionsdaten: next['transaktionsdaten'],
  };
}

/** What an update answers: the key it sent, the revision and the process it was booked on, and the key that found it. */
export function updateReceipt(
  businessKey: string,
  outcome: AppendedRevision,
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
