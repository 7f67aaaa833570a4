// How an answer names its request. UTILMD: RFF+TN `anfragereferenznummer` = the request's IDE+24 `vorgangsnummer`;
// ORDRSP: RFF+ON `auftragsReferenz` = the ORDERS' BGM `dokumentennummer` (AHB BO4E mapping 2510, UTILMD_Strom/ORDRSP).
const REQUEST_NUMBERS = ['vorgangsnummer', 'dokumentennummer'] as const;
const ANSWER_REFERENCES = ['anfragereferenznummer', 'auftragsReferenz'] as const;

/** The numbers a request is known by, to tell its deadline from another's the same answer PIs meet; absent: none. */
export function requestNumbersOf(transaktionsdaten: Record<string, unknown>): string[] | undefined {
  return stringsOf(transaktionsdaten, REQUEST_NUMBERS);
}

/** The request numbers an answer refers to; absent: none (it then meets every open deadline of its rules). */
export function answerReferencesOf(transaktionsdaten: Record<string, unknown>): string[] | undefined {
  return stringsOf(transaktionsdaten, ANSWER_REFERENCES);
}

function stringsOf(transaktionsdaten: Record<string, unknown>, fields: readonly string[]): string[] | undefined {
  const values = fields
    .map((field) => transaktionsdaten[field])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim());
  return values.length > 0 ? [...new Set(values)] : undefined;
}
