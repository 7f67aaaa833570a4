/**
 * Pure checks of the identifiers of the German energy market communication (format and check digit). Facts and test
 * vectors: `reference/backend-interface.md` §10 "ID formats and check digits". A failed check is a finding,
 * never a refusal: the vendor's own contract examples fail some of them.
 *
 * Sources:
 * - BDEW, "Anwendungshilfe Identifikatoren in der Marktkommunikation – Bildungsvorschrift" (v1.0, 2023-01-18,
 *   bdew-codes.de), ch. 6.2 "ASCII-Verfahren" (NeLo-ID, Ressourcen-ID) and the MaLo-ID check digit; implemented the
 *   same way by Hochfrequenz go-bo4e (`bo/marktlokation.go`, `bo/netzlokation.go`) and BO4E-dotnet
 *   (`Marktlokation.GetChecksum`).
 * - Zählpunktbezeichnung / MeLo-ID: 33 characters, `DE` + 31 of `[A-Z0-9]` (MessZV / VDE-AR-N 4400 "Metering Code").
 * - MP-ID: 13 digits. GS1 GLN: EAN-13 check digit (GS1 General Specifications §7.9). BDEW codes (`99…`): the MaLo
 *   weighting over the first 12 digits — empirical (backend-interface §10), no normative source found. DVGW codes
 *   (`98…`): format only.
 * - EIC: ENTSO-E "Energy Identification Coding Scheme (EIC) reference manual", check character algorithm: weights 16..2
 *   over the first 15 characters, `0`–`9` = 0–9, `A`–`Z` = 10–35, `-` = 36; check = 36 − ((sum − 1) mod 37).
 */

import type { IdentifierCheck } from '../domain-api';

export type { IdentifierCheck } from '../domain-api';

/** Every check an identifier can fail, by name: the wire type's checks. */
export const IDENTIFIER_CHECKS = [
  'malo-format',
  'malo-check-digit',
  'nelo-format',
  'nelo-check-digit',
  'tr-format',
  'tr-check-digit',
  'sr-format',
  'sr-check-digit',
  'melo-format',
  'mpid-format',
  'mpid-bdew-check-digit',
  'mpid-gln-check-digit',
  'eic-format',
  'eic-check-character',
] as const satisfies readonly IdentifierCheck[];
/** Compiles only while IDENTIFIER_CHECKS lists every check of the wire type (`satisfies` rules out any other). */
type _EveryIdentifierCheckListed = Expect<Exclude<IdentifierCheck, (typeof IDENTIFIER_CHECKS)[number]>>;
type Expect<Missing extends never> = Missing;

/** The kinds of identifier that have a check. */
export type IdentifierKind = 'malo' | 'nelo' | 'tr' | 'sr' | 'melo' | 'mpid' | 'eic';

/** The outcome of an identifier check: ok, or the check that failed and (for a check digit) the expected one. */
export type IdentifierCheckResult =
  { readonly ok: true } | { readonly ok: false; readonly check: IdentifierCheck; readonly expected?: string };

const VALID: IdentifierCheckResult = Object.freeze({ ok: true });
const FAILED = new Map<IdentifierCheck, IdentifierCheckResult>();

function failed(check: IdentifierCheck, expected?: string): IdentifierCheckResult {
  if (expected !== undefined) return { ok: false, check, expected };
  let result = FAILED.get(check);
  if (!result) FAILED.set(check, (result = Object.freeze({ ok: false, check })));
  return result;
}

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 65;
const CODE_Z = 90;
const CODE_DASH = 45;

function isDigit(code: number): boolean {
  return code >= CODE_0 && code <= CODE_9;
}

function isUpperAlnum(code: number): boolean {
  return isDigit(code) || (code >= CODE_A && code <= CODE_Z);
}

/**
 * The BDEW check digit over the first `length` characters: s = (sum at positions 1, 3, 5, …) + 2 × (sum at positions
 * 2, 4, 6, …), check = (10 − s mod 10) mod 10, no digit-sum reduction. Digits count by their value, letters by their
 * ASCII code (A = 65: "ASCII-Verfahren"); for all-digit ids this is the MaLo-ID method.
 */
export function bdewCheckDigit(id: string, length: number): number {
  let odd = 0;
  let even = 0;
  for (let index = 0; index < length; index++) {
    const code = id.charCodeAt(index);
    const value = isDigit(code) ? code - CODE_0 : code;
    if (index % 2 === 0) odd += value;
    else even += value;
  }
  return (10 - ((odd + 2 * even) % 10)) % 10;
}

/** The EAN-13 / GLN check digit over the first 12 digits: weights 1, 3, 1, 3, … from the left. */
export function ean13CheckDigit(id: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += (id.charCodeAt(index) - CODE_0) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function eicValue(code: number): number {
  if (isDigit(code)) return code - CODE_0;
  if (code >= CODE_A && code <= CODE_Z) return code - CODE_A + 10;
  return 36; // '-'
}

/** The ENTSO-E check character of an EIC over its first 15 characters. */
export function eicCheckCharacter(id: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index++) sum += eicValue(id.charCodeAt(index)) * (16 - index);
  const value = 36 - ((sum - 1) % 37);
  return value < 10 ? String.fromCharCode(CODE_0 + value) : value < 36 ? String.fromCharCode(CODE_A + value - 10) : '-';
}

