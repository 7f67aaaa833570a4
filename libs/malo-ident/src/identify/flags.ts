import { isPlainObject } from '@maco/domain';
import {
  cadastreKeyOf,
  cadastreOf,
  customerNumbersOf,
  customerOf,
  foldText,
  geoKeyOf,
  houseNumberOf,
  nameTokens,
  normaliseCustomerNumber,
  normaliseMeterNumber,
  normalisePlace,
  normalisePostcode,
  normaliseStreet,
  sameWords,
  streetOf,
} from '@maco/read-model';
import type { IdentifyCriteria, RequestedCustomer } from './identify-request';

type Bo = Record<string, unknown>;

/** What the read model says of one candidate MaLo (gathered by `MaloIdentService`). */
export interface CandidateFacts {
  maloId: string;
  /** The MARKTLOKATION version in force at `ausfuehrungsdatum`. */
  malo: Bo;
  /** Its versions in force at some point since the start of the third calendar year back (for `trefferNetzgebiet3KJ`). */
  history: { body: Bo; from: number; to: number }[];
  /** MeLos linked to it at the date (its own `zugehoerigeMesslokationen`, MeLos naming it). */
  meloIds: string[];
  /** Tranches linked to it at the date. */
  trancheIds: string[];
  /** Meter numbers (`normaliseMeterNumber`) of its meters in the 36 months up to the date. */
  meterNumbers: string[];
}

export interface FlagContext {
  at: Date;
  /** Grid areas (`netzgebietNr`) served as "eigener Service"; undefined: every grid area of this backend. */
  ownGridAreas?: readonly string[];
}

export type FlagName =
  | 'trefferMaloid'
  | 'trefferTrancheId'
  | 'trefferAdresse1'
  | 'trefferKundennummer'
  | 'trefferName'
  | 'trefferGeraetenummer'
  | 'trefferMeloid'
  | 'trefferAdresse2'
  | 'trefferMakorelevant'
  | 'trefferStillgelegt'
  | 'trefferNetzgebiet'
  | 'trefferNetzgebiet3KJ';

export const PRIMARY_FLAGS: readonly FlagName[] = [
  'trefferMaloid',
  'trefferTrancheId',
  'trefferAdresse1',
  'trefferKundennummer',
  'trefferName',
  'trefferGeraetenummer',
  'trefferMeloid',
];
export const FLAG_NAMES: readonly FlagName[] = [
  ...PRIMARY_FLAGS,
  'trefferAdresse2',
  'trefferMakorelevant',
  'trefferStillgelegt',
  'trefferNetzgebiet',
  'trefferNetzgebiet3KJ',
];

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** trefferMaloid: the complete 11-character MaLo id equals one the request names. */
export function trefferMaloid(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  return criteria.maloIds.includes(candidate.maloId);
}

/** trefferTrancheId: one of the requested tranche ids (complete 11 characters) is a tranche of the MaLo. */
export function trefferTrancheId(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  return criteria.trancheIds.some((id) => candidate.trancheIds.includes(id));
}

/** trefferMeloid: one of the requested MeLo ids (complete 33 characters) is a MeLo of the MaLo. */
export function trefferMeloid(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  return criteria.meloIds.some((id) => candidate.meloIds.includes(id));
}

/**
 * trefferGeraetenummer: a requested meter number equals one of the MaLo's meters of the last 36 months (a meter
 * exchanged since still counts), case-sensitive, characters in order, white space, leading and trailing zeros ignored.
 */
export function trefferGeraetenummer(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  return criteria.meterNumbers
    .map(normaliseMeterNumber)
    .some((number) => number.length > 0 && candidate.meterNumbers.includes(number));
}

/** trefferKundennummer: a requested customer number (at the previous supplier) equals the MaLo's, as told to the customer (trimmed only). */
export function trefferKundennummer(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  const known = customerNumbersOf(customerOf(candidate.malo));
  return criteria.customers.some((customer) =>
    customer.customerNumbers.some((number) => known.includes(normaliseCustomerNumber(number))),
  );
}

/**
 * One requested address against the MaLo's (`lokationsadresse`) for trefferAdresse1: postcode equal; street equal
 * after folding, or — when the requested street ends in "straße"/"str."/"strasse" — the MaLo's street begins with the
 * part before it (the "*" rule); house number and suffix equal ("12 a" = "12A"); place equal after folding, or one is
 * the other's first words ("Frankfurt" / "Frankfurt am Main"); country code equal (absent = DE).
 */
