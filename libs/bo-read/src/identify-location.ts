import { isPlainObject } from '@maco/domain';
import { commandNames } from '@maco/platform';
import { locationKey, MAX_ID_LENGTH, type LocationType } from '@maco/process-store';
import type { ParameterError } from './read-parameters';

export const IDENTIFY_LOCATION_OPERATION = 'IDENTIFIZIEREN_LOKATION_BASIS';

/** Paging headers of `POST /identifyLocation` (vendor mock `lesen/identifyLocation/mock.json`, `paging`). */
export const PAGING = { limitHeader: 'Treffer-Max-Anzahl', offsetHeader: 'Treffer-Offset', defaultLimit: 20, maxLimit: 500, maxOffset: 10_000 } as const;
/** Answer headers: returned, total, more, offset. */
export const PAGING_ANSWER = { count: 'Treffer-Anzahl', total: 'Treffer-Gesamtanzahl', more: 'Treffer-Weitere-Vorhanden', offset: 'Treffer-Offset' } as const;

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
  MARKTLOKATION: [...fieldsOf('lokationsadresse', ADDRESS_FIELDS), ...fieldsOf('katasterinformation', CADASTRE_FIELDS), ...fieldsOf('endkunde', NAME_FIELDS)],
  MESSLOKATION: fieldsOf('messadresse', ADDRESS_FIELDS),
  NETZLOKATION: [],
  TECHNISCHE_RESSOURCE: [],
  STEUERBARE_RESSOURCE: [],
  TRANCHE: [...fieldsOf('lokationsadresse', ADDRESS_FIELDS), ...fieldsOf('katasterinformation', CADASTRE_FIELDS), ...fieldsOf('endkunde', NAME_FIELDS)],
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

export type IdentifyRequestCheck = { ok: true; request: IdentifyRequest } | { ok: false; errors: ParameterError[]; headers: boolean };

const MAX_CRITERIA = 100;
const MAX_TEXT = 256;

type Headers = Record<string, string | string[] | undefined>;

/**
 * Checks `POST /identifyLocation`: the body `{"stammdaten": {"MARKTLOKATION": [{criterion}, …], …}}` (the shape the
 * vendor mock matches on, `body.stammdaten.MARKTLOKATION[0].marktlokationsId`), the paging headers and `command`.
 * Fields a criterion does not know (`boTyp`, `sparte`, …) are ignored; a criterion without any known field is refused,
 * as it would match every location.
 */
export function checkIdentifyRequest(body: unknown, headers: Headers, command: unknown): IdentifyRequestCheck {
  const headerErrors: ParameterError[] = [];
  const limit = pagingHeader(headers, PAGING.limitHeader, PAGING.defaultLimit, 1, PAGING.maxLimit, headerErrors);
  const offset = pagingHeader(headers, PAGING.offsetHeader, 0, 0, PAGING.maxOffset, headerErrors);
  if (command !== undefined && !commandNames(command, IDENTIFY_LOCATION_OPERATION)) {
    headerErrors.push({ pointer: '#/command', message: `must be ${IDENTIFY_LOCATION_OPERATION}, with or without a system prefix such as SAP_ (or absent)` });
  }
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors, headers: true };

  const errors: ParameterError[] = [];
  const criteria: LocationCriterion[] = [];
  const stammdaten = isPlainObject(body) ? body['stammdaten'] : undefined;
  if (!isPlainObject(stammdaten)) return { ok: false, errors: [{ pointer: '#/stammdaten', message: 'must be an object of location kinds' }], headers: false };
  for (const [kind, list] of Object.entries(stammdaten)) {
    const pointer = `#/stammdaten/${kind}`;
    const ownType = Object.hasOwn(IDENTIFY_KINDS, kind) ? IDENTIFY_KINDS[kind] : undefined;
    if (!ownType) {
      errors.push({ pointer, message: `must be one of ${Object.keys(IDENTIFY_KINDS).join(', ')}` });
      continue;
    }
    if (!Array.isArray(list)) {
      errors.push({ pointer, message: 'must be an array of criteria' });
      continue;
    }
    list.forEach((element: unknown, index) => {
      const at = `${pointer}/${index}`;
      if (!isPlainObject(element)) return void errors.push({ pointer: at, message: 'must be an object' });
      const criterion: LocationCriterion = { kind, locations: [], texts: [] };
      for (const [field, type] of Object.entries(ID_FIELDS)) {
        const value = element[field];
        if (value === undefined || value === null || value === '') continue;
        if (typeof value !== 'string' || value.length > MAX_ID_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
          errors.push({ pointer: `${at}/${field}`, message: `must be an id (printable characters, at most ${MAX_ID_LENGTH})` });
          continue;
        }
        criterion.locations.push(locationKey(type === 'OWN' ? ownType : type, value));
      }
      for (const [object, field] of TEXT_FIELDS[kind] ?? []) {
        const parent = element[object];
        const value = isPlainObject(parent) ? parent[field] : undefined;
        if (value === undefined || value === null || value === '') continue;
        if (typeof value !== 'string' || value.length > MAX_TEXT) {
          errors.push({ pointer: `${at}/${object}/${field}`, message: `must be a string of at most ${MAX_TEXT} characters` });
          continue;
        }
        criterion.texts.push([object, field, value.toLowerCase()]);
      }
      if (criterion.locations.length === 0 && criterion.texts.length === 0) {
        errors.push({ pointer: at, message: `names no criterion (${criterionNames(kind)})` });
      }
      criteria.push(criterion);
    });
  }
  if (errors.length === 0 && criteria.length === 0) errors.push({ pointer: '#/stammdaten', message: 'names no criterion' });
  if (criteria.length > MAX_CRITERIA) errors.push({ pointer: '#/stammdaten', message: `at most ${MAX_CRITERIA} criteria` });
  if (errors.length > 0) return { ok: false, errors, headers: false };
  return { ok: true, request: { criteria, limit, offset } };
}

/** What a criterion of `kind` may name, for the error: `an id, a lokationsadresse, katasterinformation or endkunde field`. */
export function criterionNames(kind: string): string {
  const objects = [...new Set((TEXT_FIELDS[kind] ?? []).map(([object]) => object))];
  if (objects.length === 0) return 'an id';
  return `an id, a ${objects.length > 1 ? `${objects.slice(0, -1).join(', ')} or ${objects.at(-1)}` : objects[0]} field`;
}

function pagingHeader(headers: Headers, name: string, fallback: number, min: number, max: number, errors: ParameterError[]): number {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) return fallback;
  const text = Array.isArray(raw) ? undefined : raw.trim();
  if (text === undefined || !/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    errors.push({ pointer: `#/header/${name}`, message: `must be one integer from ${min} to ${max}` });
    return fallback;
  }
  return Number(text);
}