/** MaLo-ID: 11 digits, the first 1–9, the 11th the BDEW check digit over digits 1–10. */
export function checkMaloId(id: string): IdentifierCheckResult {
  if (id.length !== 11 || id.charCodeAt(0) === CODE_0) return failed('malo-format');
  for (let index = 0; index < 11; index++) if (!isDigit(id.charCodeAt(index))) return failed('malo-format');
  const expected = bdewCheckDigit(id, 10);
  return id.charCodeAt(10) - CODE_0 === expected ? VALID : failed('malo-check-digit', String(expected));
}

/** `prefix` + 9 of [A-Z0-9] + a check digit by the ASCII method (NeLo-ID `E`, TR-ID `D`, SR-ID `C`). */
function checkAsciiId(
  id: string,
  prefix: number,
  format: IdentifierCheck,
  checkDigit: IdentifierCheck,
): IdentifierCheckResult {
  if (id.length !== 11 || id.charCodeAt(0) !== prefix || !isDigit(id.charCodeAt(10))) return failed(format);
  for (let index = 1; index < 10; index++) if (!isUpperAlnum(id.charCodeAt(index))) return failed(format);
  const expected = bdewCheckDigit(id, 10);
  return id.charCodeAt(10) - CODE_0 === expected ? VALID : failed(checkDigit, String(expected));
}

/** NeLo-ID: `E` + 9 of [A-Z0-9] + check digit (ASCII method). */
export function checkNeloId(id: string): IdentifierCheckResult {
  return checkAsciiId(id, 69 /* E */, 'nelo-format', 'nelo-check-digit');
}

/** Technische Ressource ID: `D` + 9 of [A-Z0-9] + check digit (ASCII method). */
export function checkTechnischeRessourceId(id: string): IdentifierCheckResult {
  return checkAsciiId(id, 68 /* D */, 'tr-format', 'tr-check-digit');
}

/** Steuerbare Ressource ID: `C` + 9 of [A-Z0-9] + check digit (ASCII method). */
export function checkSteuerbareRessourceId(id: string): IdentifierCheckResult {
  return checkAsciiId(id, 67 /* C */, 'sr-format', 'sr-check-digit');
}

/** MeLo-ID / Zählpunktbezeichnung: 33 characters, `DE` + 31 of [A-Z0-9]; no check digit. */
export function checkMeloId(id: string): IdentifierCheckResult {
  if (id.length !== 33 || id.charCodeAt(0) !== 68 /* D */ || id.charCodeAt(1) !== 69 /* E */)
    return failed('melo-format');
  for (let index = 2; index < 33; index++) if (!isUpperAlnum(id.charCodeAt(index))) return failed('melo-format');
  return VALID;
}

/**
 * MP-ID (`rollencodenummer`): 13 digits. `99…` (BDEW code): the MaLo weighting over the first 12 digits; `98…` (DVGW
 * code): format only; anything else is a GS1 GLN with the EAN-13 check digit.
 */
export function checkMarktpartnerId(id: string): IdentifierCheckResult {
  if (id.length !== 13) return failed('mpid-format');
  for (let index = 0; index < 13; index++) if (!isDigit(id.charCodeAt(index))) return failed('mpid-format');
  const actual = id.charCodeAt(12) - CODE_0;
  if (id.charCodeAt(0) === CODE_9 && id.charCodeAt(1) === CODE_9) {
    const expected = bdewCheckDigit(id, 12);
    return actual === expected ? VALID : failed('mpid-bdew-check-digit', String(expected));
  }
  if (id.charCodeAt(0) === CODE_9 && id.charCodeAt(1) === CODE_0 + 8) return VALID;
  const expected = ean13CheckDigit(id);
  return actual === expected ? VALID : failed('mpid-gln-check-digit', String(expected));
}

/** EIC: 16 characters of [A-Z0-9-], the 16th the ENTSO-E check character over the first 15. */
export function checkEic(id: string): IdentifierCheckResult {
  if (id.length !== 16) return failed('eic-format');
  for (let index = 0; index < 16; index++) {
    const code = id.charCodeAt(index);
    if (!isUpperAlnum(code) && code !== CODE_DASH) return failed('eic-format');
  }
  const expected = eicCheckCharacter(id);
  return id[15] === expected ? VALID : failed('eic-check-character', expected);
}

const CHECKS: Record<IdentifierKind, (id: string) => IdentifierCheckResult> = {
  malo: checkMaloId,
  nelo: checkNeloId,
  tr: checkTechnischeRessourceId,
  sr: checkSteuerbareRessourceId,
  melo: checkMeloId,
  mpid: checkMarktpartnerId,
  eic: checkEic,
};

/** The check of an identifier of the given kind. */
export function checkIdentifier(kind: IdentifierKind, id: string): IdentifierCheckResult {
  return CHECKS[kind](id);
}
