import { Inject, Injectable } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { type RequestFacts, SERVICE_ROLE } from '@maco/platform';
import {
  addressKeyOf,
  cadastreKeyOf,
  geoKeyOf,
  holdsFullName,
  locationKey,
  lookupKey,
  MALO_IDENT_KEY,
  meterNumbersOf,
  nameKeyOf,
  normaliseMeterNumber,
} from '@maco/read-model';
import { MALO_IDENT_CONFIG, type MaloIdentConfig } from '../malo-ident.config';
import { MALO_IDENT_LOG_FIELDS } from '../malo-ident.log-fields';
import { maloIdentProblem } from '../malo-ident.problems';
import { MaloIdentMetrics } from '../metrics/malo-ident-metrics';
import {
  anyPrimary,
  type CandidateFacts,
  type FlagName,
  flagsOf,
  strengthOf,
  threeCalendarYearsBefore,
  type Treffer,
} from './flags';
import type { IdentifyOperation } from './identify-command';
import { checkIdentifyRequest, IDENTIFY_OPERATION, type IdentifyCriteria } from './identify-request';
import { type LinkedObject, type MaloIdentRecord, MaloIdentRepository } from './malo-ident.repository';

export interface MaloIdentCandidate extends Treffer {
  lokationsId: string;
}

export interface IdentifyAnswer {
  maloIdentDaten: MaloIdentCandidate[];
}

const SEARCH_KINDS = ['MARKTLOKATION', 'MESSLOKATION', 'TRANCHE', 'ZAEHLER'];
/** At most this many versions per read: a common name must not read the whole model. */
const READ_LIMIT = 500;
const METER_MONTHS = 36;

/**
 * `POST /identifyMarketlocation`: candidate MaLos of the read model for what the supplier knows, with the twelve flags
 * of each (input of EBD E_0594), ordered by strength, at most `MALO_IDENT_MAX_CANDIDATES`; every request and its
 * answer are recorded, a retry (same `idempodenzschluessel`) gets the recorded answer.
 */
