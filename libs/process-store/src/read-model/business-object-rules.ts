import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  isPlainObject,
  MALO_ID_PATTERN,
  type Energiemenge,
  type Lokationsbuendel,
  type Stammdaten,
  type Transaktionsdaten,
  type Vertrag,
  type Zeitraum,
} from '@maco/domain';
import { marketLocationKeys, meterKeys, meterNumbersOf } from '../malo-ident/malo-ident-keys';

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

type Bo = Record<string, unknown>;
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

// ---------- Field names, checked against the domain classes (@maco/domain) ----------
// A rule names fields of its kind's class, the class the domain's `Stammdaten` holds that kind as: renaming a field of
// a class fails to compile here. A spelling of the wire format the class lacks (a vendor's or BO4E's alias) is a
// `wire(…)` name, each with a comment saying why. Kinds the domain leaves untyped (`JsonObject` in `Stammdaten`) take
// any name.

/** Carries an object's class for the type checker (`Raw`); no object has it. */
declare const CLASS: unique symbol;

/** A property of the class T (none of `never`; any name of untyped JSON). */
type Field<T> = [T] extends [never] ? never : Extract<keyof T, string>;

/**
 * The class of a property's values: of a list its elements', of a union its object members'; none of a scalar or of
 * JSON the domain leaves untyped.
 */
type ClassOf<V> = V extends readonly (infer E)[]
  ? ClassOf<E>
  : V extends object
    ? string extends keyof V
      ? never
      : V
    : never;

/** A property of T, or a property of the class of one of T's properties (`gueltigkeitszeitraum.startdatum`). */
type Path<T> = { [K in Field<T>]-?: K | `${K}.${Field<ClassOf<T[K]>>}` }[Field<T>];

/** A name of the wire format that the domain class lacks: unchecked, so each one is marked and says why. */
type WireName = string & { readonly wireFormat: true };
const wire = (name: string): WireName => name as WireName;

/**
 * An object of class T as it arrives (untrusted JSON): T's properties, each of unknown content. Naming a property T does
 * not have fails to compile.
 */
type Raw<T> = { readonly [K in Field<T>]?: unknown } & { readonly [CLASS]?: T };

/** The class of the values of property K of an object (`Raw`); `Bo` when the object is untyped JSON. */
type ValueClass<O, K extends string> = string extends keyof O
  ? Bo
  : O extends { readonly [CLASS]?: infer T }
    ? K extends keyof NonNullable<T>
      ? ClassOf<NonNullable<T>[K]>
      : never
    : never;

const valueAt = (object: object, name: string): unknown => (object as Bo)[name];

/** The JSON objects among the elements of the list `field`, as objects of the class of its elements. */
function elementsOf<O extends object, K extends Field<O>>(object: O, field: K): Raw<ValueClass<O, K>>[] {
  return arrayOf(valueAt(object, field)).filter(isPlainObject) as Raw<ValueClass<O, K>>[];
}

/** The JSON object `field` holds, as an object of the field's class; undefined when it holds none. */
function objectAt<O extends object, K extends Field<O>>(object: O, field: K): Raw<ValueClass<O, K>> | undefined {
  const value = valueAt(object, field);
  return isPlainObject(value) ? (value as Raw<ValueClass<O, K>>) : undefined;
}

/** Fields (dotted paths) that hold a validity start and end (a kind may know only a start). */
type ValidityFields<T = Bo> = readonly [from: Path<T> | WireName, to?: Path<T> | WireName];

