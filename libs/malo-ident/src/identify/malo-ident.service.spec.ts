import { Registry } from 'prom-client';
import { MIXED_DIALECTS, toEnglish } from '@maco/domain';
import { ProblemError, type RequestFacts } from '@maco/platform';
import { describeBusinessObjects, projectionOptionsOf } from '@maco/read-model';
import type { MaloIdentConfig } from '../malo-ident.config';
import { MaloIdentMetrics } from '../metrics/malo-ident-metrics';
import type {
  LinkedObject,
  LinkedObjectQuery,
  MaloIdentRecord,
  MaloIdentRepository,
  NewMaloIdentRecord,
} from './malo-ident.repository';
import { type IdentifyAnswer, MaloIdentService } from './malo-ident.service';

const AT = '2026-08-02T22:00:00Z';
const ADDRESS = { postleitzahl: '12117', ort: 'Berlin', strasse: 'Reinhardtstraße', hausnummer: '32 F' };
// Two MaLos in one building (same address), in different grid areas, and one elsewhere.
const FRONT = '74018657187';
const REAR = '50074561188';
const ELSEWHERE = '41234567890';

/** A MaLo as the read model holds it: its location keys as the booking projection computes them for NB. */
function storedMalo(maloId: string, fields: Record<string, unknown>): LinkedObject {
  const body = { boTyp: 'MARKTLOKATION', marktlokationsId: maloId, ...fields };
  const [described] = describeBusinessObjects({ MARKTLOKATION: [body] }, undefined, projectionOptionsOf('NB'));
  return { kind: 'MARKTLOKATION', objectId: maloId, locations: described.l, body, from: -Infinity, to: Infinity };
}

const MODEL = [
  storedMalo(FRONT, { netzgebietNr: '10001', lokationsadresse: ADDRESS }),
  storedMalo(REAR, { netzgebietNr: '10002', lokationsadresse: ADDRESS }),
  storedMalo(ELSEWHERE, { netzgebietNr: '10001', lokationsadresse: { ...ADDRESS, postleitzahl: '10115' } }),
];

/** The repository on memory: `linked` finds what holds a key (as the GIN lookup), records keyed by role and key. */
function fakeRepository(model: LinkedObject[]) {
  const records = new Map<string, MaloIdentRecord>();
  const fake = {
    model,
    records,
    linkedQueries: [] as LinkedObjectQuery[],
    recordCalls: [] as NewMaloIdentRecord[],
    async linked(query: LinkedObjectQuery): Promise<LinkedObject[]> {
      fake.linkedQueries.push(query);
      return fake.model.filter(
        (object) => query.kinds.includes(object.kind) && object.locations.some((key) => query.keys.includes(key)),
      );
    },
    async find(role: string, idempotencyKey: string): Promise<MaloIdentRecord | undefined> {
      return records.get(`${role} ${idempotencyKey}`);
    },
    async record(record: NewMaloIdentRecord): Promise<{ stored: boolean; record: MaloIdentRecord }> {
      fake.recordCalls.push(record);
      const existing = records.get(`${record.role} ${record.idempotencyKey}`);
      if (existing) return { stored: false, record: existing };
      const stored = { ...record, receivedAt: '2026-08-03T08:00:00.000Z', notes: [] };
      records.set(`${record.role} ${record.idempotencyKey}`, stored);
      return { stored: true, record: stored };
    },
  };
  return fake;
}

function serviceOf(config: Partial<MaloIdentConfig> = {}, model: LinkedObject[] = MODEL) {
  const registry = new Registry();
  const repository = fakeRepository(model);
  const service = new MaloIdentService(
    'NB',
    { maxCandidates: 10, ...config },
    repository as unknown as MaloIdentRepository,
    new MaloIdentMetrics(registry, 'NB'),
  );
  /** The value of a counter's series with these labels (0 when it has none). */
  const counted = async (name: string, labels: Record<string, string>) => {
    const metric = (await registry.getMetricsAsJSON()).find((candidate) => candidate.name === name);
    const series = metric?.values.find((value) =>
      Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted),
    );
    return series?.value ?? 0;
  };
  return { service, repository, counted };
}

const request = (malo: Record<string, unknown>, transaktionsdaten: Record<string, unknown> = {}) => ({
  stammdaten: { MARKTLOKATION: [{ energierichtung: 'AUSSP', ...malo }] },
  transaktionsdaten: {
    vorgangsnummer: 'v-1',
    idempodenzschluessel: 'key-1',
    ausfuehrungsdatum: AT,
    absender: { rollencodenummer: '9904000000005' },
    empfaenger: { rollencodenummer: '9900936000002' },
    ...transaktionsdaten,
  },
});

const facts = (): RequestFacts => ({ fields: {} });
const ids = (answer: IdentifyAnswer) => answer.maloIdentDaten.map((candidate) => candidate.lokationsId);

