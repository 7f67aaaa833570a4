import { distance } from 'fastest-levenshtein';

/**
 * Normalisation of what real address and name data varies in (case, umlauts and ß, "Str."/"Straße", house-number
 * suffixes, white space, legal-form suffixes, titles). The lookup keys of the read model (`MALO_IDENT_KEYS` in
 * `@maco/process-store`) are built by the same rules; the flag functions compare with them.
 */

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'ss' };

/** Lower case, German umlauts and ß spelled out (ä → ae), other diacritics dropped, anything else than a-z0-9 → one space. */
export function foldText(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value)
    .toLowerCase()
    .replace(/[äöüßẞ]/g, (character) => GERMAN[character] ?? character)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A postcode: its digits and letters, upper case, without white space. */
export function normalisePostcode(value: unknown): string {
  return foldText(value).replace(/ /g, '');
}

// "straße", "strasse", "str." at the end of a street name (also "str" before a dot was folded away).
const STREET_SUFFIX = /(?:strasse|str)$/;

/**
 * A street name folded (`foldText`) without white space, and whether it ended in "straße"/"strasse"/"str." (then
 * `stem` is what stands before it: the contract's "*" placeholder, every street beginning with it matches).
 */
export function streetOf(value: unknown): { stem: string; wildcard: boolean } {
  const folded = foldText(value).replace(/ /g, '');
  const stem = folded.replace(STREET_SUFFIX, '');
  return { stem, wildcard: stem !== folded };
}

/** A street for full comparison: folded, without white space, "str." spelled out as "strasse". */
export function normaliseStreet(value: unknown): string {
  const { stem, wildcard } = streetOf(value);
  return wildcard ? `${stem}strasse` : stem;
}

/**
 * A house number split into its number and suffix: "12 a", "12a", "12-A", "12/a" → `{number: '12', suffix: 'a'}`.
 * A number without leading digits is kept whole as `number`.
 */
export function houseNumberOf(value: unknown): { number: string; suffix: string } {
  const folded = foldText(value).replace(/ /g, '');
  const match = /^0*(\d+)(.*)$/.exec(folded);
  return match ? { number: match[1] ?? '', suffix: match[2] ?? '' } : { number: folded, suffix: '' };
}

/** A place name folded; "a. M.", "am Main" and similar keep their words. */
export const normalisePlace = (value: unknown): string => foldText(value);

// Legal forms (folded and split into words) and titles that do not tell customers apart.
const LEGAL_FORM_WORDS = new Set([
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'gbr',
  'ug',
  'haftungsbeschraenkt',
  'ev',
  'eg',
  'ek',
  'ekfm',
  'ekfr',
  'se',
  'co',
  'ltd',
  'inc',
  'llc',
  'plc',
  'partg',
  'partgmbb',
  'mbb',
  'gesellschaft',
  'beschraenkter',
  'haftung',
  'und',
  'u',
]);
// "e. V.", "e. K.", "& Co." fold into single letters: drop lone letters that belong to a legal form.
const LEGAL_FORM_LETTERS = new Set(['e', 'v', 'k', 'g']);
const TITLE_WORDS = new Set(['dr', 'prof', 'dipl', 'ing', 'med', 'rer', 'nat', 'herr', 'frau', 'familie', 'fam']);

/**
 * The words of a name, folded, without legal forms ("GmbH & Co. KG", "e.V.", "UG (haftungsbeschränkt)") and titles
 * ("Prof. Dr."), sorted: the same person or company whatever the order of its words.
 */
export function nameTokens(...parts: unknown[]): string[] {
  const words = parts.flatMap((part) => foldText(part).split(' ')).filter((word) => word.length > 0);
  const kept = words.filter(
    (word) =>
      !LEGAL_FORM_WORDS.has(word) && !TITLE_WORDS.has(word) && !(word.length === 1 && LEGAL_FORM_LETTERS.has(word)),
  );
  // A name made only of legal-form words ("KG") keeps them rather than becoming nothing.
  return (kept.length > 0 ? kept : words).sort();
}

/**
 * A name field that holds a whole name on its own (words apart by white space: "Thomas Müller"), not one hyphenated
 * first name ("Hans-Peter"): only such a field is a name key by itself — a first name alone would gather thousands.
 */
export const holdsFullName = (field: unknown): boolean => typeof field === 'string' && /\S\s+\S/.test(field.trim());

/** A name key: its sorted words joined by one space ('' when it has none). */
export const nameKeyOf = (...parts: unknown[]): string => nameTokens(...parts).join(' ');

/**
 * Two words are the same name: equal, or (both at least 5 letters) one edit apart (Levenshtein, `fastest-levenshtein`):
 * "Schmidt"/"Schmitt" and "Meier"/"Meyer" match, "Tom"/"Tim" stays apart.
 */
export function similarWord(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length >= 5 && b.length >= 5 && distance(a, b) <= 1;
}

/** Two sorted word lists name the same: same number of words, each word paired with a similar one of the other. */
export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  const rest = [...b];
  for (const word of a) {
    const index = rest.findIndex((other) => similarWord(word, other));
    if (index < 0) return false;
    rest.splice(index, 1);
  }
  return true;
}

/**
 * A meter (device) number as compared: white space removed, leading zeros (a system's padding) and trailing zeros
 * (the contract: "schließende Nullen sind zu ignorieren") dropped; case and every other character kept (the check is
 * case-sensitive and the order of the characters matters).
 */
export function normaliseMeterNumber(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value).replace(/\s+/g, '').replace(/^0+/, '').replace(/0+$/, '');
}

/** A customer number as the customer was told it: only surrounding white space is dropped. */
export function normaliseCustomerNumber(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** Cadastral tuple (Gemarkung, Flur, Flurstück), each folded; '' unless all three are given. */
export function cadastreKeyOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const parts = [
    record['gemarkung_flur'] ?? record['gemarkungFlur'] ?? record['gemarkung'],
    record['flurstueck'] ?? record['flurnummer'],
    record['flurstueckNummer'] ?? record['flurstuecksnummer'],
  ].map((part) => foldText(part).replace(/ /g, ''));
  return parts.every((part) => part.length > 0) ? parts.join('|') : '';
}

/** Latitude and longitude rounded to 4 decimals (about 10 m), '' unless both are numbers. */
export function geoKeyOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const latitude = Number(record['breitengrad']);
  const longitude = Number(record['laengengrad']);
  if (
    record['breitengrad'] == null ||
    record['laengengrad'] == null ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  )
    return '';
  return `${latitude.toFixed(4)}|${longitude.toFixed(4)}`;
}