/** The rule of one `stammdaten` kind, of class T: where its id, validity and locations are. */
export interface KindRule<T = Bo> {
  /** The location type objects of this kind are, if they are locations. */
  location?: LocationType;
  /** The object's own id: the first of these fields that holds one. */
  id: readonly (Field<T> | WireName)[];
  /** Validity fields, first pair with a usable date wins; none → open. */
  validity: readonly ValidityFields<T>[];
  /** The locations the object names itself (besides its own id). */
  names?: (object: Raw<T>) => NamedLocation[];
  /** An id made from other fields, when none of `id` holds one. */
  derivedId?: (object: Raw<T>) => string | undefined;
  /**
   * The id of an object that has none of its own, from what it belongs to: the message's location, its sender
   * (`index`: its position in its kind's list). Most contracts, balancing records and formulas arrive so.
   */
  belongingId?: (object: Raw<T>, message: MessageFacts, index: number | null) => string | undefined;
  /** Keys the object is read by besides locations (stored as `lookupKey`). */
  keys?: (object: Raw<T>) => string[];
  /**
   * Keys the grid operator's MaLo identification finds the object by (normalised address, names, meter numbers; stored
   * as `lookupKey`). Projected for the role that identifies (NB) only: other roles would pay GIN entries for nothing.
   */
  identificationKeys?: (object: Raw<T>) => string[];
}

/** The kinds of `stammdaten` (the upper-case properties of the domain's `Stammdaten`). */
type StammdatenKind = Extract<keyof Stammdaten, Uppercase<string>>;
/** The class of the objects of a kind: `Stammdaten`'s (a kind holds a list of them, or one). */
type ClassOfKind<K extends StammdatenKind> =
  NonNullable<Stammdaten[K]> extends readonly (infer E)[] | infer E ? E : never;
/**
 * What `BUSINESS_OBJECT_RULES` is checked against: per kind of `Stammdaten` a rule of that kind's class, and the kinds
 * the domain has no property of `Stammdaten` for.
 */
export type RuleTable = { readonly [K in StammdatenKind]?: KindRule<ClassOfKind<K>> } & {
  readonly ZUORDNUNGSERMAECHTIGUNG?: KindRule;
};

/** Which roles' projections carry `KindRule.identificationKeys`. */
export const IDENTIFYING_ROLES: readonly string[] = ['NB'];

/** What a projection adds besides the rules: the identification keys, for an identifying role. */
export interface ProjectionOptions {
  identification?: boolean;
}

/** A booking's projection: the options, and the message's `transaktionsdaten` (sender, UTILTS location). */
export interface DescribeOptions extends ProjectionOptions {
  transaktionsdaten?: unknown;
}

/** The projection options of a role. */
export const projectionOptionsOf = (role: string): ProjectionOptions => ({
  identification: IDENTIFYING_ROLES.includes(role),
});

// BO4E's validity period: `gueltigkeitszeitraum` (the domain's Zeitraum) of the locations, contracts, Bilanzierung.
const ZEITRAUM = [
  'gueltigkeitszeitraum.startdatum',
  'gueltigkeitszeitraum.enddatum',
] as const satisfies ValidityFields<{ gueltigkeitszeitraum?: Zeitraum }>;
// BO4E's Zeitraum has start and end instants too; the domain's Zeitraum does not.
const ZEITPUNKT = [wire('gueltigkeitszeitraum.startzeitpunkt'), wire('gueltigkeitszeitraum.endzeitpunkt')] as const;
// A vendor's spelling of validity on the object itself; no BO class of the domain has it.
const GUELTIG = [wire('gueltigAb'), wire('gueltigBis')] as const;
const COMMON_VALIDITY = [ZEITRAUM, ZEITPUNKT, GUELTIG] as const;
/** COMMON_VALIDITY for a class without `gueltigkeitszeitraum` (Energiemenge, the definitions): read all the same. */
const COMMON_VALIDITY_UNMODELLED = [[wire(ZEITRAUM[0]), wire(ZEITRAUM[1])], ZEITPUNKT, GUELTIG] as const;

/** The field `field` holds an id of `type`. */
function ref<O extends object>(object: O, type: LocationType, field: Field<O> | WireName): NamedLocation[] {
  return located(type, valueAt(object, field));
}

/** Every element of the list `field` holds an id of `type` in `member`. */
function refs<O extends object, K extends Field<O>>(
  object: O,
  type: LocationType,
  field: K,
  member: Field<ValueClass<O, K>> | WireName,
): NamedLocation[] {
  return elementsOf(object, field).flatMap((element) => located(type, valueAt(element, member)));
}

