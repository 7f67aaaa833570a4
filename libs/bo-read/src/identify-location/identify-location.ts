import { isPlainObject, receiveBody, unescapePointerToken } from '@maco/domain';
import { INVALID_MESSAGE, INVALID_NAME_MESSAGE, type OpenApiObject, readQuery } from '@maco/platform';
import { locationKey, type LocationType, MAX_ID_LENGTH } from '@maco/read-model';
import { commandParameter, type ParameterError } from '../reads/read-parameters';
import { stammdatenCheck } from '../stammdaten-check';

export const IDENTIFY_LOCATION_OPERATION = 'IDENTIFIZIEREN_LOKATION_BASIS';

/** Paging headers of `POST /identifyLocation` (vendor mock `lesen/identifyLocation/mock.json`, `paging`). */
export const PAGING = {
  limitHeader: 'Treffer-Max-Anzahl',
  offsetHeader: 'Treffer-Offset',
  defaultLimit: 20,
  maxLimit: 500,
  maxOffset: 10_000,
} as const;
/** Answer headers: returned, total, more, offset. */
export const PAGING_ANSWER = {
  count: 'Treffer-Anzahl',
  total: 'Treffer-Gesamtanzahl',
  more: 'Treffer-Weitere-Vorhanden',
  offset: 'Treffer-Offset',
} as const;

/** The location kinds a body may search, with the location type of their own id. */
export const IDENTIFY_KINDS: Readonly<Record<string, LocationType>> = {
  MARKTLOKATION: 'MALO',
  MESSLOKATION: 'MELO',
  NETZLOKATION: 'NELO',
  TECHNISCHE_RESSOURCE: 'TECHNISCHE_RESSOURCE',
  STEUERBARE_RESSOURCE: 'STEUERBARE_RESOURCE',
  TRANCHE: 'TRANCHE',
};

/** Id fields of a criterion and the location type they name; `ressourcenId` is the kind's own type. */
const ID_FIELDS: Readonly<Record<string, LocationType | 'OWN'>> = {
  marktlokationsId: 'MALO',
  messlokationsId: 'MELO',
  netzlokationsId: 'NELO',
  technischeRessourceId: 'TECHNISCHE_RESSOURCE',
  steuerbareRessourceId: 'STEUERBARE_RESOURCE',
  tranchenId: 'TRANCHE',
  trancheId: 'TRANCHE',
  ressourcenId: 'OWN',
};

const ADDRESS_FIELDS = ['postleitzahl', 'ort', 'ortsteil', 'strasse', 'hausnummer', 'landescode'] as const;
const CADASTRE_FIELDS = ['gemarkung_flur', 'flurstueck', 'flurstueckNummer'] as const;
const NAME_FIELDS = ['name1', 'name2', 'name3'] as const;
const fieldsOf = (object: string, fields: readonly string[]) => fields.map((field) => [object, field] as const);

/**
 * Text fields of a criterion per kind, compared case-insensitively with the stored object: `[object, field]`. The
 * kind's own address objects in the vendor's BO4E (`Adresse` and `Katasteradresse` typed properties, the customer's
 * name); NeLo and the resources have none, so only their ids find them.
 */
export const TEXT_FIELDS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  MARKTLOKATION: [
    ...fieldsOf('lokationsadresse', ADDRESS_FIELDS),
    ...fieldsOf('katasterinformation', CADASTRE_FIELDS),
    ...fieldsOf('endkunde', NAME_FIELDS),
  ],
  MESSLOKATION: fieldsOf('messadresse', ADDRESS_FIELDS),
  NETZLOKATION: [],
  TECHNISCHE_RESSOURCE: [],
  STEUERBARE_RESSOURCE: [],
  TRANCHE: [
    ...fieldsOf('lokationsadresse', ADDRESS_FIELDS),
    ...fieldsOf('katasterinformation', CADASTRE_FIELDS),
    ...fieldsOf('endkunde', NAME_FIELDS),
  ],
};

/**
 * One criterion: objects of `kind` that belong to every location of `locations`. With an id the text fields only rank
 * the matches (the vendor's mock answers by id alone); without one every text field must match.
 */
export interface LocationCriterion {
  kind: string;
  /** Location keys (`MALO:…`), all required. */
  locations: string[];
  /** `[object, field, lower-case value]`: ranking with an id, all required without. */
  texts: [string, string, string][];
}

export interface IdentifyRequest {
  /** Any criterion matches (OR); within one criterion every id (AND), the text fields as `LocationCriterion` says. */
  criteria: LocationCriterion[];
  limit: number;
  offset: number;
}

export type IdentifyRequestCheck =
  { ok: true; request: IdentifyRequest } | { ok: false; errors: ParameterError[]; headers: boolean };

