import { RFC3339_DATE_TIME } from '@maco/domain';
import { commandNames } from '@maco/platform';
import { LOCATION_TYPES, locationKey, locationTypeOf, locationTypesOfId, lookupKey, MAX_ID_LENGTH, type LocationType } from '@maco/process-store';
import { READ_PARAMETERS, type ParameterMeaning, type ReadRoute } from './read-routes';

/** What a read asks for, once its parameters are checked. */
export interface ReadRequest {
  /** The id it reads by (a location id or a lookup id), for logs; absent when the read takes the whole kind. */
  id?: string;
  /** The location types a location id is read as: its type parameter, else what its format allows. */
  locationTypes: LocationType[];
  /** Keys of the read model (`locationKey`, `lookupKey`); absent → every object of the kind. */
  keys?: string[];
  from: Date;
  to?: Date;
  /** A SQL/JSON path predicate on the objects, when the route or a parameter narrows them. */
  match?: { path: string; vars: Record<string, unknown> };
}

export interface ParameterError {
  pointer: string;
  message: string;
}

export type ReadRequestCheck = { ok: true; request: ReadRequest } | { ok: false; errors: ParameterError[] };

const PRINTABLE = /^[\x21-\x7e]+$/;
const TRI_STATE: Record<string, boolean | null> = { true: true, false: false, null: null };
/** Conditions a parameter adds on the objects (`@`), its value bound to the variable named by its meaning. */
const CONDITIONS: Partial<Record<ParameterMeaning | 'authorisedLocation', (variable: string) => string>> = {
  supplier: (v) => `(@.lieferant.rollencodenummer == $${v} || @.rollencodenummer == $${v})`,
  // An authorisation naming no MaLo holds for every MaLo of its supplier and balancing group.
  authorisedLocation: (v) => `(!exists(@.marktlokationsId) || @.marktlokationsId == $${v})`,
  // An authorisation without a balancing group holds for any.
  balancingGroup: (v) => `(!exists(@.bilanzkreis) || @.bilanzkreis == $${v})`,
  obis: (v) => `exists(@.energieverbrauch[*] ? (@.obiskennzahl == $${v} || @.obisKennzahl == $${v}))`,
  billingRelevant: (v) => `(!exists(@.abrechnungsrelevant) || @.abrechnungsrelevant == $${v})`,
  balancingRelevant: (v) => `(!exists(@.bilanzierungsrelevant) || @.bilanzierungsrelevant == $${v})`,
};

/**
 * Checks a read's query against the route's parameters (`ReadRoute.parameters`): ids printable and at most
 * MAX_ID_LENGTH, types from LOCATION_TYPES, dates RFC 3339 with offset (a period's end not before its start),
 * `true`/`false`/`null` flags; `command` optional, the operationId with or without a system prefix. Parameters the
 * route does not take are accepted if given once. Every problem is reported, with a pointer to its parameter.
 */
