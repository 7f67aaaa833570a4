import { isPlainObject } from '@maco/domain';
import {
  cadastreKeyOf,
  geoKeyOf,
  holdsFullName,
  houseNumberOf,
  nameKeyOf,
  normaliseCustomerNumber,
  normaliseMeterNumber,
  normalisePostcode,
} from './normalise';

/**
 * Lookup keys of the MaLo identification (`POST /identifyMarketlocation`), stored as `ID:<key>` in
 * `business_object.locations` (GIN) by the rules of MARKTLOKATION, ZAEHLER and MESSLOKATION. The same functions make
 * the keys of a request, so an object and a request that agree after normalisation meet in the index. Few keys per
 * object (each is a GIN entry on the booking path): one address key, one cadastre and one coordinates key when given,
 * at most three name keys, the customer numbers, one key per meter number.
 */
export const MALO_IDENT_KEY = {
  /** Postcode and house number (without suffix): the street is compared on the few candidates (its "*" rule is a prefix). */
  address: (postcode: string, houseNumber: string) => `ADR|${postcode}|${houseNumber}`,
  cadastre: (tuple: string) => `FLUR|${tuple}`,
  geo: (coordinates: string) => `GEO|${coordinates}`,
  name: (words: string) => `NAME|${words}`,
  customerNumber: (number: string) => `KDNR|${number}`,
  meterNumber: (number: string) => `ZNR|${number}`,
} as const;

type Bo = Record<string, unknown>;

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const MAX_KEY = 120;
const fits = (key: string) => key.length <= MAX_KEY;

/** The address key of an address (`lokationsadresse`), or undefined without postcode and house number. */
export function addressKeyOf(address: unknown): string | undefined {
  if (!isPlainObject(address)) return undefined;
  const postcode = normalisePostcode(address['postleitzahl']);
  const { number } = houseNumberOf(address['hausnummer']);
  return postcode && number ? MALO_IDENT_KEY.address(postcode, number) : undefined;
}

/**
 * The name keys of a customer (name1/name2/name3): the words of all fields together, and of each field alone that holds
 * a whole name (`holdsFullName`: a flat share where each field names one person).
 */
export function nameKeysOf(customer: unknown): string[] {
  if (!isPlainObject(customer)) return [];
  const fields = [customer['name1'], customer['name2'], customer['name3']];
  const keys = [
    nameKeyOf(...fields),
    ...fields
      .filter(holdsFullName)
      .map((field) => nameKeyOf(field))
      .filter((words) => words.includes(' ')),
  ];
  return [...new Set(keys.filter((words) => words.length > 0))].map(MALO_IDENT_KEY.name);
}

/** Customer numbers at the previous supplier: `externeReferenzen[]` whose name mentions "Kundennummer", and `kundennummer`. */
export function customerNumbersOf(customer: unknown): string[] {
  if (!isPlainObject(customer)) return [];
  const references = arrayOf(customer['externeReferenzen']).flatMap((reference) =>
    isPlainObject(reference) &&
    typeof reference['exRefName'] === 'string' &&
    /kundennummer/i.test(reference['exRefName'])
      ? [normaliseCustomerNumber(reference['exRefWert'])]
      : [],
  );
  return [
    ...new Set(
      [...references, normaliseCustomerNumber(customer['kundennummer'])].filter((number) => number.length > 0),
    ),
  ];
}

/** The customer of a MaLo: `endkunde` (the vendor's model). */
export const customerOf = (malo: Bo): unknown => malo['endkunde'];

/** Cadastral information of a MaLo: `katasterinformation` (contract) or `katasteradresse` (vendor's model). */
export const cadastreOf = (malo: Bo): unknown => malo['katasterinformation'] ?? malo['katasteradresse'];

/** Keys of a MARKTLOKATION: address, cadastre, coordinates, customer names and customer numbers. */
export function marketLocationKeys(malo: Bo): string[] {
  const cadastre = cadastreKeyOf(cadastreOf(malo));
  const geo = geoKeyOf(malo['geokoordinaten']);
  const customer = customerOf(malo);
  return [
    addressKeyOf(malo['lokationsadresse']),
    cadastre ? MALO_IDENT_KEY.cadastre(cadastre) : undefined,
    geo ? MALO_IDENT_KEY.geo(geo) : undefined,
    ...nameKeysOf(customer),
    ...customerNumbersOf(customer).map(MALO_IDENT_KEY.customerNumber),
  ].filter((key): key is string => key !== undefined && fits(key));
}

/** Meter numbers of a ZAEHLER (`zaehlernummer`) or of a MESSLOKATION (`messlokationszaehler[]`, `geraete[]`). */
export function meterNumbersOf(object: Bo): string[] {
  const numbers = [
    object['zaehlernummer'],
    ...arrayOf(object['messlokationszaehler']).map((meter) =>
      isPlainObject(meter) ? meter['zaehlernummer'] : undefined,
    ),
    ...arrayOf(object['geraete']).map((device) =>
      isPlainObject(device) ? (device['geraetenummer'] ?? device['zaehlernummer']) : undefined,
    ),
  ];
  return [...new Set(numbers.map(normaliseMeterNumber).filter((number) => number.length > 0))];
}

/** Keys of a ZAEHLER or MESSLOKATION: one per meter number. */
export const meterKeys = (object: Bo): string[] => meterNumbersOf(object).map(MALO_IDENT_KEY.meterNumber).filter(fits);