const MAX_CRITERIA = 100;
const MAX_TEXT = 256;

/** `POST /identifyLocation`'s query: `command` alone. */
export const IDENTIFY_QUERY = { command: commandParameter(IDENTIFY_LOCATION_OPERATION) };

const nullable = (schema: OpenApiObject): OpenApiObject => ({ ...schema, nullable: true });
const ID: OpenApiObject = nullable({
  type: 'string',
  pattern: '^[\\x21-\\x7e]*$',
  maxLength: MAX_ID_LENGTH,
  [INVALID_MESSAGE]: `an id (printable characters, at most ${MAX_ID_LENGTH})`,
});
const TEXT: OpenApiObject = nullable({
  type: 'string',
  maxLength: MAX_TEXT,
  [INVALID_MESSAGE]: `a string of at most ${MAX_TEXT} characters`,
});

/** The address and name objects a criterion of `kind` may send, each with its text fields (an object that is none is ignored). */
const textObjectsOf = (kind: string) => {
  const objects: Record<string, { properties: Record<string, OpenApiObject> }> = {};
  for (const [object, field] of TEXT_FIELDS[kind] ?? [])
    (objects[object] ??= { properties: {} }).properties[field] = TEXT;
  return objects;
};

const criterionOf = (kind: string): OpenApiObject => ({
  type: 'object',
  [INVALID_MESSAGE]: 'an object',
  additionalProperties: true,
  description:
    `One ${kind} criterion in the shape of the location object; unknown fields (\`boTyp\`, …) are ignored, at least one known field is required (${criterionNames(kind)}). ` +
    'Ids (`marktlokationsId`, `messlokationsId`, `netzlokationsId`, `technischeRessourceId`, `steuerbareRessourceId`, `tranchenId`/`trancheId`, `ressourcenId` = the kind’s own id) ' +
    'match the location itself or the locations it is linked to; every id given must match. ' +
    '**A criterion with an id matches by its ids alone**, as the vendor’s mock: its address and name fields then only rank the matches (more equal fields first). ' +
    '**Without an id** every address and name field given must match (a search by address). Fields compare case-insensitively and exactly (no prefix or fuzzy match).',
  properties: {
    ...Object.fromEntries(
      Object.keys(ID_FIELDS).map((field) => [
        field,
        field === 'marktlokationsId' ? { ...ID, example: '50754496000' } : ID,
      ]),
    ),
    ...textObjectsOf(kind),
  },
});

/** The criteria of `POST /identifyLocation`'s body per location kind: the shape its check holds, as documented. */
const CRITERIA: OpenApiObject = {
  type: 'object',
  description: `Criteria per location kind, at most ${MAX_CRITERIA} in all; any criterion matches (OR).`,
  [INVALID_MESSAGE]: 'an object of location kinds',
  additionalProperties: false,
  [INVALID_NAME_MESSAGE]: `one of ${Object.keys(IDENTIFY_KINDS).join(', ')}`,
  properties: Object.fromEntries(
    Object.keys(IDENTIFY_KINDS).map((kind) => [
      kind,
      { type: 'array', [INVALID_MESSAGE]: 'an array of criteria', items: criterionOf(kind) },
    ]),
  ),
};

/** The body of `POST /identifyLocation` (component `BoRead_LocationCriteria`). */
export const LOCATION_CRITERIA: OpenApiObject = {
  type: 'object',
  required: ['stammdaten'],
  properties: { stammdaten: CRITERIA },
};

const checkCriteria = stammdatenCheck(CRITERIA);

type Headers = Record<string, string | string[] | undefined>;

/**
 * Checks `POST /identifyLocation`: the paging headers and `command`, then the body `{"stammdaten": {"MARKTLOKATION":
 * [{criterion}, …], …}}` (the shape the vendor mock matches on, `body.stammdaten.MARKTLOKATION[0].marktlokationsId`),
 * or its English form `{"masterData": {"MARKET_LOCATION": …}}` read in the canonical one (problems point into the body
 * as received; one mixing both dialects is refused).
 */
export function checkIdentifyRequest(body: unknown, headers: Headers, command: unknown): IdentifyRequestCheck {
  const headerErrors: ParameterError[] = [];
  const limit = pagingHeader(headers, PAGING.limitHeader, PAGING.defaultLimit, 1, PAGING.maxLimit, headerErrors);
  const offset = pagingHeader(headers, PAGING.offsetHeader, 0, 0, PAGING.maxOffset, headerErrors);
  headerErrors.push(...readQuery(IDENTIFY_QUERY, { command }).errors);
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors, headers: true };
  const received = receiveBody(body);
  if (!received.ok) return { ok: false, errors: received.errors, headers: false };
  const check = criteriaOf(received.canonical);
  if (!check.ok) {
    const errors = check.errors.map((error) => ({ ...error, pointer: received.pointerOf(error.pointer) }));
    return { ok: false, errors, headers: false };
  }
  return { ok: true, request: { criteria: check.criteria, limit, offset } };
}

