import type { MarketRole } from '@maco/domain';
import { ProblemError, type ServiceConfig } from '@maco/platform';
import type {
  CreateOutcome,
  MergedState,
  MergeState,
  NewRecordFacts,
  ProcessRecordRepository,
  ProcessState,
  UpdateFacts,
  UpdateKeys,
  UpdateOutcome,
} from '@maco/process-store';
import { loadSamples } from '@maco/testing';
import type { BookingMetrics } from '../metrics/booking-metrics';
import type { AhbRuleMode, ProcessDataConfig } from '../process-data.config';
import { PROCESS_DATA_PROBLEMS } from '../process-data.problems';
import type { BookingContext } from './booking-context';
import { canonicalJson, derivedBusinessKey, sha256 } from './canonical-body';
import { ProcessDataService } from './process-data.service';

/** What the store answers: a create's outcome, an update's, or an error to throw; an update merges into `current`. */
interface StoreAnswers {
  create?: CreateOutcome | Error;
  update?: UpdateOutcome | Error;
  current?: ProcessState;
}

const BOOKED_ON_PROCESS_1: UpdateOutcome = {
  kind: 'booked',
  revision: 4,
  businessKey: 'process-1',
  matchedBy: 'businessKey',
};

/** A ProcessRecordRepository that answers as told and keeps what it was asked, the merged state included. */
function fakeRecords(answers: StoreAnswers) {
  const creates: NewRecordFacts[] = [];
  const updates: { facts: UpdateFacts; keys: UpdateKeys; merged: MergedState }[] = [];
  return {
    creates,
    updates,
    async insertRecord(facts: NewRecordFacts): Promise<CreateOutcome> {
      creates.push(facts);
      if (answers.create instanceof Error) throw answers.create;
      return answers.create ?? { kind: 'booked' };
    },
    async appendRevision(facts: UpdateFacts, merge: MergeState, keys: UpdateKeys): Promise<UpdateOutcome> {
      updates.push({ facts, keys, merged: merge(answers.current ?? {}) });
      if (answers.update instanceof Error) throw answers.update;
      return answers.update ?? BOOKED_ON_PROCESS_1;
    },
  };
}

function serviceOf(options: StoreAnswers & { role?: MarketRole; mode?: AhbRuleMode; defaultRelease?: string } = {}) {
  const records = fakeRecords(options);
  const metrics = { record: jest.fn(), recordResolution: jest.fn() };
  const service = new ProcessDataService(
    options.role ?? 'NB',
    { defaultRelease: options.defaultRelease ?? '10/26' } as ServiceConfig,
    { ahbRuleMode: options.mode ?? 'report' } as ProcessDataConfig,
    records as unknown as ProcessRecordRepository,
    metrics as unknown as BookingMetrics,
  );
  const booked: (string | null | undefined)[][] = [];
  service.onBooked((keys) => booked.push([...keys]));
  return { service, records, metrics, booked };
}

const context = (more: Partial<BookingContext> = {}): BookingContext => ({
  command: undefined,
  requestId: 'request-1',
  tokenSubject: 'mako',
  ...more,
});

const body = (zusatzdaten: Record<string, unknown>, transaktionsdaten: Record<string, unknown> = {}) => ({
  stammdaten: {
    MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561190' }],
  },
  transaktionsdaten: { pruefidentifikator: '55003', nachrichtendatum: '2026-05-04T08:00:00Z', ...transaktionsdaten },
  zusatzdaten,
});

/** The problem `booking` was refused with, and the status its catalogue entry answers. */
async function refusal(booking: Promise<unknown>): Promise<{ problem: ProblemError; status: number | undefined }> {
  const error = await booking.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProblemError)) throw new Error(`expected a problem, got ${String(error)}`);
  const catalogue: Record<string, { status: number } | undefined> = PROCESS_DATA_PROBLEMS;
  return { problem: error, status: catalogue[error.code]?.status };
}