export function addressMatches(requested: Bo, stored: unknown): boolean {
  if (!isPlainObject(stored)) return false;
  const postcode = normalisePostcode(requested['postleitzahl']);
  if (!postcode || postcode !== normalisePostcode(stored['postleitzahl'])) return false;
  const wanted = streetOf(requested['strasse']);
  const have = streetOf(stored['strasse']);
  if (!wanted.stem) return false;
  const streetOk = wanted.wildcard
    ? have.stem.startsWith(wanted.stem)
    : normaliseStreet(requested['strasse']) === normaliseStreet(stored['strasse']);
  if (!streetOk) return false;
  const a = houseNumberOf(requested['hausnummer']);
  const b = houseNumberOf(stored['hausnummer']);
  if (!a.number || a.number !== b.number || a.suffix !== b.suffix) return false;
  const place = normalisePlace(requested['ort']);
  const storedPlace = normalisePlace(stored['ort']);
  if (place && !(place === storedPlace || storedPlace.startsWith(`${place} `) || place.startsWith(`${storedPlace} `)))
    return false;
  return countryOf(requested) === countryOf(stored);
}

const countryOf = (address: Bo): string =>
  typeof address['landescode'] === 'string' && address['landescode'] ? address['landescode'].toUpperCase() : 'DE';

/**
 * trefferAdresse1: a requested address matches the MaLo's (`addressMatches`); for a MaLo without address data the
 * cadastral tuple (Gemarkung, Flur, Flurstück) or the coordinates (4 decimals, about 10 m) equal.
 */
export function trefferAdresse1(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  if (criteria.addresses.some((address) => addressMatches(address, candidate.malo['lokationsadresse']))) return true;
  const cadastre = cadastreKeyOf(cadastreOf(candidate.malo));
  if (cadastre && criteria.cadastres.some((requested) => cadastreKeyOf(requested) === cadastre)) return true;
  const geo = geoKeyOf(candidate.malo['geokoordinaten']);
  return geo !== '' && criteria.coordinates.some((requested) => geoKeyOf(requested) === geo);
}

/**
 * trefferAdresse2 (complete address check): trefferAdresse1 by address, and every further address field the request
 * gives agrees too: street equal in full (no "*"), place equal (not only its first words), `ortsteil`, `adresszusatz`
 * and `postfach` equal after folding.
 */
export function trefferAdresse2(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  const stored = candidate.malo['lokationsadresse'];
  if (!isPlainObject(stored)) return false;
  return criteria.addresses.some((requested) => {
    if (!addressMatches(requested, stored)) return false;
    if (normaliseStreet(requested['strasse']) !== normaliseStreet(stored['strasse'])) return false;
    return ['ort', 'ortsteil', 'adresszusatz', 'postfach'].every((field) => {
      const wanted = foldText(requested[field]);
      return wanted === '' || wanted === foldText(stored[field]);
    });
  });
}

/**
 * trefferName: the requested customer's name against the MaLo's customer (`endkunde.name1/name2/name3`), words folded
 * (umlauts, case), legal forms and titles dropped, one typo allowed in words of 5 letters or more:
 * - first and surname in either order (the words of name1+name2 as a set);
 * - the string "first and surname" against each stored field alone, both ways (flat shares with a full name per field);
 * - a company name against name1, name2 and name1+name2 of the MaLo.
 */
export function trefferName(criteria: IdentifyCriteria, candidate: CandidateFacts): boolean {
  const customer = customerOf(candidate.malo);
  if (!isPlainObject(customer)) return false;
  const fields = [customer['name1'], customer['name2'], customer['name3']].filter((field) => foldText(field) !== '');
  const storedForms = [nameTokens(...fields), ...fields.map((field) => nameTokens(field))];
  return criteria.customers.some((requested) =>
    requestedForms(requested).some((form) => storedForms.some((stored) => sameWords(form, stored))),
  );
}

function requestedForms(customer: RequestedCustomer): string[][] {
  const forms = [nameTokens(customer.name1, customer.name2), nameTokens(customer.name1), nameTokens(customer.name2)];
  // A single word alone (a surname without first name) is no name match for a person.
  return forms.filter((form) => form.length >= (customer.company ? 1 : 2));
}

/**
 * trefferMakorelevant: the MaLo takes part in market communication at the date. Not when it says so itself
 * (`makorelevant`/`marktkommunikationsrelevant` false) or when it has no grid-operator market role in force then
 * while it lists market roles at all.
 */
export function trefferMakorelevant(
  _criteria: IdentifyCriteria,
  candidate: CandidateFacts,
  context: FlagContext,
): boolean {
  const malo = candidate.malo;
  if (malo['makorelevant'] === false || malo['marktkommunikationsrelevant'] === false) return false;
  const roles = arrayOf(malo['marktrollen']).filter(isPlainObject);
  if (roles.length === 0) return true;
  return roles.some((role) => role['marktrolle'] === 'NB' && inForce(role, context.at));
}

/**
 * trefferStillgelegt: the MaLo is decommissioned at the date: its `marktlokationsTyp` in force is
 * `RUHENDE_MARKTLOKATION`, or a `stilllegungsdatum` is not after the date, or `stillgelegt` is true.
 */
