import { isPlainObject } from '@maco/domain';
import type { JsonValue as Json, ProcessState } from '@maco/process-store';

type JsonObject = { [key: string]: Json };

// The field that names a business object, per boTyp; elements with equal identity are the same object.
const IDENTITY_BY_BO_TYP: Record<string, readonly string[]> = {
  MARKTLOKATION: ['marktlokationsId'],
  MESSLOKATION: ['messlokationsId'],
  NETZLOKATION: ['netzlokationsId'],
  STEUERBARE_RESSOURCE: ['ressourcenId', 'steuerbareRessourceId'],
  TECHNISCHE_RESSOURCE: ['ressourcenId', 'technischeRessourceId'],
  TRANCHE: ['tranchenId'],
  ZAEHLER: ['zaehlernummer'],
  BILANZIERUNG: ['marktlokationsId'],
  VERTRAG: ['vertragsnummer', 'lokationsId'],
  LOKATIONSBUENDEL: ['lokationsbuendelId', 'lokationsbuendelObjektcode'],
};
// Components have no boTyp; these fields identify the common ones (Zaehlwerk, Geraet, Rufnummer, Verwendungszweck).
const COMPONENT_IDENTITY = ['obisKennzahl', 'geraetenummer', 'nummerntyp', 'marktrolle'] as const;

/**
 * The state of a process after an update: objects merge field by field, arrays of objects element by
 * element (matched by their identifying field, else by position), anything else is replaced.
 * `transaktionsdaten` describe one message, so the update's replace the previous ones.
 */
export function mergeProcessState(current: ProcessState, update: ProcessState): ProcessState {
  const merged = mergeValue(current, update) as ProcessState;
  if (update['transaktionsdaten'] !== undefined) merged['transaktionsdaten'] = update['transaktionsdaten'];
  return merged;
}

function mergeValue(target: Json | undefined, patch: Json): Json {
  if (isPlainObject(target) && isPlainObject(patch)) {
    const result: JsonObject = { ...target };
    for (const [key, value] of Object.entries(patch)) result[key] = mergeValue(target[key], value);
    return result;
  }
  if (Array.isArray(target) && Array.isArray(patch) && patch.length > 0 && patch.every(isPlainObject)) {
    return mergeElements(target, patch as JsonObject[]);
  }
  return patch;
}

function mergeElements(target: Json[], patch: JsonObject[]): Json[] {
  const result = target.slice();
  patch.forEach((element, position) => {
    const identity = identityOf(element);
    const index =
      identity !== undefined
        ? result.findIndex((candidate) => isPlainObject(candidate) && identityOf(candidate) === identity)
        : position < target.length &&
            isPlainObject(result[position]) &&
            identityOf(result[position] as JsonObject) === undefined
          ? position
          : -1;
    if (index >= 0) result[index] = mergeValue(result[index], element);
    else result.push(element);
  });
  return result;
}

function identityOf(element: JsonObject): string | undefined {
  const boTyp = element['boTyp'];
  if (
    boTyp === 'MARKTTEILNEHMER' ||
    (element['marktrolle'] !== undefined && element['rollencodenummer'] !== undefined)
  ) {
    return `MARKTTEILNEHMER:${String(element['marktrolle'])}:${String(element['rollencodenummer'])}`;
  }
  const fields = typeof boTyp === 'string' ? (IDENTITY_BY_BO_TYP[boTyp] ?? []) : COMPONENT_IDENTITY;
  for (const field of fields) {
    const value = element[field];
    if (typeof value === 'string' || typeof value === 'number') return `${String(boTyp)}:${field}:${value}`;
  }
  return undefined;
}