export function checkReadRequest(route: ReadRoute, query: Record<string, unknown>): ReadRequestCheck {
  const errors: ParameterError[] = [];
  const error = (name: string, message: string) => errors.push({ pointer: `#/${name}`, message });
  const given: Partial<Record<ParameterMeaning, { name: string; text: string }>> = {};
  for (const name of READ_PARAMETERS) {
    const spec = route.parameters[name];
    const raw = query[name];
    if (raw === undefined || raw === '') {
      if (spec?.required) error(name, 'is required');
    } else if (typeof raw !== 'string') {
      error(name, 'must be given once');
    } else if (spec) {
      given[spec.meaning] = { name, text: raw };
    }
  }

  const text = (meaning: ParameterMeaning, what: string, valid: (value: string) => boolean): string | undefined => {
    const parameter = given[meaning];
    if (parameter && !valid(parameter.text)) {
      error(parameter.name, what);
      return undefined;
    }
    return parameter?.text;
  };
  const isId = (value: string) => value.length <= MAX_ID_LENGTH && PRINTABLE.test(value);
  const idMessage = `must be an id (printable characters, at most ${MAX_ID_LENGTH})`;
  const locationId = text('locationId', idMessage, isId);
  const lookupId = text('lookupId', idMessage, isId);
  const typeName = text('locationType', `must be one of ${LOCATION_TYPES.join(', ')}`, (value) => locationTypeOf(value) !== undefined);
  const supplier = text('supplier', idMessage, isId);
  const balancingGroup = text('balancingGroup', idMessage, isId);
  const obis = text('obis', 'must be an OBIS code (printable characters, at most 40)', (value) => value.length <= 40 && PRINTABLE.test(value));
  const flags = (['billingRelevant', 'balancingRelevant'] as const).map((meaning) => [meaning, text(meaning, 'must be true, false or null', (value) => Object.hasOwn(TRI_STATE, value))] as const);
  const from = dateOf(given.from, error);
  const to = dateOf(given.to, error);
  if (from && to && to < from) error(given.to?.name ?? 'parameter4', `must not be before ${given.from?.name ?? 'parameter3'}`);
  const command = query['command'];
  if (command !== undefined && ![route.operationId, ...(route.commandAliases ?? [])].some((operationId) => commandNames(command, operationId))) {
    error('command', `must be ${route.operationId}, with or without a system prefix such as SAP_ (or absent)`);
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => rank(a) - rank(b)) };

  const namedType = typeName === undefined ? undefined : locationTypeOf(typeName);
  const locationTypes = locationId === undefined ? [] : namedType ? [namedType] : locationTypesOfId(locationId);
  const locationKeys = locationId !== undefined ? locationTypes.map((type) => locationKey(type, locationId)) : lookupId !== undefined ? [lookupKey(lookupId)] : undefined;
  // Authorisations of a supplier for every MaLo are stored under the supplier's key, MaLo-specific ones under the MaLo's.
  const keys = supplier !== undefined && locationKeys ? [...locationKeys, lookupKey(supplier)] : locationKeys;

  const conditions = route.condition ? [route.condition.path] : [];
  const vars: Record<string, unknown> = {};
  const condition = (meaning: ParameterMeaning | 'authorisedLocation', value: unknown) => {
    const make = CONDITIONS[meaning];
    if (!make || value === undefined || value === null) return;
    vars[meaning] = value;
    conditions.push(make(meaning));
  };
  condition('supplier', supplier);
  if (supplier !== undefined) condition('authorisedLocation', locationId);
  condition('balancingGroup', balancingGroup);
  condition('obis', obis);
  for (const [meaning, flag] of flags) condition(meaning, flag === undefined ? undefined : TRI_STATE[flag]);

  return {
    ok: true,
    request: {
      ...(locationId ?? lookupId ? { id: locationId ?? lookupId } : {}),
      locationTypes,
      ...(keys ? { keys } : {}),
      // A read without a key date (an Avis) answers the objects as they stand now.
      from: from ?? new Date(),
      ...(to ? { to } : {}),
      ...(conditions.length > 0 ? { match: { path: `$ ? (${conditions.join(' && ')})`, vars } } : {}),
    },
  };
}

/** Errors in the order of their parameters, `command` last. */
function rank(error: ParameterError): number {
  const index = (READ_PARAMETERS as readonly string[]).indexOf(error.pointer.slice(2));
  return index === -1 ? READ_PARAMETERS.length : index;
}

function dateOf(parameter: { name: string; text: string } | undefined, error: (name: string, message: string) => void): Date | undefined {
  if (parameter === undefined) return undefined;
  const { name, text } = parameter;
  // An unencoded `+` of an offset arrives as a space.
  const normalised = text.replace(/ (\d{2}:\d{2})$/, '+$1');
  // RFC 3339 date-time with its offset, as the contract's `format: date-time` says.
  const date = RFC3339_DATE_TIME.test(normalised) ? new Date(normalised) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    error(name, 'must be a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z');
    return undefined;
  }
  return date;
}
