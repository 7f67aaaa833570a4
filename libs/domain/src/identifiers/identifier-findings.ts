import type { Finding } from '../domain-api';
import { isPlainObject } from '../json/plain-object';
import { appendPointer, ROOT_POINTER } from '../validation/json-pointer';
import { checkIdentifier, type IdentifierKind } from './identifier-checks';

/**
 * Fields whose name alone says which identifier they hold. A Tranche's id has the MaLo-ID's format and check digit:
 * the AHB gives SG5 LOC+Z21 DE3225 the format condition [950] (Marktlokations-ID), as for LOC+Z16.
 */
const KIND_BY_FIELD: ReadonlyMap<string, IdentifierKind> = new Map<string, IdentifierKind>([
  ['marktlokationsId', 'malo'],
  ['tranchenId', 'malo'],
  ['messlokationsId', 'melo'],
  ['netzlokationsId', 'nelo'],
  ['technischeRessourceId', 'tr'],
  ['steuerbareRessourceId', 'sr'],
  ['rollencodenummer', 'mpid'],
  ['bilanzierungsgebiet', 'eic'],
]);

/** `ressourcenId` is a TR-ID or an SR-ID by the stammdaten kind it is in. */
const RESSOURCE_KIND_BY_STAMMDATEN: ReadonlyMap<string, IdentifierKind> = new Map<string, IdentifierKind>([
  ['TECHNISCHE_RESSOURCE', 'tr'],
  ['STEUERBARE_RESSOURCE', 'sr'],
]);

/** Location id fields whose kind is named by a sibling type field (`Vertrag`, `Anfrage`, `ZuordnungObjectcode`, …). */
const TYPE_FIELD_OF: ReadonlyMap<string, string> = new Map([
  ['lokationsId', 'lokationsTyp'],
  ['referenzLokationsId', 'referenzLokationsTyp'],
  ['vorgelagerteLokationId', 'vorgelagerteLokationTyp'],
]);

const KIND_BY_LOCATION_TYPE: ReadonlyMap<string, IdentifierKind> = new Map<string, IdentifierKind>([
  ['MALO', 'malo'],
  ['MARKTLOKATION', 'malo'],
  ['MELO', 'melo'],
  ['MESSLOKATION', 'melo'],
  ['NELO', 'nelo'],
  ['NETZLOKATION', 'nelo'],
  ['TECHNISCHE_RESSOURCE', 'tr'],
  ['STEUERBARE_RESSOURCE', 'sr'],
  ['TRANCHE', 'malo'],
]);

/**
 * How a field's identifier kind is found, by field name (one lookup per string field: the walk visits every field):
 * `kind` when the name says it, `typeField` when a sibling names it, neither for `ressourcenId` (the stammdaten kind).
 */
interface KindSource {
  kind: IdentifierKind | undefined;
  typeField: string | undefined;
}

const KIND_SOURCES: ReadonlyMap<string, KindSource> = new Map<string, KindSource>([
  ...[...KIND_BY_FIELD].map(([field, kind]): [string, KindSource] => [field, { kind, typeField: undefined }]),
  ['ressourcenId', { kind: undefined, typeField: undefined }],
  ...[...TYPE_FIELD_OF].map(([field, typeField]): [string, KindSource] => [field, { kind: undefined, typeField }]),
]);

const KIND_NAMES: Record<IdentifierKind, string> = {
  malo: 'MaLo-ID',
  nelo: 'NeLo-ID',
  tr: 'Technische-Ressource-ID',
  sr: 'Steuerbare-Ressource-ID',
  melo: 'MeLo-ID',
  mpid: 'MP-ID',
  eic: 'EIC',
};

/**
 * `invalid-identifier` findings for every known identifier field in `stammdaten` and `transaktionsdaten` whose value
 * fails its format or check-digit check (one walk; pointers are only built for findings). Empty strings and
 * non-strings are left to validation and the AHB rules. Findings only: nothing here refuses a body.
 */
export function identifierFindings(body: unknown): Finding[] {
  const findings: Finding[] = [];
  if (!isPlainObject(body)) return findings;
  const path: (string | number)[] = [];
  const stammdaten = body['stammdaten'];
  if (isPlainObject(stammdaten)) {
    path.push('stammdaten');
    for (const kind in stammdaten) {
      if (!Object.prototype.hasOwnProperty.call(stammdaten, kind)) continue;
      path.push(kind);
      walk(stammdaten[kind], RESSOURCE_KIND_BY_STAMMDATEN.get(kind), path, findings);
      path.pop();
    }
    path.pop();
  }
  const transaktionsdaten = body['transaktionsdaten'];
  if (isPlainObject(transaktionsdaten)) {
    path.push('transaktionsdaten');
    walk(transaktionsdaten, undefined, path, findings);
    path.pop();
  }
  return findings;
}

function walk(
  value: unknown,
  ressourceKind: IdentifierKind | undefined,
  path: (string | number)[],
  findings: Finding[],
): void {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const element = value[index];
      if (typeof element !== 'object' || element === null) continue;
      path.push(index);
      walk(element, ressourceKind, path, findings);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(value)) return;
  for (const key in value) {
    // Not Object.hasOwn: V8 reduces `hasOwnProperty` in a for-in over the object's own keys to a map check.
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const field = value[key];
    if (typeof field === 'string') {
      if (field === '') continue;
      const source = KIND_SOURCES.get(key);
      if (source === undefined) continue;
      const kind = kindOf(value, source, ressourceKind);
      if (kind === undefined) continue;
      const result = checkIdentifier(kind, field);
      if (result.ok) continue;
      path.push(key);
      findings.push({
        code: 'invalid-identifier',
        pointer: pointerOf(path),
        check: result.check,
        message:
          result.expected === undefined
            ? `${field} is not a valid ${KIND_NAMES[kind]} (${result.check})`
            : `${field} is not a valid ${KIND_NAMES[kind]} (${result.check}: expected ${result.expected})`,
      });
      path.pop();
    } else if (typeof field === 'object' && field !== null) {
      path.push(key);
      walk(field, ressourceKind, path, findings);
      path.pop();
    }
  }
}

function kindOf(
  object: Record<string, unknown>,
  source: KindSource,
  ressourceKind: IdentifierKind | undefined,
): IdentifierKind | undefined {
  if (source.kind !== undefined) return source.kind;
  if (source.typeField === undefined) return ressourceKind;
  const type = object[source.typeField];
  return typeof type === 'string' ? KIND_BY_LOCATION_TYPE.get(type) : undefined;
}

function pointerOf(path: readonly (string | number)[]): string {
  let pointer = ROOT_POINTER;
  for (const token of path)
    pointer =
      typeof token === 'number' || PLAIN_TOKEN.test(token) ? `${pointer}/${token}` : appendPointer(pointer, token);
  return pointer;
}

/** Tokens that neither RFC 6901 escaping nor percent-encoding change (most keys): appended as they are. */
const PLAIN_TOKEN = /^[\w.-]*$/;