describe(MaloIdentService.name, () => {
  describe('identified', () => {
    it('should answer the MaLo the request names, with its twelve flags, and record request and answer', async () => {
      const { service, repository, counted } = serviceOf();
      const body = request({ marktlokationsId: FRONT });
      const noted = facts();
      const answer = await service.identify(body, 'supplier-app', noted);

      expect(answer.maloIdentDaten).toEqual([
        {
          lokationsId: FRONT,
          trefferMaloid: true,
          trefferTrancheId: false,
          trefferAdresse1: false,
          trefferKundennummer: false,
          trefferName: false,
          trefferGeraetenummer: false,
          trefferMeloid: false,
          trefferAdresse2: false,
          trefferMakorelevant: true,
          trefferStillgelegt: false,
          trefferNetzgebiet: true,
          trefferNetzgebiet3KJ: true,
        },
      ]);
      expect(repository.recordCalls).toEqual([
        {
          role: 'NB',
          idempotencyKey: 'key-1',
          vorgangsnummer: 'v-1',
          tokenSubject: 'supplier-app',
          request: body,
          answer,
          candidateCount: 1,
        },
      ]);
      expect(repository.linkedQueries[0]).toMatchObject({ role: 'NB', keys: [`MALO:${FRONT}`], at: new Date(AT) });
      expect(noted.fields).toEqual({
        maloIdentOperation: 'LESEN_MALOIDENT_BASIS',
        candidateCount: '1',
        replayed: 'false',
      });
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'found' })).toBe(1);
      expect(await counted('maco_malo_ident_flag_hits_total', { flag: 'trefferMaloid' })).toBe(1);
      expect(await counted('maco_malo_ident_flag_hits_total', { flag: 'trefferAdresse1' })).toBe(0);
    });

    it('should note the operation the command chose and record a request without token subject as null', async () => {
      const { service, repository } = serviceOf();
      const noted = facts();
      await service.identify(request({ marktlokationsId: FRONT }), undefined, noted, 'LESEN_LOKATIONIDENT_BASIS');
      expect(noted.fields['maloIdentOperation']).toBe('LESEN_LOKATIONIDENT_BASIS');
      expect(repository.recordCalls[0].tokenSubject).toBeNull();
    });
  });

  describe('not identified', () => {
    it('should answer an empty list, recorded with no candidates, when no key finds anything', async () => {
      const { service, repository, counted } = serviceOf();
      const answer = await service.identify(request({ lokationsadresse: { ...ADDRESS, postleitzahl: '80331' } }), 's');
      expect(answer).toEqual({ maloIdentDaten: [] });
      expect(repository.recordCalls.map((call) => [call.candidateCount, call.answer])).toEqual([[0, answer]]);
      // Nothing found by key: no second read for linked objects.
      expect(repository.linkedQueries).toHaveLength(1);
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'none' })).toBe(1);
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'found' })).toBe(0);
    });

    it('should not answer a MaLo its key found when no primary criterion hits', async () => {
      const { service, repository } = serviceOf();
      // Postcode and house number find both MaLos of the building; the street sent is another one.
      const answer = await service.identify(request({ lokationsadresse: { ...ADDRESS, strasse: 'Lindenallee' } }), 's');
      expect(repository.linkedQueries[0].keys).toEqual(['ID:ADR|12117|32']);
      expect(answer).toEqual({ maloIdentDaten: [] });
    });
  });

  describe('ambiguous', () => {
    it('should answer every MaLo at the address, of equal strength by id', async () => {
      const { service, repository } = serviceOf();
      const answer = await service.identify(request({ lokationsadresse: ADDRESS }), 's');
      expect(ids(answer)).toEqual([REAR, FRONT]);
      expect(answer.maloIdentDaten.every((candidate) => candidate.trefferAdresse1)).toBe(true);
      expect(repository.recordCalls[0].candidateCount).toBe(2);
    });

    it('should rank the MaLo in an own grid area first (MALO_IDENT_OWN_GRID_AREAS), the other after it', async () => {
      const { service } = serviceOf({ ownGridAreas: ['10001'] });
      const answer = await service.identify(request({ lokationsadresse: ADDRESS }), 's');
      expect(ids(answer)).toEqual([FRONT, REAR]);
      expect(answer.maloIdentDaten.map((candidate) => candidate.trefferNetzgebiet)).toEqual([true, false]);
    });

    it('should rank a MaLo hit by id before one hit by address only', async () => {
      const { service } = serviceOf();
      const answer = await service.identify(request({ marktlokationsId: FRONT, lokationsadresse: ADDRESS }), 's');
      expect(ids(answer)).toEqual([FRONT, REAR]);
    });

    it('should answer at most MALO_IDENT_MAX_CANDIDATES, the strongest', async () => {
      const { service, repository } = serviceOf({ maxCandidates: 1, ownGridAreas: ['10002'] });
      const answer = await service.identify(request({ lokationsadresse: ADDRESS }), 's');
      expect(ids(answer)).toEqual([REAR]);
      expect(repository.recordCalls[0].candidateCount).toBe(1);
    });
  });

  describe('replay', () => {
    it('should answer the same key again with the recorded answer, without reading or recording anew', async () => {
      const { service, repository, counted } = serviceOf();
      const first = await service.identify(request({ marktlokationsId: FRONT }), 's');
      const reads = repository.linkedQueries.length;
      // The model changes in between: the retry still gets the first answer.
      repository.model = [];
      const noted = facts();
      const again = await service.identify(request({ marktlokationsId: FRONT }), 's', noted);
      expect(again).toEqual(first);
      expect(ids(again)).toEqual([FRONT]);
      expect(repository.linkedQueries).toHaveLength(reads);
      expect(repository.recordCalls).toHaveLength(1);
      expect(noted.fields).toMatchObject({ candidateCount: '1', replayed: 'true' });
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'replayed' })).toBe(1);
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'found' })).toBe(1);
    });

    it('should key a request without idempodenzschluessel by its vorgangsnummer', async () => {
      const { service, repository } = serviceOf();
      await service.identify(request({ marktlokationsId: FRONT }, { idempodenzschluessel: undefined }), 's');
      expect(repository.recordCalls[0].idempotencyKey).toBe('v-1');
      expect(await service.recorded('v-1')).toMatchObject({ idempotencyKey: 'v-1', candidateCount: 1 });
    });

    it('should answer the first record when a racing request recorded the key between read and write', async () => {
      const { service, repository, counted } = serviceOf();
      const theirs = { maloIdentDaten: [] };
      const find = repository.find;
      // The racer's row appears only once this request has looked for one.
      repository.find = async (role, key) => {
        const found = await find(role, key);
        repository.records.set(`${role} ${key}`, {
          role,
          idempotencyKey: key,
          vorgangsnummer: 'v-1',
          tokenSubject: 'other',
          receivedAt: '2026-08-03T08:00:00.000Z',
          request: {},
          answer: theirs,
          candidateCount: 0,
          notes: [],
        });
        return found;
      };
      const noted = facts();
      expect(await service.identify(request({ marktlokationsId: FRONT }), 's', noted)).toBe(theirs);
      expect(noted.fields).toMatchObject({ candidateCount: '0', replayed: 'true' });
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'replayed' })).toBe(1);
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'found' })).toBe(0);
    });
  });

  describe('refused', () => {
    it('should refuse a body that is not the contract’s, naming each field, and record nothing', async () => {
      const { service, repository, counted } = serviceOf();
      const refusal = service.identify(
        { stammdaten: { MARKTLOKATION: [{ marktlokationsId: FRONT }] }, transaktionsdaten: {} },
        's',
      );
      await expect(refusal).rejects.toBeInstanceOf(ProblemError);
      await expect(refusal).rejects.toMatchObject({
        code: 'MALO_IDENT.INVALID_REQUEST',
        extensions: {
          errors: [
            { pointer: '#/stammdaten/MARKTLOKATION/0/energierichtung', message: 'is required (AUSSP or EINSP)' },
            { pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'is required' },
          ],
        },
      });
      expect(repository.linkedQueries).toHaveLength(0);
      expect(repository.recordCalls).toHaveLength(0);
      expect(await counted('maco_malo_ident_requests_total', { outcome: 'invalid' })).toBe(1);
    });

    it('should answer NOT_RECORDED for a key nothing was recorded under', async () => {
      const { service } = serviceOf();
      await expect(service.recorded('unknown')).rejects.toMatchObject({ code: 'MALO_IDENT.NOT_RECORDED' });
    });
  });
});

