import { createHash } from 'node:crypto';
import { isPlainObject, receiveBody, valueAt } from '@maco/domain';
import { bodyCheck, type ProblemFieldError } from '@maco/platform';
import { CADASTRE, IDENTIFY_REQUEST, MALO_IDENT_SCHEMAS } from '../openapi/malo-ident-schemas';

/** `POST /identifyMarketlocation` (`LESEN_MALOIDENT_BASIS`): the request's criteria once its body is checked. */
export const IDENTIFY_OPERATION = 'LESEN_MALOIDENT_BASIS';
/** The route's second operation (vendor mock `identifyMarketlocation.LESEN_LOKATIONIDENT_BASIS`): the same body and answer. */
export const LOCATION_IDENTIFY_OPERATION = 'LESEN_LOKATIONIDENT_BASIS';

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
  vorgangsnummer: string | null;
  /**
   * `idempodenzschluessel`, else `vorgangsnummer` (the first try's transaction id is its own key), else `body:` and the
   * SHA-256 of the body's JSON as received (the same request again is a replay).
   */
  idempotencyKey: string;
}

/** A part of the contract the request lacks: recorded with it, never refused. */
export interface RequestNote {
  pointer: string;
  message: string;
}

const NOTED_FIELDS = ['vorgangsnummer', 'absender', 'empfaenger'] as const;

/**
 * What a recorded request lacks of `transaktionsdaten.vorgangsnummer`, `absender`, `empfaenger`: read in the canonical
 * form, each pointing into the request as recorded (an English one names `transactionData/processNumber`, …).
 */
export function requestNotes(request: unknown): RequestNote[] {
  const received = receiveBody(request);
  // A recorded request was read before it was answered: never mixed. Should one be, it is looked at as it is.
  const { canonical, pointerOf } = received.ok ? received : { canonical: request, pointerOf: (at: string) => at };
  return NOTED_FIELDS.flatMap((field) => {
    const value = valueAt(canonical, `#/transaktionsdaten/${field}`);
    if (value !== undefined && value !== null && value !== '') return [];
    const pointer = pointerOf(`#/transaktionsdaten/${field}`);
    const name = pointer.slice(pointer.lastIndexOf('/') + 1);
    return [{ pointer, message: `${name} is missing (the contract names it; the request was answered all the same)` }];
  });
}

export type RequestError = ProblemFieldError;

export type IdentifyCheck = { ok: true; criteria: IdentifyCriteria } | { ok: false; errors: RequestError[] };

const CHECK_CADASTRE = bodyCheck(CADASTRE, MALO_IDENT_SCHEMAS);

/**
 * What the schema cannot say: `ausfuehrungsdatum` of the date-time's shape is an instant (not `…T25:00:00Z`), and a
 * MaLo's `katasteradresse` is checked as its `katasterinformation` (at that pointer) where that is absent.
 */
function rules(body: unknown): ProblemFieldError[] {
  const date = valueAt(body, '#/transaktionsdaten/ausfuehrungsdatum');
  const dateErrors =
    typeof date === 'string' && Number.isNaN(new Date(date).getTime())
      ? [{ pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'must be a valid date-time' }]
      : [];
  const malos = valueAt(body, '#/stammdaten/MARKTLOKATION');
  const cadastreErrors = (Array.isArray(malos) ? malos : []).flatMap((malo, index) => {
    if (!isPlainObject(malo) || (malo['katasterinformation'] ?? null) !== null || malo['katasteradresse'] === undefined)
      return [];
    const at = `#/stammdaten/MARKTLOKATION/${index}/katasterinformation`;
    return CHECK_CADASTRE(malo['katasteradresse']).map((error) => ({ ...error, pointer: at + error.pointer.slice(1) }));
  });
  return [...dateErrors, ...cadastreErrors];
}

const CHECK = bodyCheck(IDENTIFY_REQUEST, MALO_IDENT_SCHEMAS, rules);

