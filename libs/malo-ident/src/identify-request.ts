import { isPlainObject, MALO_ID_PATTERN, RFC3339_DATE_TIME } from '@maco/domain';

/** `POST /identifyMarketlocation` (`LESEN_MALOIDENT_BASIS`): the request's criteria once its body is checked. */
export const IDENTIFY_OPERATION = 'LESEN_MALOIDENT_BASIS';
/** The route's second operation (vendor mock `identifyMarketlocation.LESEN_LOKATIONIDENT_BASIS`): the same body and answer. */
export const LOCATION_IDENTIFY_OPERATION = 'LESEN_LOKATIONIDENT_BASIS';
export const MASTER_DATA_OPERATION = 'LESEN_MALOIDENT_MARKTLOKATION';

type Bo = Record<string, unknown>;

/** A customer as the supplier names it (`ENERGIELIEFERVERTRAG[].vertragspartner2[]`). */
export interface RequestedCustomer {
  name1?: string;
  name2?: string;
  company: boolean;
  customerNumbers: string[];
}

/** What a supplier knows of the MaLo it asks for. */
export interface IdentifyCriteria {
  maloIds: string[];
  trancheIds: string[];
  meloIds: string[];
  meterNumbers: string[];
  /** `MARKTLOKATION[].lokationsadresse` as given. */
  addresses: Bo[];
  cadastres: Bo[];
  coordinates: Bo[];
  customers: RequestedCustomer[];
  /** `transaktionsdaten.ausfuehrungsdatum`: the identification is done for this moment. */
  at: Date;
  vorgangsnummer: string;
  /** `idempodenzschluessel`, else `vorgangsnummer` (the first try's transaction id is its own key). */
  idempotencyKey: string;
}

export interface RequestError {
  pointer: string;
  message: string;
}

export type IdentifyCheck = { ok: true; criteria: IdentifyCriteria } | { ok: false; errors: RequestError[] };

const MELO_ID = /^DE[A-Z0-9]{31}$/;
const MAX_TEXT = 200;
const MAX_ITEMS = 20;

/**
 * Checks the body against the contract: `stammdaten.MARKTLOKATION` (required, each with `energierichtung`), ids in
 * their formats (MaLo/tranche 11 digits, MeLo `DE`+31), texts at most 200 characters, at most 20 elements per list;
 * `transaktionsdaten` with `vorgangsnummer`, `ausfuehrungsdatum` (date-time), `absender`/`empfaenger.rollencodenummer`.
 * Every problem is reported with its JSON pointer. `boTyp` and `versionStruktur` are not enforced (real payloads drift).
 */