/** A location named by id and type field; an absent or unknown type follows from the id's format. */
function typedRef<O extends object>(
  object: O,
  idField: Field<O> | WireName,
  typeField: Field<O> | WireName,
): NamedLocation[] {
  const id = idOf(valueAt(object, idField));
  if (!id) return [];
  return [{ type: locationTypeOf(valueAt(object, typeField)) ?? locationTypesOfId(id)[0], id }];
}

/**
 * The location an object without an id belongs to: of the first of `types` the message has, its only one (several of
 * that type: none, the object is not projected rather than given to the wrong one).
 */
function theLocation(message: MessageFacts, types: readonly LocationType[]): NamedLocation | undefined {
  for (const type of types) {
    const ofType = message.locations.filter((location) => location.type === type);
    if (ofType.length > 0) return ofType.length === 1 ? ofType[0] : undefined;
  }
  return undefined;
}

const ANY_LOCATION: readonly LocationType[] = [
  'MALO',
  'TRANCHE',
  'MELO',
  'NELO',
  'TECHNISCHE_RESSOURCE',
  'STEUERBARE_RESOURCE',
];
/** The message's location as an id (`MALO:…`): one object of the kind per location, versioned over time. */
const perLocation =
  (types: readonly LocationType[] = ANY_LOCATION) =>
  (_object: unknown, message: MessageFacts) => {
    const location = theLocation(message, types);
    return location && locationKey(location.type, location.id);
  };

const contract: KindRule<Vertrag> = {
  id: ['vertragsnummer'],
  validity: [['vertragsbeginn', 'vertragsende'], ...COMMON_VALIDITY],
  names: (object) => typedRef(object, 'lokationsId', 'lokationsTyp'),
  // Without a contract number: one contract of this kind per location, versioned over time.
  derivedId: (object) =>
    typedRef(object, 'lokationsId', 'lokationsTyp').map(({ type, id }) => locationKey(type, id))[0],
  belongingId: perLocation(),
};

/** The locations a bundle's object codes name (`zuordnungObjectcode[]`): referenced and upstream locations. */
const bundleLocations = (object: Raw<Lokationsbuendel>): NamedLocation[] =>
  elementsOf(object, 'zuordnungObjectcode').flatMap((zuordnung) => [
    ...typedRef(zuordnung, 'referenzLokationsId', 'referenzLokationsTyp'),
    ...typedRef(zuordnung, 'vorgelagerteLokationId', 'vorgelagerteLokationTyp'),
  ]);

/**
 * Per `stammdaten` kind: the object's id, its validity and the locations it names (docs/read-model.md has the same
 * table). Kinds not listed here are not projected. Checked against the domain's classes (`RuleTable`).
 */
