import { isCalendarInstant, RFC3339_DATE_TIME } from '@maco/domain';
import {
  commandNames,
  type OpenApiObject,
  type ProblemFieldError,
  type QueryParameter,
  type QueryParameters,
  readQuery,
  textParameter,
} from '@maco/platform';
import {
  LOCATION_TYPES,
  locationKey,
  type LocationType,
  locationTypeOf,
  locationTypesOfId,
  lookupKey,
  MAX_ID_LENGTH,
} from '@maco/read-model';
import { type ParameterMeaning, READ_PARAMETERS, type ReadRoute } from './read-routes';

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

export type ParameterError = ProblemFieldError;

export type ReadRequestCheck = { ok: true; request: ReadRequest } | { ok: false; errors: ParameterError[] };

// bo-read's parameter kinds: what a parameter means decides how it is read and documented.

/** An id of printable characters (`what` in the message), at most `max` long. */
const idParameter = (
  description: string,
  schema: OpenApiObject = {},
  max = MAX_ID_LENGTH,
  what = 'an id',
): QueryParameter<string> =>
  textParameter(
    description,
    new RegExp(`^[\\x21-\\x7e]{1,${max}}$`),
    `${what} (printable characters, at most ${max})`,
    { maxLength: max, ...schema },
  );

/** A date-time with offset (RFC 3339, as the contract's `format: date-time` says); an unencoded `+` of the offset arrives as a space. */
const dateTimeParameter = (description: string, example: string): QueryParameter<Date> => ({
  description,
  expected: 'a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z',
  schema: { type: 'string', format: 'date-time', example },
  parse: (text) => {
    const normalised = text.replace(/ (\d{2}:\d{2})$/, '+$1');
    const date = RFC3339_DATE_TIME.test(normalised) && isCalendarInstant(normalised) ? new Date(normalised) : undefined;
    return date && !Number.isNaN(date.getTime()) ? date : undefined;
  },
});

const TRI_STATE: Record<string, boolean | null> = { true: true, false: false, null: null };
/** `true`, `false` or `null` (= ignore the condition). */
const triStateParameter = (description: string): QueryParameter<boolean | null> => ({
  description,
  expected: 'true, false or null',
  schema: { type: 'string', enum: Object.keys(TRI_STATE) },
  parse: (text) => (Object.hasOwn(TRI_STATE, text) ? TRI_STATE[text] : undefined),
});

