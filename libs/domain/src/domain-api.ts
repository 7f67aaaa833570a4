/**
 * The domain's vocabulary as the services' answers carry it: types only, no runtime import, so that the operator
 * console (`@maco/domain/api`, `import type`) and the backend compile against the same definitions. The lists the
 * backend iterates (`MARKET_ROLES`, `RELEASES`, `FINDING_CODES`, `IDENTIFIER_CHECKS`) are checked against these
 * unions where they are declared.
 */

/** Market roles a MaCo backend can serve; each app is configured for exactly one. */
export type MarketRole = 'LF' | 'NB' | 'MSB';

/** The two writing Prozessdaten operations: `createProcessData` and `updateProcessData`. */
export type ProcessOperation = 'create' | 'update';

/** A release of the interface by its name (`data/releases.json` lists them with their format versions). */
export type ReleaseName = '10/25' | '04/26' | '10/26';

/** Every finding code, in the order of their introduction (`FINDING_CODES`). */
export type FindingCode =
  | 'unlisted-pi'
  | 'missing-mandatory-field'
  | 'invalid-identifier'
  | 'condition-violated'
  | 'invalid-value'
  | 'unknown-pi';

/** Every check an identifier can fail, by name (`IDENTIFIER_CHECKS`). */
export type IdentifierCheck =
  | 'malo-format'
  | 'malo-check-digit'
  | 'nelo-format'
  | 'nelo-check-digit'
  | 'tr-format'
  | 'tr-check-digit'
  | 'sr-format'
  | 'sr-check-digit'
  | 'melo-format'
  | 'mpid-format'
  | 'mpid-bdew-check-digit'
  | 'mpid-gln-check-digit'
  | 'eic-format'
  | 'eic-check-character';

/**
 * A finding about one request body; `pointer` is a JSON Pointer in URI-fragment form (`#/stammdaten/…`).
 * - `check`: the identifier check an `invalid-identifier` failed;
 * - `binding`: the PI's AHB makes the failed format condition binding at this place (strict mode refuses);
 * - `condition`: the AHB condition a `condition-violated` value fails (`[UB1]`, `[931]`, …);
 * - `expected`, `got`: what an `invalid-value` should be and the JSON kind it has (report mode books it all the same).
 */
export interface Finding {
  code: FindingCode;
  pointer: string;
  message: string;
  check?: IdentifierCheck;
  binding?: true;
  condition?: string;
  expected?: string;
  got?: string;
}