export function checkIdentifyRequest(body: unknown): IdentifyCheck {
  const errors: RequestError[] = [];
  const error = (pointer: string, message: string) => errors.push({ pointer, message });
  if (!isPlainObject(body)) return { ok: false, errors: [{ pointer: '#', message: 'must be a JSON object' }] };
  const stammdaten = body['stammdaten'];
  const transaktionsdaten = body['transaktionsdaten'];
  if (!isPlainObject(stammdaten)) error('#/stammdaten', 'is required (an object)');
  if (!isPlainObject(transaktionsdaten)) error('#/transaktionsdaten', 'is required (an object)');

  const list = (kind: string, required = false): Bo[] => {
    if (!isPlainObject(stammdaten)) return [];
    const value = stammdaten[kind];
    if (value === undefined || value === null) {
      if (required) error(`#/stammdaten/${kind}`, 'is required (an array of objects)');
      return [];
    }
    if (!Array.isArray(value)) {
      error(`#/stammdaten/${kind}`, 'must be an array of objects');
      return [];
    }
    if (value.length > MAX_ITEMS) error(`#/stammdaten/${kind}`, `must have at most ${MAX_ITEMS} elements`);
    return value.flatMap((item, index) => {
      if (isPlainObject(item)) return [item];
      error(`#/stammdaten/${kind}/${index}`, 'must be an object');
      return [];
    });
  };
  const text = (object: Bo, field: string, pointer: string, pattern?: RegExp, what?: string): string | undefined => {
    const value = object[field];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || value.length > MAX_TEXT) {
      error(`${pointer}/${field}`, `must be a string of at most ${MAX_TEXT} characters`);
      return undefined;
    }
    if (pattern && !pattern.test(value)) {
      error(`${pointer}/${field}`, `must be ${what}`);
      return undefined;
    }
    return value;
  };
  const texts = (object: unknown, pointer: string): void => {
    if (object === undefined || object === null) return;
    if (!isPlainObject(object)) return void error(pointer, 'must be an object');
    for (const [field, value] of Object.entries(object)) {
      if (value !== null && value !== undefined && !['string', 'number', 'object'].includes(typeof value)) error(`${pointer}/${field}`, 'must be a string');
      else if (typeof value === 'string' && value.length > MAX_TEXT) error(`${pointer}/${field}`, `must be at most ${MAX_TEXT} characters`);
    }
  };

  const malos = list('MARKTLOKATION', true);
  if (isPlainObject(stammdaten) && Array.isArray(stammdaten['MARKTLOKATION']) && malos.length === 0 && errors.length === 0) {
    error('#/stammdaten/MARKTLOKATION', 'must have at least one element');
  }
  const maloIds: string[] = [];
  const addresses: Bo[] = [];
  const cadastres: Bo[] = [];
  const coordinates: Bo[] = [];
  malos.forEach((malo, index) => {
    const pointer = `#/stammdaten/MARKTLOKATION/${index}`;
    const id = text(malo, 'marktlokationsId', pointer, MALO_ID_PATTERN, '11 digits');
    if (id) maloIds.push(id);
    const direction = malo['energierichtung'];
    if (direction === undefined || direction === null) error(`${pointer}/energierichtung`, 'is required (AUSSP or EINSP)');
    else if (direction !== 'AUSSP' && direction !== 'EINSP') error(`${pointer}/energierichtung`, 'must be AUSSP or EINSP');
    texts(malo['lokationsadresse'], `${pointer}/lokationsadresse`);
    if (isPlainObject(malo['lokationsadresse'])) addresses.push(malo['lokationsadresse']);
    const cadastre = malo['katasterinformation'] ?? malo['katasteradresse'];
    texts(cadastre, `${pointer}/katasterinformation`);
    if (isPlainObject(cadastre)) cadastres.push(cadastre);
    texts(malo['geokoordinaten'], `${pointer}/geokoordinaten`);
    if (isPlainObject(malo['geokoordinaten'])) coordinates.push(malo['geokoordinaten']);
  });
  const trancheIds = list('TRANCHE').flatMap((tranche, index) => text(tranche, 'tranchenId', `#/stammdaten/TRANCHE/${index}`, MALO_ID_PATTERN, '11 digits') ?? []);
  const meloIds = list('MESSLOKATION').flatMap((melo, index) => text(melo, 'messlokationsId', `#/stammdaten/MESSLOKATION/${index}`, MELO_ID, 'DE followed by 31 digits or capital letters') ?? []);
  const meterNumbers = list('ZAEHLER').flatMap((meter, index) => text(meter, 'zaehlernummer', `#/stammdaten/ZAEHLER/${index}`) ?? []);
  const customers: RequestedCustomer[] = [];
  list('ENERGIELIEFERVERTRAG').forEach((contract, index) => {
    const partners = contract['vertragspartner2'];
    if (partners === undefined || partners === null) return;
    if (!Array.isArray(partners)) return void error(`#/stammdaten/ENERGIELIEFERVERTRAG/${index}/vertragspartner2`, 'must be an array of objects');
    partners.forEach((partner, position) => {
      const pointer = `#/stammdaten/ENERGIELIEFERVERTRAG/${index}/vertragspartner2/${position}`;
      if (!isPlainObject(partner)) return void error(pointer, 'must be an object');
      const name1 = text(partner, 'name1', pointer);
      const name2 = text(partner, 'name2', pointer);
      const references = partner['externeReferenzen'];
      if (references !== undefined && references !== null && !Array.isArray(references)) error(`${pointer}/externeReferenzen`, 'must be an array of objects');
      const customerNumbers = (Array.isArray(references) ? references : []).flatMap((reference, at) =>
        isPlainObject(reference) ? (text(reference, 'exRefWert', `${pointer}/externeReferenzen/${at}`)?.trim() ?? []) : [],
      );
      const company = partner['gewerbekennzeichnung'] === true;
      customers.push({ ...(name1 ? { name1 } : {}), ...(name2 ? { name2 } : {}), company, customerNumbers });
    });
  });

  let at: Date | undefined;
  let vorgangsnummer: string | undefined;
  let idempotencyKey: string | undefined;
  if (isPlainObject(transaktionsdaten)) {
    const pointer = '#/transaktionsdaten';
    vorgangsnummer = text(transaktionsdaten, 'vorgangsnummer', pointer);
    if (!vorgangsnummer && transaktionsdaten['vorgangsnummer'] === undefined) error(`${pointer}/vorgangsnummer`, 'is required');
    // The contract: `YYYY-MM-DD'T'HH:mm:ss'Z'`; milliseconds and offsets are accepted too.
    const date = text(transaktionsdaten, 'ausfuehrungsdatum', pointer, RFC3339_DATE_TIME, 'a date-time in UTC (2023-08-02T22:00:00Z)');
    if (date) at = new Date(date);
    if (at && Number.isNaN(at.getTime())) {
      error(`${pointer}/ausfuehrungsdatum`, 'must be a valid date-time');
      at = undefined;
    }
    if (!date && transaktionsdaten['ausfuehrungsdatum'] === undefined) error(`${pointer}/ausfuehrungsdatum`, 'is required');
    idempotencyKey = text(transaktionsdaten, 'idempodenzschluessel', pointer);
    text(transaktionsdaten, 'nachrichtendatum', pointer);
    for (const party of ['absender', 'empfaenger']) {
      const value = transaktionsdaten[party];
      if (!isPlainObject(value)) error(`${pointer}/${party}`, 'is required (an object with rollencodenummer)');
      else if (!text(value, 'rollencodenummer', `${pointer}/${party}`)) error(`${pointer}/${party}/rollencodenummer`, 'is required');
    }
  }
  if (errors.length > 0 || !at || !vorgangsnummer) return { ok: false, errors };
  return {
    ok: true,
    criteria: { maloIds, trancheIds, meloIds, meterNumbers, addresses, cadastres, coordinates, customers, at, vorgangsnummer, idempotencyKey: idempotencyKey ?? vorgangsnummer },
  };
}