const RULES = {
  MARKTLOKATION: {
    location: 'MALO',
    id: ['marktlokationsId'],
    validity: COMMON_VALIDITY,
    // The domain types `zugehoerigeMesslokationen` as JSON objects: the MeLo id of an element is the wire's name.
    names: (object) => refs(object, 'MELO', 'zugehoerigeMesslokationen', wire('messlokationsId')),
    // MaLo identification (`POST /identifyMarketlocation`): normalised address, cadastre, coordinates, names, customer numbers.
    identificationKeys: marketLocationKeys,
  },
  // Meter numbers of the MeLo's meters: the MaLo identification finds a MaLo by them.
  MESSLOKATION: {
    location: 'MELO',
    id: ['messlokationsId'],
    validity: COMMON_VALIDITY,
    names: (object) => [...ref(object, 'MALO', 'referenzMarktlokationsId'), ...metersOf(object)],
    identificationKeys: meterKeys,
  },
  NETZLOKATION: { location: 'NELO', id: ['netzlokationsId'], validity: COMMON_VALIDITY },
  TECHNISCHE_RESSOURCE: {
    location: 'TECHNISCHE_RESSOURCE',
    // `technischeRessourceId`: a vendor's spelling of the id, not in the domain's class.
    id: ['ressourcenId', wire('technischeRessourceId')],
    validity: COMMON_VALIDITY,
    names: (object) => [
      ...ref(object, 'MALO', 'referenzMarktlokation'),
      ...ref(object, 'MELO', 'referenzMesslokation'),
      ...ref(object, 'NELO', 'referenzNetzlokation'),
      ...ref(object, 'STEUERBARE_RESOURCE', 'referenzSteuerbareRessource'),
      ...ref(object, 'STEUERBARE_RESOURCE', 'referenzSR'),
      ...ref(object, 'TRANCHE', 'referenzTranche'),
    ],
  },
  // `steuerbareRessourceId`: a vendor's spelling of the id, not in the domain's class.
  STEUERBARE_RESSOURCE: {
    location: 'STEUERBARE_RESOURCE',
    id: ['ressourcenId', wire('steuerbareRessourceId')],
    validity: COMMON_VALIDITY,
  },
  // An imported tranche names its MaLo (`marktlokationsId`, the import's spelling, not the domain class's); a booked
  // one is linked to the MaLo of its message. `trancheId`: a vendor's spelling of the id.
  TRANCHE: {
    location: 'TRANCHE',
    id: ['tranchenId', wire('trancheId')],
    validity: COMMON_VALIDITY,
    names: (object) => [
      ...ref(object, 'MALO', wire('marktlokationsId')),
      ...ref(object, 'MALO', 'referenzMarktlokationsId'),
    ],
  },
  // A meter is a location of its own (`ZAEHLER:<number>`): the objects of its message are read by its number.
  ZAEHLER: {
    location: 'ZAEHLER',
    id: ['zaehlernummer'],
    validity: COMMON_VALIDITY,
    names: (object) => [...ref(object, 'MALO', 'marktlokationsId'), ...ref(object, 'MELO', 'messlokationsId')],
    identificationKeys: meterKeys,
  },
  BILANZIERUNG: {
    // One balancing record per MaLo, versioned over time.
    id: ['marktlokationsId'],
    validity: [['bilanzierungsbeginn', 'bilanzierungsende'], ...COMMON_VALIDITY],
    names: (object) => ref(object, 'MALO', 'marktlokationsId'),
    // Without one: the message's MaLo (the same id as if it named it), else its tranche.
    belongingId: (_object, message) => {
      const location = theLocation(message, ['MALO', 'TRANCHE']);
      return location && (location.type === 'MALO' ? location.id : locationKey(location.type, location.id));
    },
  },
  LOKATIONSBUENDEL: {
    // `lokationsbuendelId`: a vendor's spelling; the domain's class has the structure id and a number only.
    id: [wire('lokationsbuendelId')],
    validity: COMMON_VALIDITY,
    names: bundleLocations,
    // The structure id is a code shared by many bundles: the bundle is that structure at its first MaLo (else first location).
    derivedId: (object) => {
      const structure = idOf(object.lokationsbuendelstrukturId);
      const named = bundleLocations(object);
      const anchor = named.find(({ type }) => type === 'MALO') ?? named[0];
      return structure && anchor ? `${structure}@${locationKey(anchor.type, anchor.id)}` : undefined;
    },
  },
  NETZNUTZUNGSVERTRAG: contract,
  ENERGIELIEFERVERTRAG: contract,
  MESSSTELLENBETRIEBSVERTRAG: contract,
  // No class in the domain (`Stammdaten` holds JSON objects): the vendor's dictionary's names, unchecked.
  BERECHNUNGSFORMEL: {
    id: [],
    validity: COMMON_VALIDITY,
    names: (object) => [
      ...typedRef(object, 'lokationsId', 'lokationsTyp'),
      ...refs(object, 'MALO', 'rechenschritte', 'marktlokationsId'),
      ...refs(object, 'MELO', 'rechenschritte', 'messlokationsId'),
    ],
    // One formula per location, versioned over time; UTILTS names it in `transaktionsdaten.lokationsId`.
    derivedId: (object) =>
      typedRef(object, 'lokationsId', 'lokationsTyp').map(({ type, id }) => locationKey(type, id))[0],
    belongingId: (object, message) =>
      message.subject ? locationKey(message.subject.type, message.subject.id) : perLocation()(object, message),
  },
  ENERGIEMENGE: {
    id: [],
    validity: [['startdatum', 'enddatum'], ...COMMON_VALIDITY_UNMODELLED],
    names: (object) => typedRef(object, 'lokationsId', 'lokationsTyp'),
    // An amount is its location, period and OBIS codes: a later one for the same is a correction and supersedes it.
    derivedId: (object) => amountId(object, typedRef(object, 'lokationsId', 'lokationsTyp')[0]),
    belongingId: (object, message) => amountId(object, theLocation(message, ANY_LOCATION)),
  },
  // No class in the domain for AVIS, KOMMUNIKATIONSDATEN, PREISBLATT (`Stammdaten` holds JSON objects): the vendor's
  // dictionary's names, unchecked.
  AVIS: { id: ['avisNummer'], validity: COMMON_VALIDITY, keys: (object) => [idOf(object['avisNummer']) ?? []].flat() },
  KOMMUNIKATIONSDATEN: {
    id: [],
    validity: [['gueltigkeit'], ...COMMON_VALIDITY],
    // The data of one market participant (its ILN), versioned over time.
    derivedId: (object) => participantOf(object),
    keys: (object) => [participantOf(object) ?? []].flat(),
  },
  PREISBLATT: {
    id: ['preisblattId'],
    validity: [['gueltigkeit.startdatum', 'gueltigkeit.enddatum'], ...COMMON_VALIDITY],
    names: (object) => typedRef(object, 'lokationsId', 'lokationsTyp'),
    // A sheet is its name at its issuer; a new year's sheet of the same name is a new version with its own validity.
    derivedId: (object) => {
      const name = idOf(object['bezeichnung']);
      return name ? compactId([textOf(object['preisNetzbetreiberCodenummer']), name]) : undefined;
    },
    // PRICAT sends neither: the sheet is its sender's, of its category, by its place in the message.
    belongingId: (_object, message, index) =>
      message.sender ? compactId([message.sender, message.category ?? '', String(index ?? 0)]) : undefined,
  },
  SCHALTZEITDEFINITION: definition((object) => [
    object.code,
    ...elementsOf(object, 'schaltzeiten').map((element) => element.code),
  ]),
  LEISTUNGSKURVENDEFINITION: definition((object) => [
    object.code,
    ...elementsOf(object, 'leistungskurven').map((element) => element.code),
  ]),
  // No class in the domain's `Stammdaten` (JSON objects): the vendor's dictionary's names, unchecked.
  ZAEHLZEITDEFINITION: definition((object) => [
    object['code'],
    ...elementsOf(object, 'zaehlzeiten').map((element) => element['code']),
  ]),
  // A balancing-group manager authorises a supplier per balancing group (and time-series type), for every MaLo; one
  // naming a MaLo holds for that MaLo only. Versioned over time (an end date withdraws it). Not a kind of the domain's
  // `Stammdaten`: the vendor's dictionary's names, unchecked.
  ZUORDNUNGSERMAECHTIGUNG: {
    id: [],
    validity: COMMON_VALIDITY,
    names: (object) => ref(object, 'MALO', 'marktlokationsId'),
    derivedId: (object) => {
      const supplier = supplierOf(object);
      const malo = idOf(object['marktlokationsId']);
      // The MaLo-specific form keeps the id it had before the time-series type was part of it.
      if (malo)
        return supplier
          ? compactId([malo, supplier, textOf(object['bilanzkreis']), ...optional(object['zeitreihentyp'])])
          : undefined;
      return supplier
        ? compactId(['*', supplier, textOf(object['bilanzkreis']), textOf(object['zeitreihentyp'])])
        : undefined;
    },
    // Read by the supplier: MaLo-specific ones are found through their MaLo, so the supplier's key stays small.
    keys: (object) => (idOf(object['marktlokationsId']) ? [] : [supplierOf(object) ?? []].flat()),
  },
} satisfies RuleTable;

