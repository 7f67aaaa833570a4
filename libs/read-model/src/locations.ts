// The locations a business object can belong to, and how they are keyed in `business_object.locations`.
import { MALO_ID_PATTERN } from '@maco/domain';

/**
 * Location types as the read contract names them in `parameter2` (`STEUERBARE_RESOURCE` sic), and `ZAEHLER`: the vendor
 * mock reads the locations of a meter number with `parameter2=ZAEHLER` (gas).
 */
export const LOCATION_TYPES = [
  'MALO',
  'MELO',
  'NELO',
  'TECHNISCHE_RESSOURCE',
  'STEUERBARE_RESOURCE',
  'TRANCHE',
  'ZAEHLER',
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Other spellings of a location type seen in bodies (`referenzLokationsTyp`, `lokationsTyp`) and in requests. */
const LOCATION_TYPE_ALIASES: Record<string, LocationType> = {
  ...Object.fromEntries(LOCATION_TYPES.map((type) => [type, type])),
  STEUERBARE_RESSOURCE: 'STEUERBARE_RESOURCE',
  TR: 'TECHNISCHE_RESSOURCE',
  SR: 'STEUERBARE_RESOURCE',
};

/** The location type a spelling stands for, or undefined. */
export function locationTypeOf(name: unknown): LocationType | undefined {
  return typeof name === 'string' && Object.hasOwn(LOCATION_TYPE_ALIASES, name)
    ? LOCATION_TYPE_ALIASES[name]
    : undefined;
}

/**
 * The location types an id's format allows (backend-interface.md §10, "ID formats"): 11 digits → MaLo (a tranche id
 * has the same format, so it may be a tranche too), `DE` + 31 → MeLo, `E`/`D`/`C` + 10 → NeLo/TR/SR; MaLo otherwise.
 */
export function locationTypesOfId(id: string): LocationType[] {
  if (MALO_ID_PATTERN.test(id)) return ['MALO', 'TRANCHE'];
  if (/^DE[A-Z0-9]{31}$/.test(id)) return ['MELO'];
  if (/^E[A-Z0-9]{10}$/.test(id)) return ['NELO'];
  if (/^D[A-Z0-9]{10}$/.test(id)) return ['TECHNISCHE_RESSOURCE'];
  if (/^C[A-Z0-9]{10}$/.test(id)) return ['STEUERBARE_RESOURCE'];
  return ['MALO'];
}

/** How a location is stored in `business_object.locations`: type and id, so a MaLo and a tranche never mix. */
export const locationKey = (type: LocationType, id: string): string => `${type}:${id}`;

/**
 * How an object read by something other than a location (an Avis number, a market participant's ILN, a definition
 * code) stores that key in `business_object.locations`, beside its location keys.
 */
export const lookupKey = (id: string): string => `ID:${id}`;

/** Longer ids are not projected: they could not be indexed (and no market id comes near). */
export const MAX_ID_LENGTH = 128;
/**
 * A message with more locations than this links its objects only to the locations they name: a bulk message would
 * otherwise give every object every location (quadratic).
 */
export const MESSAGE_LOCATION_LIMIT = 50;

export interface NamedLocation {
  type: LocationType;
  id: string;
}

/** What the objects of one message (or import document) belong to when they carry no id of their own. */
export interface MessageFacts {
  /** The ids of its location objects, the meters its MeLos name, `transaktionsdaten.lokationsId` (UTILTS). */
  locations: NamedLocation[];
  /** The location the transaction is about (`transaktionsdaten.lokationsId`, UTILTS), which a process's others do not blur. */
  subject?: NamedLocation;
  /** The sender's ILN (`transaktionsdaten.absender.rollencodenummer`): a price sheet is its sender's. */
  sender?: string;
  /** `transaktionsdaten.kategorie` (PRICAT: the kind of price sheet). */
  category?: string;
}