describe(`${MaloIdentService.name} in the English dialect`, () => {
  it('should identify an English request as its German twin and record it as received, the answer canonical', async () => {
    const german = serviceOf();
    const english = serviceOf();
    const body = request({ marktlokationsId: FRONT });
    const sent = toEnglish(body);
    const answer = await english.service.identify(sent, 's');
    expect(answer).toEqual(await german.service.identify(body, 's'));
    expect(english.repository.recordCalls).toEqual([
      expect.objectContaining({ idempotencyKey: 'key-1', vorgangsnummer: 'v-1', request: sent, answer }),
    ]);
  });

  it('should refuse an English body pointing into it, and a mixed one at #, recording nothing', async () => {
    const { service, repository, counted } = serviceOf();
    const english = toEnglish({ stammdaten: { MARKTLOKATION: [{ marktlokationsId: FRONT }] }, transaktionsdaten: {} });
    await expect(service.identify(english, 's')).rejects.toMatchObject({
      code: 'MALO_IDENT.INVALID_REQUEST',
      extensions: {
        errors: [
          { pointer: '#/masterData/MARKET_LOCATION/0/energyDirection', message: 'is required (AUSSP or EINSP)' },
          { pointer: '#/transactionData/executionDate', message: 'is required' },
        ],
      },
    });
    const mixed = { ...(english as object), transaktionsdaten: { ausfuehrungsdatum: AT } };
    await expect(service.identify(mixed, 's')).rejects.toMatchObject({
      code: 'MALO_IDENT.INVALID_REQUEST',
      extensions: { errors: [{ pointer: '#', message: MIXED_DIALECTS }] },
    });
    expect(repository.recordCalls).toHaveLength(0);
    expect(await counted('maco_malo_ident_requests_total', { outcome: 'invalid' })).toBe(2);
  });
});
