// The rule of every `stammdaten` kind: where its id, validity and locations are.
import { createHash } from 'node:crypto';
import { type Energiemenge, isPlainObject, type Lokationsbuendel, type Vertrag, type Zeitraum } from '@maco/domain';
import { type Bo, idOf, located, textOf } from './json-values';
import {
  locationKey,
  type LocationType,
  locationTypeOf,
  locationTypesOfId,
  MAX_ID_LENGTH,
  type MessageFacts,
  type NamedLocation,
} from './locations';
import { marketLocationKeys, meterKeys, meterNumbersOf } from './malo-ident/malo-ident-keys';
import {
  elementsOf,
  type Field,
  type KindRule,
  type Raw,
  type RuleTable,
  type ValidityFields,
  valueAt,
  type ValueClass,
  wire,
  type WireName,
} from './rule-types';

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
export function typedRef<O extends object>(
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
export function metersOf(object: Bo): NamedLocation[] {
  return meterNumbersOf(object).flatMap((number) => located('ZAEHLER', number));
}

const optional = (value: unknown): string[] => (textOf(value) ? [textOf(value)] : []);

/** Parts joined by `|`; past MAX_ID_LENGTH the tail becomes its SHA-256, so a long id still fits the index. */
function compactId(parts: readonly string[]): string {
  const id = parts.join('|');
  return id.length <= MAX_ID_LENGTH ? id : `${id.slice(0, 60)}#${createHash('sha256').update(id).digest('hex')}`;
}