describe(ProcessDataService.name, () => {
  describe('create', () => {
    it('should book a body with its businessKey as received: the body is the state, the receipt revision 1', async () => {
      const { service, records, metrics, booked } = serviceOf();
      const sent = body({ businessKey: 'bk-1', prozessId: 'p-1' });
      const jsonText = JSON.stringify(sent, null, 2);

      const receipt = await service.create(sent, context({ jsonText }));

      expect(receipt).toEqual({
        businessKey: 'bk-1',
        revision: 1,
        replayed: false,
        release: '04/26',
        findings: expect.any(Array),
      });
      expect(records.creates).toEqual([
        expect.objectContaining({
          role: 'NB',
          businessKey: 'bk-1',
          prozessId: 'p-1',
          pruefidentifikator: '55003',
          release: '04/26',
          bodyJson: jsonText,
          currentJson: null,
          marktlokationsIds: ['50074561190'],
          tokenSubject: 'mako',
          requestId: 'request-1',
          targetBusinessKey: null,
          findingsJson: JSON.stringify(receipt.findings),
        }),
      ]);
      expect(booked).toEqual([['bk-1', 'p-1']]);
      expect(metrics.record).toHaveBeenCalledWith(
        { role: 'NB', operation: 'create', pruefidentifikator: '55003', outcome: 'booked' },
        undefined,
      );
    });

    it('should derive the key of a keyless create from role and canonical body, whatever the order of its members', async () => {
      const { service, records } = serviceOf();
      const sent = body({});
      const reordered = {
        zusatzdaten: {},
        transaktionsdaten: { nachrichtendatum: '2026-05-04T08:00:00Z', pruefidentifikator: '55003' },
        stammdaten: sent.stammdaten,
      };

      const first = await service.create(sent, context());
      const second = await service.create(reordered, context());
      const ofLf = await serviceOf({ role: 'LF' }).service.create(sent, context());

      expect(first.businessKey).toBe(derivedBusinessKey('NB', sha256(canonicalJson(sent))));
      expect(second.businessKey).toBe(first.businessKey);
      expect(ofLf.businessKey).not.toBe(first.businessKey);
      // The derived key is part of the state, not of the body as stored.
      expect(JSON.parse(records.creates[0].currentJson ?? 'null')).toEqual({
        ...sent,
        zusatzdaten: { businessKey: first.businessKey },
      });
      expect(records.creates[0].bodyJson).toBe(JSON.stringify(sent));
    });

    it('should keep the state beside the body as received when report mode read a container as {}', async () => {
      const { service, records } = serviceOf();
      const sent = { ...body({ businessKey: 'bk-1' }), stammdaten: [] };
      const jsonText = JSON.stringify(sent);

      await service.create(sent, context({ jsonText }));

      expect(records.creates[0].bodyJson).toBe(jsonText);
      expect(JSON.parse(records.creates[0].currentJson ?? 'null')).toEqual({ ...sent, stammdaten: {} });
    });

    it('should answer an exact replay as one and tell no listener', async () => {
      const { service, metrics, booked } = serviceOf({ create: { kind: 'replayed' } });

      const receipt = await service.create(body({ businessKey: 'bk-1' }), context());

      expect(receipt).toMatchObject({ businessKey: 'bk-1', revision: 1, replayed: true });
      expect(booked).toEqual([]);
      expect(metrics.record).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'replayed' }), undefined);
    });

    it('should refuse the same key with another body: 409 PROCESS_DATA.BUSINESS_KEY_CONFLICT, counted by the HTTP hook', async () => {
      const { service, metrics, booked } = serviceOf({ create: { kind: 'conflict' } });

      const { problem, status } = await refusal(service.create(body({ businessKey: 'bk-1' }), context()));

      expect(status).toBe(409);
      expect(problem.code).toBe('PROCESS_DATA.BUSINESS_KEY_CONFLICT');
      expect(problem.extensions).toEqual({ businessKey: 'bk-1' });
      expect(metrics.record).not.toHaveBeenCalled();
      expect(booked).toEqual([]);
    });

    it('should refuse the other operation’s command, booking nothing, and take one with a system prefix', async () => {
      const { service, records } = serviceOf();

      const { problem, status } = await refusal(
        service.create(body({ businessKey: 'bk-1' }), context({ command: 'AKTUALISIEREN_PROZESSDATEN' })),
      );
      expect([problem.code, status]).toEqual(['REQUEST.COMMAND_MISMATCH', 422]);
      expect(records.creates).toEqual([]);

      await service.create(body({ businessKey: 'bk-1' }), context({ command: 'SAP_ERSTELLEN_PROZESSDATEN' }));
      expect(records.creates).toHaveLength(1);
    });

    it('should answer 422 naming a number PostgreSQL cannot store, and pass any other store error on', async () => {
      const outOfRange = Object.assign(new Error('value overflows numeric format'), { code: '22003' });
      const jsonText =
        '{"transaktionsdaten":{"pruefidentifikator":"55003"},"zusatzdaten":{"businessKey":"bk-1"},"wert":1e200000}';

      const { problem, status } = await refusal(
        serviceOf({ create: outOfRange }).service.create(JSON.parse(jsonText), context({ jsonText })),
      );
      expect([problem.code, status]).toEqual(['REQUEST.VALIDATION_FAILED', 422]);
      expect(problem.extensions['errors']).toEqual([{ pointer: '#/wert', message: expect.any(String) }]);

      const lost = new Error('Connection terminated unexpectedly');
      await expect(
        serviceOf({ create: lost }).service.create(JSON.parse(jsonText), context({ jsonText })),
      ).rejects.toBe(lost);
    });
  });

  describe('update', () => {
    it.each([
      ['its businessKey', { businessKey: 'bk-1' }, { businessKey: 'bk-1' }, 'bk-1'],
      ['targetBusinessKey', { targetBusinessKey: 't-1' }, { targetBusinessKey: 't-1' }, 't-1'],
      ['prozessId', { prozessId: 'p-1' }, { prozessId: 'p-1' }, 'p-1'],
      ['referenzProzessId, read as prozessId', { referenzProzessId: 'p-2' }, { prozessId: 'p-2' }, 'p-2'],
      [
        'every key it has, its own businessKey answered',
        { businessKey: 'sub-1', targetBusinessKey: 't-1', parentBusinessKey: '', prozessId: 'p-1' },
        { businessKey: 'sub-1', targetBusinessKey: 't-1', prozessId: 'p-1' },
        'sub-1',
      ],
    ])('should find the process by %s', async (_, zusatzdaten, keys, requestKey) => {
      const outcome: UpdateOutcome = { ...BOOKED_ON_PROCESS_1, matchedBy: 'targetBusinessKey' };
      const { service, records, metrics, booked } = serviceOf({ update: outcome });

      const receipt = await service.update(body(zusatzdaten), context());

      expect(records.updates[0].keys).toEqual(keys);
      expect(records.updates[0].facts).toMatchObject({ businessKey: requestKey, release: '04/26' });
      expect(receipt).toEqual({
        businessKey: requestKey,
        revision: 4,
        replayed: false,
        release: '04/26',
        findings: expect.any(Array),
        processBusinessKey: 'process-1',
        matchedBy: 'targetBusinessKey',
      });
      expect(metrics.recordResolution).toHaveBeenCalledWith('targetBusinessKey');
      expect(booked).toEqual([[...Object.values(keys), 'process-1']]);
    });

    it('should merge the update into the state the store found: objects by their id, transaktionsdaten replaced', async () => {
      const current: ProcessState = {
        stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50074561190', sparte: 'STROM' }] },
        transaktionsdaten: { pruefidentifikator: '55001', dokumentennummer: 'D-1' },
        zusatzdaten: { businessKey: 'bk-1' },
      };
      const { service, records } = serviceOf({ current });
      const sent = body({ businessKey: 'bk-1' });
      sent.stammdaten.MARKTLOKATION.push({
        boTyp: 'MARKTLOKATION',
        versionStruktur: '1',
        marktlokationsId: '51238696781',
      });

      await service.update(sent, context());

      const { merged } = records.updates[0];
      expect(JSON.parse(merged.currentJson)).toEqual({
        stammdaten: {
          MARKTLOKATION: [
            { boTyp: 'MARKTLOKATION', marktlokationsId: '50074561190', sparte: 'STROM', versionStruktur: '1' },
            { boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '51238696781' },
          ],
        },
        transaktionsdaten: sent.transaktionsdaten,
        zusatzdaten: { businessKey: 'bk-1' },
      });
      expect(merged.marktlokationsIds).toEqual(['50074561190', '51238696781']);
      expect(merged.transaktionsdaten).toEqual(sent.transaktionsdaten);
    });

    it('should refuse keys no process carries: 422 PROCESS_DATA.BUSINESS_KEY_UNKNOWN (the quarantine keeps it), nothing booked', async () => {
      const { service, metrics, booked } = serviceOf({ update: { kind: 'unknown' } });

      const { problem, status } = await refusal(service.update(body({ targetBusinessKey: 't-9' }), context()));

      expect([problem.code, status]).toEqual(['PROCESS_DATA.BUSINESS_KEY_UNKNOWN', 422]);
      expect(problem.detail).toBe('No process with targetBusinessKey t-9 is booked for role NB.');
      expect(problem.extensions['errors']).toEqual([
        { pointer: '#/zusatzdaten/targetBusinessKey', message: 'no process with this business key exists' },
      ]);
      expect(metrics.record).not.toHaveBeenCalled();
      expect(booked).toEqual([]);
    });

    it('should refuse keys naming two processes: 409 PROCESS_DATA.KEYS_AMBIGUOUS, each key with its process', async () => {
      const matches = [
        { field: 'businessKey' as const, key: 'bk-1', processBusinessKey: 'process-1' },
        { field: 'prozessId' as const, key: 'p-2', processBusinessKey: 'process-2' },
      ];
      const { service, booked } = serviceOf({ update: { kind: 'ambiguous', matches } });

      const { problem, status } = await refusal(
        service.update(body({ businessKey: 'bk-1', prozessId: 'p-2' }), context()),
      );

      expect([problem.code, status]).toEqual(['PROCESS_DATA.KEYS_AMBIGUOUS', 409]);
      expect(problem.extensions['errors']).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'bk-1 belongs to process process-1' },
        { pointer: '#/zusatzdaten/prozessId', message: 'p-2 belongs to process process-2' },
      ]);
      expect(booked).toEqual([]);
    });

    it('should refuse an update without any key, in report mode too, before asking the store', async () => {
      const { service, records } = serviceOf();

      const { problem } = await refusal(service.update(body({ businessKey: '' }), context()));

      expect(problem.code).toBe('REQUEST.VALIDATION_FAILED');
      expect(problem.extensions['errors']).toContainEqual({
        pointer: '#/zusatzdaten/businessKey',
        message: 'is required: an update needs a key that names its process',
      });
      expect(records.updates).toEqual([]);
    });

    it('should answer a replayed update with the revision it was booked as, and count no resolution', async () => {
      const { service, metrics, booked } = serviceOf({
        update: { ...BOOKED_ON_PROCESS_1, kind: 'replayed', revision: 2 },
      });

      const receipt = await service.update(body({ businessKey: 'bk-1' }), context());

      expect(receipt).toMatchObject({ revision: 2, replayed: true, processBusinessKey: 'process-1' });
      expect(metrics.recordResolution).not.toHaveBeenCalled();
      expect(booked).toEqual([]);
    });
  });

  describe('release', () => {
    it.each([
      ['FV2510', '10/25'],
      ['10/26', '10/26'],
    ])('should take the release the X-Format-Version header %s names over the date', async (header, release) => {
      const { service, records } = serviceOf();

      const receipt = await service.create(body({ businessKey: 'bk-1' }), context({ formatVersion: header }));

      expect(receipt.release).toBe(release);
      expect(records.creates[0].release).toBe(release);
    });

    it.each([
      ['2025-11-01T00:00:00Z', '10/25'],
      ['2026-03-31T21:59:59Z', '10/25'],
      ['2026-03-31T22:00:00Z', '04/26'],
      ['not a date', '10/26'],
      [undefined, '10/26'],
    ])(
      'should take the release in force at nachrichtendatum %s, else the default',
      async (nachrichtendatum, release) => {
        const { service } = serviceOf({ defaultRelease: '10/26' });

        const receipt = await service.create(body({ businessKey: 'bk-1' }, { nachrichtendatum }), context());

        expect(receipt.release).toBe(release);
      },
    );

    it('should refuse a header that names no release: 422 REQUEST.UNKNOWN_RELEASE, nothing booked', async () => {
      const { service, records } = serviceOf();

      const { problem, status } = await refusal(
        service.create(body({ businessKey: 'bk-1' }), context({ formatVersion: 'FV1999' })),
      );

      expect([problem.code, status]).toEqual(['REQUEST.UNKNOWN_RELEASE', 422]);
      expect(records.creates).toEqual([]);
    });
  });

  describe('AHB rule mode', () => {
    const MALO_ID_POINTER = '#/stammdaten/MARKTLOKATION/0/marktlokationsId';
    // The 55001 contract example's MaLo-ID fails its check digit, which 55001's AHB makes binding.
    const contractExample = () => {
      const sample = loadSamples({ role: 'NB', operation: 'create' }).find((s) => s.pruefidentifikator === '55001');
      if (!sample) throw new Error('no NB create sample of 55001');
      return { ...structuredClone(sample.body), zusatzdaten: { businessKey: 'bk-55001' } };
    };

    it('should book a binding finding in report mode and refuse it in strict mode: 422 PROCESS_DATA.MANDATORY_FIELDS_MISSING', async () => {
      const report = serviceOf({ mode: 'report' });
      const receipt = await report.service.create(contractExample(), context({ formatVersion: '04/26' }));
      expect(receipt.findings).toContainEqual(
        expect.objectContaining({ code: 'invalid-identifier', pointer: MALO_ID_POINTER, binding: true }),
      );

      const strict = serviceOf({ mode: 'strict' });
      const { problem, status } = await refusal(
        strict.service.create(contractExample(), context({ formatVersion: '04/26' })),
      );
      expect([problem.code, status]).toEqual(['PROCESS_DATA.MANDATORY_FIELDS_MISSING', 422]);
      expect(problem.extensions).toMatchObject({
        release: '04/26',
        errors: [{ pointer: MALO_ID_POINTER, code: 'invalid-identifier', message: expect.any(String) }],
      });
      expect(strict.records.creates).toEqual([]);
    });

    it('should book a value of the wrong type with an invalid-value finding in report mode, and refuse it in strict mode', async () => {
      const sent = body({ businessKey: 'bk-1' });
      const wrong = { ...sent, stammdaten: { MARKTLOKATION: [{ ...sent.stammdaten.MARKTLOKATION[0], sparte: 7 }] } };
      const pointer = '#/stammdaten/MARKTLOKATION/0/sparte';

      const receipt = await serviceOf({ mode: 'report' }).service.create(wrong, context());
      expect(receipt.findings).toContainEqual(expect.objectContaining({ code: 'invalid-value', pointer }));

      const { problem, status } = await refusal(serviceOf({ mode: 'strict' }).service.create(wrong, context()));
      expect([problem.code, status]).toEqual(['REQUEST.VALIDATION_FAILED', 422]);
      expect(problem.extensions['errors']).toContainEqual(expect.objectContaining({ pointer }));
    });
  });

  describe('MaloIdent answer', () => {
    const answer = (zusatzdaten: Record<string, unknown>) => ({
      transaktionsdaten: {
        pruefidentifikator: '03003',
        absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000010' },
        empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000003' },
      },
      zusatzdaten,
    });

    it('should know a MaloIdent answer by its Prüfidentifikator, wrapped in data or not, on LF only', () => {
      const lf = serviceOf({ role: 'LF' }).service;
      expect(lf.isMaloIdentAnswer(answer({}))).toBe(true);
      expect(lf.isMaloIdentAnswer({ data: answer({}) })).toBe(true);
      expect(lf.isMaloIdentAnswer(body({ businessKey: 'bk-1' }))).toBe(false);
      expect(serviceOf({ role: 'NB' }).service.isMaloIdentAnswer(answer({}))).toBe(false);
    });

    it('should book it on the process its keys find, store it with its wrapper, and answer the group’s receipt', async () => {
      const outcome: UpdateOutcome = { ...BOOKED_ON_PROCESS_1, matchedBy: 'prozessId' };
      const { service, records } = serviceOf({ role: 'LF', update: outcome });
      const sent = { data: answer({ prozessId: 'p-1', targetBusinessKey: 'trigger-1' }) };

      const receipt = await service.answerMaloIdent(sent, context());

      expect(records.updates[0].keys).toEqual({ targetBusinessKey: 'trigger-1', prozessId: 'p-1' });
      expect(records.updates[0].facts.bodyJson).toBe(JSON.stringify(sent));
      expect(receipt).toMatchObject({
        message: 'MaloIdent answer booked',
        businessKey: 'process-1',
        processBusinessKey: 'process-1',
        revision: 4,
        replayed: false,
        matchedBy: 'prozessId',
      });

      const replay = serviceOf({ role: 'LF', update: { ...outcome, kind: 'replayed' } });
      expect((await replay.service.answerMaloIdent(sent, context())).message).toBe(
        'MaloIdent answer was booked before',
      );
    });

    it('should answer any refusal with 400 MALO_IDENT.REFUSED carrying errorCode and message, and pass other errors on', async () => {
      const unknown = serviceOf({ role: 'LF', update: { kind: 'unknown' } });

      const { problem, status } = await refusal(
        unknown.service.answerMaloIdent(answer({ prozessId: 'p-9' }), context()),
      );

      expect([problem.code, status]).toEqual(['MALO_IDENT.REFUSED', 400]);
      expect(problem.extensions).toMatchObject({
        errorCode: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
        message: 'No process with prozessId p-9 is booked for role LF.',
        errors: [expect.objectContaining({ message: 'no process with this business key exists' })],
      });

      const lost = new Error('Connection terminated unexpectedly');
      await expect(
        serviceOf({ role: 'LF', update: lost }).service.answerMaloIdent(answer({ prozessId: 'p-1' }), context()),
      ).rejects.toBe(lost);
    });
  });
});
