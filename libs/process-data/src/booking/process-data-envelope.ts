import { isPlainObject } from '@maco/domain';
import type { JsonValue, ProcessState } from '@maco/process-store';

type JsonObject = { [member: string]: JsonValue };

/** `zusatzdaten` as the booking reads it: the keys that name a process (acceptance refused any of another type). */
export type Zusatzdaten = {
  businessKey?: string | null;
  targetBusinessKey?: string | null;
  parentBusinessKey?: string | null;
  prozessId?: string | null;
  referenzProzessId?: string | null;
};

/**
 * A Prozessdaten body as accepted: a JSON object whose containers are objects (report mode reads others as `{}`) and
 * which has `transaktionsdaten`. Members it does not name are kept as sent.
 */
export type ProcessDataEnvelope = {
  stammdaten?: JsonObject;
  transaktionsdaten: JsonObject;
  zusatzdaten?: Zusatzdaten;
};

/** The ids of the state's MARKTLOKATIONen, once each (the record's `marktlokations_ids`). */
export function marktlokationsIdsOf(state: ProcessState): string[] {
  const stammdaten = state['stammdaten'];
  const marktlokationen = isPlainObject(stammdaten) ? stammdaten['MARKTLOKATION'] : undefined;
  if (!Array.isArray(marktlokationen)) return [];
  const ids = marktlokationen.map((malo) => (isPlainObject(malo) ? malo['marktlokationsId'] : undefined));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** The body's Prüfidentifikator as sent (`verificationIdentifier` in English), read before validation (for the log line and metrics of a refusal too). */
export function pruefidentifikatorOf(body: unknown): unknown {
  const sent = body as {
    transaktionsdaten?: { pruefidentifikator?: unknown };
    transactionData?: { verificationIdentifier?: unknown };
  } | null;
  return sent?.transaktionsdaten?.pruefidentifikator ?? sent?.transactionData?.verificationIdentifier;
}

/** The body's own businessKey as sent (in `zusatzdaten` or English `additionalData`), read before validation. */
export function businessKeyOf(body: unknown): unknown {
  const sent = body as { zusatzdaten?: { businessKey?: unknown }; additionalData?: { businessKey?: unknown } } | null;
  return sent?.zusatzdaten?.businessKey ?? sent?.additionalData?.businessKey;
}