/**
 * Checks the body against the contract (`MaloIdent_IdentifyRequest`, see `IDENTIFY_REQUEST`), every problem with its
 * JSON pointer, and reads the criteria of a body that fits. An English body is checked and read in its canonical German
 * form, its problems pointing into the body as received; a body mixing both dialects is refused at `#`.
 */
export function checkIdentifyRequest(body: unknown): IdentifyCheck {
  const received = receiveBody(body);
  if (!received.ok) return received;
  const errors = CHECK(received.canonical);
  if (errors.length === 0) return { ok: true, criteria: criteriaOf(received.canonical as Bo, body) };
  // Ordered by the canonical pointers (the order does not depend on the dialect), then named as received.
  return {
    ok: false,
    errors: inAnswerOrder(errors).map((error) => ({ ...error, pointer: received.pointerOf(error.pointer) })),
  };
}

/**
 * The problems (in the schema's order) as this route always answered them: the envelope's (`#/transaktionsdaten`)
 * first; within each kind of `stammdaten` the list's, then its elements that are no object, then what is inside them.
 */
function inAnswerOrder(errors: ProblemFieldError[]): ProblemFieldError[] {
  const groups: string[] = [];
  const keyed = errors.map((error) => {
    const tokens = error.pointer.split('/');
    const group = tokens.length <= 2 ? '' : tokens.slice(0, tokens[1] === 'stammdaten' ? 3 : 2).join('/');
    if (!groups.includes(group)) groups.push(group);
    const level = group.startsWith('#/stammdaten/') ? Math.min(tokens.length, 5) : 0;
    return { error, key: [group === '' ? 0 : 1, groups.indexOf(group), level] };
  });
  keyed.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  return keyed.map(({ error }) => error);
}

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';
const objects = (value: unknown): Bo[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);

/**
 * The criteria of a body that fits the schema: texts given (not empty), objects where the schema takes others too.
 * `received`: the body as sent, whose JSON a request without key is keyed by (the record holds it as sent).
 */
function criteriaOf(body: Bo, received: unknown): IdentifyCriteria {
  const stammdaten = body['stammdaten'] as Bo;
  const transaktionsdaten = body['transaktionsdaten'] as Bo;
  const ids = (kind: string, field: string) =>
    objects(stammdaten[kind]).flatMap((object) => (given(object[field]) ? [object[field]] : []));
  const malos = objects(stammdaten['MARKTLOKATION']);
  const customers = objects(stammdaten['ENERGIELIEFERVERTRAG'])
    .flatMap((contract) => objects(contract['vertragspartner2']))
    .map(({ name1, name2, gewerbekennzeichnung, externeReferenzen }): RequestedCustomer => ({
      ...(given(name1) ? { name1 } : {}),
      ...(given(name2) ? { name2 } : {}),
      company: gewerbekennzeichnung === true,
      customerNumbers: objects(externeReferenzen).flatMap(({ exRefWert }) =>
        given(exRefWert) ? [exRefWert.trim()] : [],
      ),
    }));
  const vorgangsnummer = given(transaktionsdaten['vorgangsnummer']) ? transaktionsdaten['vorgangsnummer'] : null;
  const key = transaktionsdaten['idempodenzschluessel'];
  const bodyKey = () => `body:${createHash('sha256').update(JSON.stringify(received)).digest('hex')}`;
  return {
    maloIds: ids('MARKTLOKATION', 'marktlokationsId'),
    trancheIds: ids('TRANCHE', 'tranchenId'),
    meloIds: ids('MESSLOKATION', 'messlokationsId'),
    meterNumbers: ids('ZAEHLER', 'zaehlernummer'),
    addresses: malos.map((malo) => malo['lokationsadresse']).filter(isPlainObject),
    cadastres: malos.map((malo) => malo['katasterinformation'] ?? malo['katasteradresse']).filter(isPlainObject),
    coordinates: malos.map((malo) => malo['geokoordinaten']).filter(isPlainObject),
    customers,
    at: new Date(transaktionsdaten['ausfuehrungsdatum'] as string),
    vorgangsnummer,
    idempotencyKey: given(key) ? key : (vorgangsnummer ?? bodyKey()),
  };
}