/** The rules as checked: per kind a rule of its class (what the compile-time spec holds against renamed classes). */
export type BusinessObjectRules = typeof RULES;

/** `RULES` as the projection reads them: any kind by its name, any JSON object. */
export const BUSINESS_OBJECT_RULES: Readonly<Record<string, KindRule>> = RULES;

/**
 * A definition (switching times, power curves, metering times) is read by its codes: the top-level `code` and the
 * `code` of each element of its list (`codesOf`, in that order); its id is those codes (one definition per set of
 * codes, versioned over time).
 */
function definition<T>(codesOf: (object: Raw<T>) => unknown[]) {
  const codes = (object: Raw<T>) => [...new Set(codesOf(object).flatMap((code) => idOf(code) ?? []))];
  return {
    id: [],
    validity: [['beginndatum', 'endedatum'], ...COMMON_VALIDITY_UNMODELLED],
    // A definition's location: the vendor's names, in no definition class of the domain.
    names: (object: Raw<T>) => typedRef(object, wire('lokationsId'), wire('lokationsTyp')),
    derivedId: (object: Raw<T>) => {
      const all = codes(object).sort();
      return all.length > 0 ? compactId(all) : undefined;
    },
    keys: codes,
  } as const;
}

/** The market participant (ILN / MP-ID) of communication data: `marktteilnehmer.rollencodenummer`, else top-level. */
function participantOf(object: Bo): string | undefined {
  const participant = object['marktteilnehmer'];
  return (
    (isPlainObject(participant) ? idOf(participant['rollencodenummer']) : undefined) ?? idOf(object['rollencodenummer'])
  );
}