/**
 * The criteria of a canonical body, checked against their schema and then for what the schema cannot say: a criterion
 * names a known field (one without any would match every location; unknown fields such as `boTyp` are ignored), and
 * there are at most MAX_CRITERIA.
 */
function criteriaOf(
  body: unknown,
): { ok: true; criteria: LocationCriterion[] } | { ok: false; errors: ParameterError[] } {
  const errors = checkCriteria(body);
  const stammdaten = isPlainObject(body) ? body['stammdaten'] : undefined;
  if (!isPlainObject(stammdaten)) return { ok: false, errors };
  // A field the schema refused is no criterion.
  const refused = new Set(errors.map((error) => error.pointer));
  const usable = (value: unknown, pointer: string): value is string =>
    typeof value === 'string' && value !== '' && !refused.has(pointer);
  const criteria: LocationCriterion[] = [];
  for (const [kind, list] of Object.entries(stammdaten)) {
    const ownType = Object.hasOwn(IDENTIFY_KINDS, kind) ? IDENTIFY_KINDS[kind] : undefined;
    if (!ownType || !Array.isArray(list)) continue;
    list.forEach((element: unknown, index) => {
      const at = `#/stammdaten/${kind}/${index}`;
      if (!isPlainObject(element)) return;
      const criterion: LocationCriterion = { kind, locations: [], texts: [] };
      for (const [field, type] of Object.entries(ID_FIELDS)) {
        const value = element[field];
        if (usable(value, `${at}/${field}`))
          criterion.locations.push(locationKey(type === 'OWN' ? ownType : type, value));
      }
      for (const [object, field] of TEXT_FIELDS[kind] ?? []) {
        const parent = element[object];
        const value = isPlainObject(parent) ? parent[field] : undefined;
        if (usable(value, `${at}/${object}/${field}`)) criterion.texts.push([object, field, value.toLowerCase()]);
      }
      if (criterion.locations.length === 0 && criterion.texts.length === 0) {
        errors.push({ pointer: at, message: `names no criterion (${criterionNames(kind)})` });
      }
      criteria.push(criterion);
    });
  }
  if (errors.length === 0 && criteria.length === 0)
    errors.push({ pointer: '#/stammdaten', message: 'names no criterion' });
  if (criteria.length > MAX_CRITERIA)
    errors.push({ pointer: '#/stammdaten', message: `at most ${MAX_CRITERIA} criteria` });
  if (errors.length > 0) return { ok: false, errors: inBodyOrder(errors, stammdaten) };
  return { ok: true, criteria };
}

/** Errors as the body reads: kinds as sent, criteria by index, a criterion's own error after its fields', `#/stammdaten` last. */
function inBodyOrder(errors: ParameterError[], stammdaten: Record<string, unknown>): ParameterError[] {
  const kinds = Object.keys(stammdaten);
  const place = (pointer: string): number[] => {
    const [kind, index, ...field] = pointer.split('/').slice(2);
    if (kind === undefined) return [Number.MAX_SAFE_INTEGER];
    return [
      kinds.indexOf(unescapePointerToken(kind)),
      index === undefined ? -1 : Number(index),
      field.length === 0 ? 1 : 0,
    ];
  };
  const compare = (a: number[], b: number[]): number =>
    a.map((value, at) => value - (b[at] ?? 0)).find((difference) => difference !== 0) ?? 0;
  return errors.sort((a, b) => compare(place(a.pointer), place(b.pointer)));
}

/** What a criterion of `kind` may name, for the error: `an id, a lokationsadresse, katasterinformation or endkunde field`. */
export function criterionNames(kind: string): string {
  const objects = [...new Set((TEXT_FIELDS[kind] ?? []).map(([object]) => object))];
  if (objects.length === 0) return 'an id';
  return `an id, a ${objects.length > 1 ? `${objects.slice(0, -1).join(', ')} or ${objects.at(-1)}` : objects[0]} field`;
}

function pagingHeader(
  headers: Headers,
  name: string,
  fallback: number,
  min: number,
  max: number,
  errors: ParameterError[],
): number {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) return fallback;
  const text = Array.isArray(raw) ? undefined : raw.trim();
  if (text === undefined || !/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    errors.push({ pointer: `#/header/${name}`, message: `must be one integer from ${min} to ${max}` });
    return fallback;
  }
  return Number(text);
}