@Injectable()
export class MaloIdentService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    @Inject(MALO_IDENT_CONFIG) private readonly config: MaloIdentConfig,
    private readonly repository: MaloIdentRepository,
    private readonly metrics: MaloIdentMetrics,
  ) {}

  /** `operation`: the command's (`LESEN_LOKATIONIDENT_BASIS` is answered alike), for the log line. */
  async identify(
    body: unknown,
    tokenSubject: string | undefined,
    facts?: RequestFacts,
    operation: IdentifyOperation = IDENTIFY_OPERATION,
  ): Promise<IdentifyAnswer> {
    MALO_IDENT_LOG_FIELDS.note(facts, { maloIdentOperation: operation });
    const check = checkIdentifyRequest(body);
    if (!check.ok) {
      this.metrics.request('invalid');
      const count = check.errors.length;
      throw maloIdentProblem(
        'MALO_IDENT.INVALID_REQUEST',
        `${count} field${count === 1 ? ' is' : 's are'} missing or invalid.`,
        { errors: check.errors },
      );
    }
    const criteria = check.criteria;
    const recorded = await this.repository.find(this.role, criteria.idempotencyKey);
    if (recorded) {
      this.metrics.request('replayed');
      MALO_IDENT_LOG_FIELDS.note(facts, { candidateCount: String(recorded.candidateCount), replayed: 'true' });
      return recorded.answer as IdentifyAnswer;
    }
    const answer = { maloIdentDaten: await this.candidates(criteria) };
    const { stored, record } = await this.repository.record({
      role: this.role,
      idempotencyKey: criteria.idempotencyKey,
      vorgangsnummer: criteria.vorgangsnummer,
      tokenSubject: tokenSubject ?? null,
      request: body,
      answer,
      candidateCount: answer.maloIdentDaten.length,
    });
    MALO_IDENT_LOG_FIELDS.note(facts, { candidateCount: String(record.candidateCount), replayed: String(!stored) });
    if (!stored) {
      this.metrics.request('replayed');
      return record.answer as IdentifyAnswer;
    }
    this.metrics.answered(answer.maloIdentDaten);
    return answer;
  }

  /** The recorded request and answer of an idempotency key (operators: why was it answered so). */
  async recorded(idempotencyKey: string): Promise<MaloIdentRecord> {
    const record = await this.repository.find(this.role, idempotencyKey);
    if (!record)
      throw maloIdentProblem('MALO_IDENT.NOT_RECORDED', 'No identification request is recorded under this key.');
    return record;
  }

  /** The candidates of the criteria: found by key, flagged, those with a primary hit, strongest first. */
  async candidates(criteria: IdentifyCriteria): Promise<MaloIdentCandidate[]> {
    const at = criteria.at;
    const meterSince = new Date(at);
    meterSince.setUTCMonth(meterSince.getUTCMonth() - METER_MONTHS);
    const historySince = threeCalendarYearsBefore(at);
    const since = new Date(Math.min(meterSince.getTime(), historySince.getTime()));
    const hits = await this.repository.linked({
      role: this.role,
      kinds: SEARCH_KINDS,
      keys: searchKeysOf(criteria),
      since,
      at,
      limit: READ_LIMIT,
    });

    const now = at.getTime();
    const current = (object: LinkedObject) => object.from <= now && now < object.to;
    const maloIds = new Set<string>();
    const meloIds = new Set<string>();
    for (const hit of hits) {
      if (hit.kind === 'MARKTLOKATION') {
        if (current(hit)) maloIds.add(hit.objectId);
        continue;
      }
      if (hit.kind !== 'ZAEHLER' && hit.kind !== 'MESSLOKATION' && !current(hit)) continue;
      for (const key of hit.locations) {
        if (key.startsWith('MALO:')) maloIds.add(key.slice(5));
        if (key.startsWith('MELO:')) meloIds.add(key.slice(5));
      }
    }
    if (maloIds.size === 0 && meloIds.size === 0) return [];
    const related = await this.repository.linked({
      role: this.role,
      kinds: SEARCH_KINDS,
      keys: [
        ...[...maloIds].map((id) => locationKey('MALO', id)),
        ...[...meloIds].map((id) => locationKey('MELO', id)),
      ],
      since,
      at,
      limit: READ_LIMIT,
    });
    const objects = [...hits, ...related];
    const facts = new Map<string, CandidateFacts>();
    for (const object of objects) {
      if (object.kind !== 'MARKTLOKATION') continue;
      let candidate = facts.get(object.objectId);
      if (!candidate && current(object)) {
        candidate = {
          maloId: object.objectId,
          malo: object.body,
          history: [],
          meloIds: [],
          trancheIds: [],
          meterNumbers: [],
        };
        facts.set(object.objectId, candidate);
      }
      if (!candidate) continue;
      if (current(object)) {
        candidate.malo = object.body;
        for (const key of object.locations) {
          if (key.startsWith('MELO:')) candidate.meloIds.push(key.slice(5));
          if (key.startsWith('TRANCHE:')) candidate.trancheIds.push(key.slice(8));
        }
      }
    }
    // History and links once every candidate is known.
    for (const object of objects) {
      const malos = object.locations.filter((key) => key.startsWith('MALO:')).map((key) => key.slice(5));
      if (object.kind === 'MARKTLOKATION') {
        facts.get(object.objectId)?.history.push({ body: object.body, from: object.from, to: object.to });
      } else if (object.kind === 'MESSLOKATION' && current(object)) {
        for (const id of malos) facts.get(id)?.meloIds.push(object.objectId);
      } else if (object.kind === 'TRANCHE' && current(object)) {
        for (const id of malos) facts.get(id)?.trancheIds.push(object.objectId);
      }
    }
    for (const object of objects) {
      if (object.kind !== 'ZAEHLER' && object.kind !== 'MESSLOKATION') continue;
      if (object.to <= meterSince.getTime() || object.from > now) continue;
      const numbers = meterNumbersOf(object.body);
      const melos = object.locations.filter((key) => key.startsWith('MELO:')).map((key) => key.slice(5));
      if (object.kind === 'MESSLOKATION') melos.push(object.objectId);
      for (const candidate of facts.values()) {
        const linked =
          object.locations.includes(locationKey('MALO', candidate.maloId)) ||
          melos.some((melo) => candidate.meloIds.includes(melo));
        if (linked) candidate.meterNumbers.push(...numbers);
      }
    }

    const context = { at, ...(this.config.ownGridAreas ? { ownGridAreas: this.config.ownGridAreas } : {}) };
    return [...facts.values()]
      .map((candidate) => ({ lokationsId: candidate.maloId, treffer: flagsOf(criteria, candidate, context) }))
      .filter(({ treffer }) => anyPrimary(treffer))
      .sort((a, b) => strengthOf(b.treffer) - strengthOf(a.treffer) || a.lokationsId.localeCompare(b.lokationsId))
      .slice(0, this.config.maxCandidates)
      .map(({ lokationsId, treffer }) => ({ lokationsId, ...treffer }));
  }
}

/** The read-model keys of a request: ids as location keys, the rest as the MaLo identification's lookup keys. */
export function searchKeysOf(criteria: IdentifyCriteria): string[] {
  const keys = [
    ...criteria.maloIds.map((id) => locationKey('MALO', id)),
    ...criteria.trancheIds.map((id) => locationKey('TRANCHE', id)),
    ...criteria.meloIds.map((id) => locationKey('MELO', id)),
    ...criteria.meterNumbers
      .map(normaliseMeterNumber)
      .filter((number) => number.length > 0)
      .map((number) => lookupKey(MALO_IDENT_KEY.meterNumber(number))),
    ...criteria.addresses.flatMap((address) => addressKeyOf(address) ?? []).map(lookupKey),
    ...criteria.cadastres
      .flatMap((cadastre) => cadastreKeyOf(cadastre) || [])
      .map((tuple) => lookupKey(MALO_IDENT_KEY.cadastre(tuple))),
    ...criteria.coordinates
      .flatMap((coordinates) => geoKeyOf(coordinates) || [])
      .map((geo) => lookupKey(MALO_IDENT_KEY.geo(geo))),
    ...criteria.customers.flatMap((customer) => [
      ...[
        nameKeyOf(customer.name1, customer.name2),
        ...[customer.name1, customer.name2]
          .filter((field) => customer.company || holdsFullName(field))
          .map((field) => nameKeyOf(field)),
      ]
        .filter((words) => words.includes(' ') || (customer.company && words.length > 0))
        .map((words) => lookupKey(MALO_IDENT_KEY.name(words))),
      ...customer.customerNumbers.map((number) => lookupKey(MALO_IDENT_KEY.customerNumber(number))),
    ]),
  ];
  return [...new Set(keys)];
}

export type { FlagName };