export function trefferStillgelegt(
  _criteria: IdentifyCriteria,
  candidate: CandidateFacts,
  context: FlagContext,
): boolean {
  const malo = candidate.malo;
  if (malo['stillgelegt'] === true) return true;
  const since = dateOf(malo['stilllegungsdatum']);
  if (since !== undefined && since <= context.at.getTime()) return true;
  return arrayOf(malo['marktlokationsTyp']).some(
    (type) => isPlainObject(type) && type['typ'] === 'RUHENDE_MARKTLOKATION' && inForce(type, context.at),
  );
}

/** trefferNetzgebiet: the MaLo's grid area (`netzgebietNr`) at the date is one served as "eigener Service". */
export function trefferNetzgebiet(
  _criteria: IdentifyCriteria,
  candidate: CandidateFacts,
  context: FlagContext,
): boolean {
  return ownArea(candidate.malo, context);
}

/**
 * trefferNetzgebiet3KJ: the MaLo was in a grid area served as "eigener Service" at some point of the last three
 * calendar years: from 1 January of the third year before the date's year (German time) up to the date.
 */
export function trefferNetzgebiet3KJ(
  _criteria: IdentifyCriteria,
  candidate: CandidateFacts,
  context: FlagContext,
): boolean {
  const since = threeCalendarYearsBefore(context.at).getTime();
  const at = context.at.getTime();
  return (
    candidate.history.some((version) => version.to > since && version.from <= at && ownArea(version.body, context)) ||
    ownArea(candidate.malo, context)
  );
}

/** 1 January of the third calendar year before `at`'s year, 00:00 German time (23:00 UTC the day before). */
export function threeCalendarYearsBefore(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear() - 3, 0, 1) - 60 * 60 * 1000);
}

function ownArea(malo: Bo, context: FlagContext): boolean {
  const area = malo['netzgebietNr'] ?? malo['netzgebietsnummer'] ?? malo['netzgebietsnr'];
  if (context.ownGridAreas === undefined) return true;
  return (typeof area === 'string' || typeof area === 'number') && context.ownGridAreas.includes(String(area));
}

function dateOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** An element with `gueltigAb/gueltigBis`, `zuordnungVon/zuordnungBis` or `gueltigkeitszeitraum` in force at `at` (open ends count). */
function inForce(element: Bo, at: Date): boolean {
  const period = isPlainObject(element['gueltigkeitszeitraum']) ? element['gueltigkeitszeitraum'] : {};
  const from = dateOf(element['gueltigAb'] ?? element['zuordnungVon'] ?? period['startdatum']);
  const to = dateOf(element['gueltigBis'] ?? element['zuordnungBis'] ?? period['enddatum']);
  const time = at.getTime();
  return (from === undefined || from <= time) && (to === undefined || time < to);
}

type FlagRule = (criteria: IdentifyCriteria, candidate: CandidateFacts, context: FlagContext) => boolean;

/** Each flag's rule, in the contract's order. */
export const FLAG_RULES: Readonly<Record<FlagName, FlagRule>> = {
  trefferMaloid,
  trefferTrancheId,
  trefferAdresse1,
  trefferKundennummer,
  trefferName,
  trefferGeraetenummer,
  trefferMeloid,
  trefferAdresse2,
  trefferMakorelevant,
  trefferStillgelegt,
  trefferNetzgebiet,
  trefferNetzgebiet3KJ,
};

export type Treffer = Record<FlagName, boolean>;

/** All twelve flags of a candidate. */
export function flagsOf(criteria: IdentifyCriteria, candidate: CandidateFacts, context: FlagContext): Treffer {
  return Object.fromEntries(
    FLAG_NAMES.map((name) => [name, FLAG_RULES[name](criteria, candidate, context)]),
  ) as Treffer;
}

// Strength of a candidate: ids weigh most, then meter, address, customer number and name; the secondary flags order
// candidates of equal primary strength (complete address, taking part, not decommissioned, own grid area).
const WEIGHTS: Record<FlagName, number> = {
  trefferMaloid: 1 << 16,
  trefferMeloid: 1 << 15,
  trefferTrancheId: 1 << 14,
  trefferGeraetenummer: 1 << 13,
  trefferAdresse1: 1 << 12,
  trefferKundennummer: 1 << 11,
  trefferName: 1 << 10,
  trefferAdresse2: 1 << 4,
  trefferMakorelevant: 1 << 3,
  trefferStillgelegt: 0,
  trefferNetzgebiet: 1 << 2,
  trefferNetzgebiet3KJ: 1 << 1,
};

/** A candidate's strength for ordering (higher first); a decommissioned MaLo ranks after a live one of equal hits. */
export function strengthOf(treffer: Treffer): number {
  return (
    FLAG_NAMES.reduce((sum, name) => sum + (treffer[name] ? WEIGHTS[name] : 0), 0) +
    (treffer.trefferStillgelegt ? 0 : 1)
  );
}

/** Whether any primary criterion hit: a candidate without one is not answered. */
export const anyPrimary = (treffer: Treffer): boolean => PRIMARY_FLAGS.some((name) => treffer[name]);