/** The supplier of an authorisation: `lieferant.rollencodenummer`, else top-level `rollencodenummer`. */
function supplierOf(object: Bo): string | undefined {
  const supplier = object['lieferant'];
  return (isPlainObject(supplier) ? idOf(supplier['rollencodenummer']) : undefined) ?? idOf(object['rollencodenummer']);
}

/** An energy amount's id: its location, period and OBIS codes (`obisKennzahl`: the spelling of other BO4E classes). */
function amountId(object: Raw<Energiemenge>, location: NamedLocation | undefined): string | undefined {
  if (!location) return undefined;
  const obis = elementsOf(object, 'energieverbrauch').flatMap(
    (value) => idOf(value.obiskennzahl ?? valueAt(value, wire('obisKennzahl'))) ?? [],
  );
  return compactId([
    locationKey(location.type, location.id),
    textOf(object.startdatum),
    textOf(object.enddatum),
    [...new Set(obis)].sort().join(','),
  ]);
}

/** The meters a MeLo names (`messlokationszaehler[]`, `geraete[]`). */
function metersOf(object: Bo): NamedLocation[] {
  return meterNumbersOf(object).flatMap((number) => located('ZAEHLER', number));
}

const optional = (value: unknown): string[] => (textOf(value) ? [textOf(value)] : []);