/** `command`: the operationId (or another spelling of it), a system prefix (`SAP_`) allowed; given empty, it is wrong. */
export const commandParameter = (operationId: string, aliases: readonly string[] = []): QueryParameter<string> => ({
  description:
    `The operationId \`${operationId}\`, with or without a system prefix (\`SAP_${operationId}\`)` +
    (aliases.length > 0 ? `; also spelled ${aliases.map((alias) => `\`${alias}\``).join(', ')}` : '') +
    '; another operation is 400.',
  expected: `${operationId}, with or without a system prefix such as SAP_ (or absent)`,
  schema: { type: 'string', example: `SAP_${operationId}` },
  readsEmpty: true,
  parse: (text) => ([operationId, ...aliases].some((name) => commandNames(text, name)) ? text : undefined),
});

/** The value of each meaning, once read. */
interface MeaningValues {
  locationId: string;
  locationType: LocationType;
  from: Date;
  to: Date;
  lookupId: string;
  obis: string;
  billingRelevant: boolean | null;
  balancingRelevant: boolean | null;
  supplier: string;
  balancingGroup: string;
}

/** Each meaning's kind (`ReadRoute.parameters` says which parameter carries it). */
const MEANINGS: { [M in ParameterMeaning]: QueryParameter<MeaningValues[M]> } = {
  locationId: idParameter('Location id (MaLo, MeLo, NeLo, technical or controllable resource, tranche).', {
    example: '50074561188',
  }),
  locationType: {
    description:
      'Location type of the location id. Absent: from the id’s format (11 digits MaLo or tranche, `DE`+31 MeLo, `E`/`D`/`C`+10 NeLo/TR/SR), else MALO.',
    expected: `one of ${LOCATION_TYPES.join(', ')}`,
    schema: { type: 'string', enum: [...LOCATION_TYPES] },
    parse: locationTypeOf,
  },
  from: dateTimeParameter(
    'Key date, or the start of the period when a period end is set (date-time with offset).',
    '2024-06-28T12:18:00Z',
  ),
  to: dateTimeParameter(
    'End of the period (inclusive, date-time with offset, not before its start). Absent: the start is a key date.',
    '2024-12-31T23:00:00Z',
  ),
  lookupId: idParameter(
    'The id the objects are read by (Avis number, ILN of the market participant, definition code).',
  ),
  obis: idParameter(
    'OBIS code: only energy amounts with a value of it (`energieverbrauch[].obiskennzahl`).',
    { example: '1-1:1.8.0' },
    40,
    'an OBIS code',
  ),
  billingRelevant: triStateParameter(
    'Only energy amounts with this `abrechnungsrelevant` (or without the field); `null` ignores it.',
  ),
  balancingRelevant: triStateParameter(
    'Only energy amounts with this `bilanzierungsrelevant` (or without the field); `null` ignores it.',
  ),
  supplier: idParameter('Role code number (ILN) of the supplier.', { example: '9979052000006' }),
  balancingGroup: idParameter(
    'Balancing group from the registration; an authorisation naming another one does not count.',
  ),
};

const PARAMETERS_OF = new WeakMap<ReadRoute, QueryParameters>();

/** A read's query parameters, from its row: each `parameterN` it takes as its meaning's kind, then `command`. */
export function readParametersOf(route: ReadRoute): QueryParameters {
  let parameters = PARAMETERS_OF.get(route);
  if (!parameters) {
    const taken = READ_PARAMETERS.flatMap((name) => {
      const spec = route.parameters[name];
      return spec ? [[name, { ...MEANINGS[spec.meaning], required: spec.required }] as const] : [];
    });
    parameters = { ...Object.fromEntries(taken), command: commandParameter(route.operationId, route.commandAliases) };
    PARAMETERS_OF.set(route, parameters);
  }
  return parameters;
}

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
 * Checks a read's query against the route's parameters (`readParametersOf`, one `readQuery`), then what no single
 * parameter says: a period's end not before its start, and parameters the route does not take given once at most.
 * Every problem is reported, with a pointer to its parameter, in the order of the parameters (`command` last).
 */
export function checkReadRequest(route: ReadRoute, query: Record<string, unknown>): ReadRequestCheck {
  const { values, errors } = readQuery(readParametersOf(route), query);
  const nameOf = (meaning: ParameterMeaning) =>
    READ_PARAMETERS.find((name) => route.parameters[name]?.meaning === meaning);
  const value = <M extends ParameterMeaning>(meaning: M): MeaningValues[M] | undefined => {
    const name = nameOf(meaning);
    return name === undefined ? undefined : (values[name] as MeaningValues[M] | undefined);
  };
  for (const name of READ_PARAMETERS) {
    const raw = query[name];
    if (!route.parameters[name] && raw !== undefined && typeof raw !== 'string')
      errors.push({ pointer: `#/${name}`, message: 'must be given once' });
  }
  const [from, to] = [value('from'), value('to')];
  if (from && to && to < from)
    errors.push({ pointer: `#/${nameOf('to')}`, message: `must not be before ${nameOf('from')}` });
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => rank(a) - rank(b)) };

  const [locationId, lookupId, supplier] = [value('locationId'), value('lookupId'), value('supplier')];
  const namedType = value('locationType');
  const locationTypes = locationId === undefined ? [] : namedType ? [namedType] : locationTypesOfId(locationId);
  const locationKeys =
    locationId !== undefined
      ? locationTypes.map((type) => locationKey(type, locationId))
      : lookupId !== undefined
        ? [lookupKey(lookupId)]
        : undefined;
  // Authorisations of a supplier for every MaLo are stored under the supplier's key, MaLo-specific ones under the MaLo's.
  const keys = supplier !== undefined && locationKeys ? [...locationKeys, lookupKey(supplier)] : locationKeys;

  const conditions = route.condition ? [route.condition.path] : [];
  const vars: Record<string, unknown> = {};
  const condition = (meaning: ParameterMeaning | 'authorisedLocation', bound: unknown) => {
    const make = CONDITIONS[meaning];
    if (!make || bound === undefined || bound === null) return;
    vars[meaning] = bound;
    conditions.push(make(meaning));
  };
  condition('supplier', supplier);
  if (supplier !== undefined) condition('authorisedLocation', locationId);
  for (const meaning of ['balancingGroup', 'obis', 'billingRelevant', 'balancingRelevant'] as const)
    condition(meaning, value(meaning));

  return {
    ok: true,
    request: {
      ...((locationId ?? lookupId) ? { id: locationId ?? lookupId } : {}),
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