/** Parts joined by `|`; past MAX_ID_LENGTH the tail becomes its SHA-256, so a long id still fits the index. */
function compactId(parts: readonly string[]): string {
  const id = parts.join('|');
  return id.length <= MAX_ID_LENGTH ? id : `${id.slice(0, 60)}#${createHash('sha256').update(id).digest('hex')}`;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * One object to project, as the booking statement takes it (`jsonb_to_recordset`): kind, its index in
 * `stammdaten[kind]` (null when the kind holds a single object), id, validity start and end (ISO, null = open) and
 * location keys. The object itself is not repeated: the statement takes it from the stored state.
 */
export interface ObjectDescriptor {
  k: string;
  n: number | null;
  i: string;
  f: string | null;
  t: string | null;
  l: string[];
}

/**
 * The objects of a process state (`stammdaten`) to project. With `previous` (the state before an update), only objects
 * that are new or differ from their form there: an update projects what it changed, never re-asserts the rest. An id
 * twice in one state keeps its last object.
 */
export function describeBusinessObjects(
  stammdaten: unknown,
  previous?: unknown,
  options: DescribeOptions = {},
): ObjectDescriptor[] {
  if (!isPlainObject(stammdaten)) return [];
  const entries = objectsOf(stammdaten);
  if (entries.length === 0) return [];
  // Each object's id once: the message's locations, the descriptors and the comparison with the previous state need it.
  const { ids, message } = identify(entries, options.transaktionsdaten);
  const linked = message.locations.length <= MESSAGE_LOCATION_LIMIT ? message.locations : [];
  const before =
    previous === undefined
      ? undefined
      : byIdentity(isPlainObject(previous) ? objectsOf(previous) : [], options.transaktionsdaten);
  const described = new Map<string, ObjectDescriptor>();
  for (let i = 0; i < entries.length; i++) {
    const id = ids[i];
    if (!id) continue;
    const { kind, index, rule, object } = entries[i];
    if (before && isDeepStrictEqual(before.get(`${kind}\u0000${id}`), object)) continue;
    const [from, to] = validityOf(rule, object);
    described.set(`${kind}\u0000${id}`, {
      k: kind,
      n: index,
      i: id,
      f: from,
      t: to,
      l: locationsOf(rule, object, id, linked, options),
    });
  }
  return Array.from(described.values());
}

/** The object's id under its kind's rule, or undefined (then it is not projected). */
export function ownId(rule: KindRule, object: Bo): string | undefined {
  for (const field of rule.id) {
    const id = idOf(object[field]);
    if (id) return id;
  }
  const derived = rule.derivedId?.(object);
  return derived && derived.length <= MAX_ID_LENGTH ? derived : undefined;
}

/** The object's own id, else the one it takes from what it belongs to in its message (`KindRule.belongingId`). */
export function objectId(rule: KindRule, object: Bo, message: MessageFacts, index: number | null): string | undefined {
  const own = ownId(rule, object);
  if (own) return own;
  const belonging = rule.belongingId?.(object, message, index);
  return belonging && belonging.length <= MAX_ID_LENGTH ? belonging : undefined;
}

/** The ids of a state's objects (own, else belonging) and the message facts the belonging ones come from. */
function identify(
  entries: readonly Entry[],
  transaktionsdaten: unknown,
): { ids: (string | undefined)[]; message: MessageFacts } {
  const ids = entries.map(({ rule, object }) => ownId(rule, object));
  const message = messageFactsOf(entries, transaktionsdaten, ids);
  for (let i = 0; i < entries.length; i++) {
    const { rule, object, index } = entries[i];
    if (ids[i] !== undefined || !rule.belongingId) continue;
    const belonging = rule.belongingId(object, message, index);
    if (belonging && belonging.length <= MAX_ID_LENGTH) ids[i] = belonging;
  }
  return { ids, message };
}

/**
 * What the objects of a state belong to: its locations (the own ids of its location objects, the meters its MeLos
 * name, UTILTS' `transaktionsdaten.lokationsId`), and its sender and category.
 */
export function messageFactsOf(
  entries: readonly Entry[],
  transaktionsdaten?: unknown,
  ownIds?: readonly (string | undefined)[],
): MessageFacts {
  const locations: NamedLocation[] = [];
  const seen = new Set<string>();
  const add = (location: NamedLocation) => {
    const key = locationKey(location.type, location.id);
    if (seen.has(key)) return;
    seen.add(key);
    locations.push(location);
  };
  for (let i = 0; i < entries.length; i++) {
    const { rule, object } = entries[i];
    if (!rule.location) continue;
    const id = ownIds ? ownIds[i] : ownId(rule, object);
    if (id) add({ type: rule.location, id });
    if (rule.location === 'MELO') metersOf(object).forEach(add);
  }
  const transaction: Raw<Transaktionsdaten> = isPlainObject(transaktionsdaten) ? transaktionsdaten : {};
  // `lokationsTyp`: UTILTS' type of the location, not in the domain's Transaktionsdaten.
  const [subject] = typedRef(transaction, 'lokationsId', wire('lokationsTyp'));
  if (subject) add(subject);
  const sender = objectAt(transaction, 'absender');
  return {
    locations,
    ...(subject ? { subject } : {}),
    ...(sender && idOf(sender.rollencodenummer) ? { sender: idOf(sender.rollencodenummer) } : {}),
    ...(idOf(transaction.kategorie) ? { category: idOf(transaction.kategorie) } : {}),
  };
}

/** Validity start and end as ISO text (null = open): the first pair of the rule with a usable date. */
export function validityOf(rule: KindRule, object: Bo): [string | null, string | null] {
  for (const [fromField, toField] of rule.validity) {
    const from = dateAt(object, fromField);
    const to = toField === undefined ? null : dateAt(object, toField);
    if (from === null && to === null) continue;
    // An end not after the start is a data error: the object counts as valid from its start on.
    if (from !== null && to !== null && to <= from) return [from.toISOString(), null];
    return [from?.toISOString() ?? null, to?.toISOString() ?? null];
  }
  return [null, null];
}

/**
 * The object's locations: its own id (locations), the ones it names, and the locations of the same state of every type
 * it names none of (a Bilanzierung naming its MaLo is not linked to the other MaLos of the message, but to its MeLo).
 */
export function locationsOf(
  rule: KindRule,
  object: Bo,
  id: string,
  messageLocations: NamedLocation[],
  options: ProjectionOptions = {},
): string[] {
  // A Set keeps the first of equal keys in order: own id, named locations, the message's others, lookup keys.
  const keys = new Set<string>();
  if (rule.location) keys.add(locationKey(rule.location, id));
  const named = rule.names?.(object) ?? [];
  for (const location of named) keys.add(locationKey(location.type, location.id));
  for (const location of messageLocations) {
    const { type } = location;
    if (type !== rule.location && !named.some((other) => other.type === type)) keys.add(locationKey(type, location.id));
  }
  for (const key of rule.keys?.(object) ?? []) keys.add(lookupKey(key));
  if (options.identification) for (const key of rule.identificationKeys?.(object) ?? []) keys.add(lookupKey(key));
  return Array.from(keys);
}

export interface Entry {
  kind: string;
  index: number | null;
  rule: KindRule;
  object: Bo;
}

/** The objects of a `stammdaten` whose kind has a rule, with their kind and index. */
export function objectsOf(stammdaten: Bo): Entry[] {
  const entries: Entry[] = [];
  for (const kind of Object.keys(stammdaten)) {
    // Own keys only: a kind named `constructor` or `__proto__` is just an unknown kind.
    const rule = Object.hasOwn(BUSINESS_OBJECT_RULES, kind) ? BUSINESS_OBJECT_RULES[kind] : undefined;
    if (!rule) continue;
    const value = stammdaten[kind];
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        if (isPlainObject(value[index])) entries.push({ kind, index, rule, object: value[index] as Bo });
    } else if (isPlainObject(value)) {
      entries.push({ kind, index: null, rule, object: value });
    }
  }
  return entries;
}

function byIdentity(entries: Entry[], transaktionsdaten: unknown): Map<string, Bo> {
  const { ids } = identify(entries, transaktionsdaten);
  const map = new Map<string, Bo>();
  for (let i = 0; i < entries.length; i++) {
    const id = ids[i];
    if (id) map.set(`${entries[i].kind}\u0000${id}`, entries[i].object);
  }
  return map;
}

function located(type: LocationType, value: unknown): NamedLocation[] {
  const id = idOf(value);
  return id ? [{ type, id }] : [];
}

function idOf(value: unknown): string | undefined {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH ? id : undefined;
}

// A date, or a date-time with its offset (without one it would depend on the server's time zone). Looser than
// RFC3339_DATE_TIME on purpose: master data writes `T` or a space, may omit seconds or the offset's colon.
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** The rules' dotted paths, split once (every booking reads the same few). */
const PATH_PARTS = new Map<string, string[]>();

function dateAt(object: Bo, path: string): Date | null {
  let parts = PATH_PARTS.get(path);
  if (!parts) PATH_PARTS.set(path, (parts = path.split('.')));
  let value: unknown = object;
  for (const part of parts) value = isPlainObject(value) ? value[part] : undefined;
  if (typeof value !== 'string' || !DATE_OR_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
