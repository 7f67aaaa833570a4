import type { Pool } from 'pg';
import { Registry } from 'prom-client';
import { MIXED_DIALECTS, toEnglish } from '@maco/domain';
import { ProblemError, type RequestFacts, type ServiceConfig } from '@maco/platform';
import type { AttemptOutcome, TriggerDeliverer } from '../delivery/trigger-deliverer';
import { TriggerMetrics } from '../metrics/trigger-metrics';
import type {
  ClaimedDelivery,
  DeliveryRecord,
  NewDelivery,
  TriggerOutboxRepository,
} from '../outbox/trigger-outbox.repository';
import type { MacoAppConnection, TriggersConfig } from '../triggers.config';
import type {
  TriggerBookingOutcome,
  TriggerProcessFacts,
  TriggerProcessRepository,
  TriggerProcessState,
} from './trigger-process.repository';
import { type TriggerContext, TriggersService } from './triggers.service';

const PROZESS_ID = '0b9f5c3e-2d5a-4c59-9a86-7f7e3b1d2c4a';
const MACO_APP: MacoAppConnection = {
  url: 'https://maco.example',
  tokenUrl: 'https://maco.example/token',
  clientId: 'backend',
  username: 'lf',
  password: 'secret',
  timeoutMs: 1000,
};
const DELIVERY = { maxAttempts: 5, retryBaseMs: 1000, retryMaxMs: 60_000, pollIntervalMs: 1000 };

/** START_MALOIDENT of LF with what 04/26 requires of it. */
const maloIdent = (zusatzdaten?: Record<string, unknown>) => ({
  stammdaten: { MARKTLOKATION: [{ marktlokationsId: '50754496000' }] },
  transaktionsdaten: {
    absender: { rollencodenummer: '9900000000003' },
    empfaenger: { rollencodenummer: '9900000000010', marktrolle: 'NB' },
    ausfuehrungsdatum: '2026-05-01T22:00:00Z',
  },
  ...(zusatzdaten ? { zusatzdaten } : {}),
});

/** The statements of the one client a transaction runs on: BEGIN, COMMIT or ROLLBACK (the repositories are stubs). */
function fakePool() {
  const statements: string[] = [];
  const client = {
    query: async (text: string) => {
      statements.push(text);
      return { rows: [] };
    },
    on: () => undefined,
    off: () => undefined,
    release: () => undefined,
  };
  return { statements, connects: 0, pool: { connect: async () => client } };
}

interface Stubs {
  booking?: TriggerBookingOutcome;
  attempt?: AttemptOutcome;
  stored?: TriggerProcessState;
  delivery?: DeliveryRecord;
  macoApp?: MacoAppConnection | undefined;
}

function serviceOf(stubs: Stubs = {}) {
  const database = fakePool();
  const calls = {
    booked: [] as TriggerProcessFacts[],
    enqueued: [] as NewDelivery[],
    attempted: [] as ClaimedDelivery[],
    inTransaction: [] as string[],
  };
  const processes = {
    async insertTriggerProcess(_client: unknown, facts: TriggerProcessFacts): Promise<TriggerBookingOutcome> {
      calls.booked.push(facts);
      calls.inTransaction.push(`book after ${database.statements.at(-1)}`);
      return stubs.booking ?? { kind: 'booked', recordId: 'record-1' };
    },
    async findTriggerProcess(): Promise<TriggerProcessState | undefined> {
      return stubs.stored;
    },
  };
  const outbox = {
    async enqueue(_client: unknown, delivery: NewDelivery): Promise<void> {
      calls.enqueued.push(delivery);
      calls.inTransaction.push(`enqueue after ${database.statements.at(-1)}`);
    },
    async findDelivery(): Promise<DeliveryRecord | undefined> {
      return stubs.delivery;
    },
  };
  const deliverer = {
    leaseMs: 14_000,
    async attempt(claim: ClaimedDelivery): Promise<AttemptOutcome> {
      calls.attempted.push(claim);
      return stubs.attempt ?? { kind: 'sent', businessKey: 'BK-1' };
    },
  };
  const registry = new Registry();
  const triggersConfig: TriggersConfig = {
    delivery: DELIVERY,
    ...('macoApp' in stubs ? (stubs.macoApp ? { macoApp: stubs.macoApp } : {}) : { macoApp: MACO_APP }),
  };
  const service = new TriggersService(
    'LF',
    { defaultRelease: '10/25' } as ServiceConfig,
    triggersConfig,
    database.pool as unknown as Pool,
    processes as unknown as TriggerProcessRepository,
    outbox as unknown as TriggerOutboxRepository,
    deliverer as unknown as TriggerDeliverer,
    new TriggerMetrics(registry, 'LF'),
  );
  const counted = async (outcome: string) => {
    const metric = (await registry.getMetricsAsJSON()).find((candidate) => candidate.name === 'maco_triggers_total');
    return metric?.values.find((value) => value.labels['outcome'] === outcome)?.value ?? 0;
  };
  return { service, calls, statements: database.statements, counted };
}

const context = (patch: Partial<TriggerContext> = {}): TriggerContext & { facts: RequestFacts } => ({
  formatVersion: 'FV2604',
  tokenSubject: 'backend-user',
  requestId: 'request-1',
  facts: { fields: {} },
  ...patch,
});

describe(TriggersService.name, () => {
  describe('a trigger accepted', () => {
    it('should book the process and its outbox row in one transaction, deliver it once and answer sent', async () => {
      const { service, calls, statements, counted } = serviceOf();
      const noted = context();
      const answer = await service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), noted);

      expect(answer).toEqual({
        prozessId: PROZESS_ID,
        businessKey: 'BK-1',
        eventname: 'START_MALOIDENT',
        status: 'sent',
      });
      const outgoing = maloIdent({ prozessId: PROZESS_ID, eventname: 'START_MALOIDENT' });
      expect(calls.booked).toEqual([
        {
          role: 'LF',
          prozessId: PROZESS_ID,
          release: '04/26',
          bodyJson: JSON.stringify(outgoing),
          marktlokationsIds: ['50754496000'],
          targetBusinessKey: null,
          stammdaten: outgoing.stammdaten,
          transaktionsdaten: outgoing.transaktionsdaten,
          tokenSubject: 'backend-user',
          requestId: 'request-1',
        },
      ]);
      expect(statements).toEqual(['BEGIN', 'COMMIT']);
      expect(calls.inTransaction).toEqual(['book after BEGIN', 'enqueue after BEGIN']);
      const [enqueued] = calls.enqueued;
      expect(enqueued).toEqual({
        recordId: 'record-1',
        role: 'LF',
        eventname: 'START_MALOIDENT',
        leaseToken: expect.any(String),
        leaseMs: 14_000,
      });
      // The first attempt is the booking request's own, under the lease the outbox row was written with.
      expect(calls.attempted).toEqual([
        {
          recordId: 'record-1',
          prozessId: PROZESS_ID,
          eventname: 'START_MALOIDENT',
          release: '04/26',
          attempts: 0,
          body: outgoing,
          leaseToken: enqueued.leaseToken,
        },
      ]);
      expect(noted.facts.fields).toEqual({ eventname: 'START_MALOIDENT', prozessId: PROZESS_ID });
      expect(await counted('sent')).toBe(1);
    });

    it('should choose a prozessId when the body has none, and send and answer it', async () => {
      const { service, calls } = serviceOf({ attempt: { kind: 'pending', reason: 'middleware unreachable' } });
      const answer = await service.trigger('START_MALOIDENT', maloIdent(), context());
      expect(answer).toEqual({ prozessId: expect.any(String), eventname: 'START_MALOIDENT', status: 'pending' });
      expect(answer.prozessId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(calls.booked[0].prozessId).toBe(answer.prozessId);
      expect(calls.attempted[0].body['zusatzdaten']).toEqual({
        prozessId: answer.prozessId,
        eventname: 'START_MALOIDENT',
      });
    });

    it('should take the release the X-Format-Version header names, by name or format version', async () => {
      const { service, calls } = serviceOf();
      await service.trigger('START_MALOIDENT', maloIdent(), context({ formatVersion: '10/25' }));
      await service.trigger('START_MALOIDENT', maloIdent(), context({ formatVersion: 'fv2604' }));
      expect(calls.booked.map((facts) => facts.release)).toEqual(['10/25', '04/26']);
    });
  });

  describe('a trigger the middleware did not take', () => {
    it('should throw TRIGGER.REJECTED with the middleware’s error when it rejected the trigger', async () => {
      const { service, counted } = serviceOf({
        attempt: { kind: 'rejected', errorCode: 'EVENT_FAIL', message: 'unknown MaLo' },
      });
      await expect(service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context())).rejects.toEqual(
        expect.objectContaining({
          code: 'TRIGGER.REJECTED',
          extensions: { prozessId: PROZESS_ID, errorCode: 'EVENT_FAIL', message: 'unknown MaLo' },
        }),
      );
      expect(await counted('rejected')).toBe(1);
    });

    it('should throw TRIGGER.DELIVERY_FAILED with the reason when it was given up', async () => {
      const { service, counted } = serviceOf({ attempt: { kind: 'failed', reason: 'refused with 400' } });
      await expect(service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context())).rejects.toEqual(
        expect.objectContaining({
          code: 'TRIGGER.DELIVERY_FAILED',
          extensions: { prozessId: PROZESS_ID, reason: 'refused with 400' },
        }),
      );
      expect(await counted('failed')).toBe(1);
    });

    it('should answer what another instance recorded when the lease ran out during the attempt', async () => {
      const { service, counted } = serviceOf({
        attempt: { kind: 'taken-over' },
        stored: {
          recordId: 'record-1',
          prozessId: PROZESS_ID,
          eventname: 'START_MALOIDENT',
          status: 'sent',
          triggerBusinessKey: 'BK-OTHER',
        },
      });
      expect(await service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context())).toEqual({
        prozessId: PROZESS_ID,
        businessKey: 'BK-OTHER',
        eventname: 'START_MALOIDENT',
        status: 'sent',
      });
      expect(await counted('sent')).toBe(1);
    });
  });

  describe('a request refused', () => {
    const refusals: [string, Stubs, string, unknown, Partial<TriggerContext>, string, string][] = [
      [
        'no middleware',
        { macoApp: undefined },
        'START_MALOIDENT',
        maloIdent(),
        {},
        'TRIGGER.NO_MIDDLEWARE',
        'unavailable',
      ],
      [
        'a body without transaktionsdaten',
        {},
        'START_MALOIDENT',
        { stammdaten: {} },
        {},
        'REQUEST.VALIDATION_FAILED',
        'invalid',
      ],
      ['an event the role lacks', {}, 'START_NOTHING', maloIdent(), {}, 'TRIGGER.UNKNOWN_EVENT', 'unknown_event'],
      [
        'an unknown release',
        {},
        'START_MALOIDENT',
        maloIdent(),
        { formatVersion: 'FV1999' },
        'REQUEST.UNKNOWN_RELEASE',
        'invalid',
      ],
    ];

    it.each(refusals)('should refuse %s with a problem, booking and sending nothing', async (...refusal) => {
      const [, stubs, eventname, body, patch, code, outcome] = refusal;
      const { service, calls, statements, counted } = serviceOf(stubs);
      await expect(service.trigger(eventname, body, context(patch))).rejects.toMatchObject({ code });
      expect([statements, calls.booked, calls.enqueued, calls.attempted]).toEqual([[], [], [], []]);
      expect(await counted(outcome)).toBe(1);
    });

    it('should name each field the event requires that the body lacks', async () => {
      const { service, calls } = serviceOf();
      const body = { stammdaten: {}, transaktionsdaten: { ausfuehrungsdatum: '2026-05-01T22:00:00Z' } };
      const refusal = service.trigger('START_MALOIDENT', body, context());
      await expect(refusal).rejects.toBeInstanceOf(ProblemError);
      await expect(refusal).rejects.toMatchObject({
        code: 'TRIGGER.MANDATORY_FIELDS_MISSING',
        extensions: {
          release: '04/26',
          errors: [
            { pointer: '#/transaktionsdaten/absender', message: 'required by START_MALOIDENT (04/26)' },
            { pointer: '#/transaktionsdaten/empfaenger', message: 'required by START_MALOIDENT (04/26)' },
          ],
        },
      });
      expect(calls.booked).toEqual([]);
    });

    it('should refuse a zusatzdaten.eventname other than the path’s', async () => {
      const { service } = serviceOf();
      const body = maloIdent({ eventname: 'START_PARTIN' });
      await expect(service.trigger('START_MALOIDENT', body, context())).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
        extensions: {
          errors: [{ pointer: '#/zusatzdaten/eventname', message: expect.stringContaining('START_MALOIDENT') }],
        },
      });
    });
  });

  describe('idempotency', () => {
    const stored = (status: TriggerProcessState['status']): TriggerProcessState => ({
      recordId: 'record-1',
      prozessId: PROZESS_ID,
      eventname: 'START_MALOIDENT',
      status,
      triggerBusinessKey: status === 'sent' ? 'BK-1' : null,
    });
    const replayed: TriggerBookingOutcome = { kind: 'replayed', recordId: 'record-1' };

    it('should answer the same trigger again from what is stored, enqueueing and sending nothing', async () => {
      const { service, calls, counted } = serviceOf({ booking: replayed, stored: stored('sent') });
      const answer = await service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context());
      expect(answer).toEqual({
        prozessId: PROZESS_ID,
        businessKey: 'BK-1',
        eventname: 'START_MALOIDENT',
        status: 'sent',
      });
      expect([calls.booked.length, calls.enqueued, calls.attempted]).toEqual([1, [], []]);
      expect(await counted('replayed')).toBe(1);
    });

    it('should answer a replay of a trigger still in delivery as pending', async () => {
      const { service } = serviceOf({ booking: replayed, stored: stored('pending') });
      expect(await service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context())).toEqual({
        prozessId: PROZESS_ID,
        eventname: 'START_MALOIDENT',
        status: 'pending',
      });
    });

    it('should answer a replay of a failed trigger with its problem again: the rejection, else the last error', async () => {
      const rejected = serviceOf({
        booking: replayed,
        stored: stored('failed'),
        delivery: { attempts: 1, lastError: 'rejected', errorCode: 'EVENT_FAIL', errorMessage: 'unknown MaLo' },
      });
      await expect(
        rejected.service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context()),
      ).rejects.toMatchObject({ code: 'TRIGGER.REJECTED', extensions: { errorCode: 'EVENT_FAIL' } });
      const failed = serviceOf({
        booking: replayed,
        stored: stored('failed'),
        delivery: { attempts: 5, lastError: 'unreachable; gave up', errorCode: null, errorMessage: null },
      });
      await expect(
        failed.service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context()),
      ).rejects.toMatchObject({ code: 'TRIGGER.DELIVERY_FAILED', extensions: { reason: 'unreachable; gave up' } });
      // A replayed failure counts as replayed, not as a second failure.
      expect(await rejected.counted('replayed')).toBe(1);
      expect(await rejected.counted('rejected')).toBe(0);
    });

    it('should refuse a prozessId taken by another process or body with 409, sending nothing', async () => {
      const { service, calls, counted } = serviceOf({ booking: { kind: 'conflict' } });
      await expect(
        service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context()),
      ).rejects.toMatchObject({ code: 'TRIGGER.PROZESS_ID_CONFLICT', extensions: { prozessId: PROZESS_ID } });
      expect([calls.enqueued, calls.attempted]).toEqual([[], []]);
      expect(await counted('conflict')).toBe(1);
    });
  });
});

describe(`${TriggersService.name} in the English dialect`, () => {
  it('should book an English body in the canonical German form, as its German twin, and note its processId', async () => {
    const german = serviceOf();
    const english = serviceOf();
    const noted = context();
    await german.service.trigger('START_MALOIDENT', maloIdent({ prozessId: PROZESS_ID }), context());
    const sent = toEnglish(maloIdent({ prozessId: PROZESS_ID }));
    expect(sent).toHaveProperty('additionalData', { processId: PROZESS_ID });
    expect(await english.service.trigger('START_MALOIDENT', sent, noted)).toMatchObject({ status: 'sent' });

    expect(english.calls.booked).toEqual(german.calls.booked);
    expect(english.calls.booked[0].bodyJson).toBe(
      JSON.stringify(maloIdent({ prozessId: PROZESS_ID, eventname: 'START_MALOIDENT' })),
    );
    expect(english.calls.attempted.map((claim) => claim.body)).toEqual(
      german.calls.attempted.map((claim) => claim.body),
    );
    expect(noted.facts.fields).toEqual({ eventname: 'START_MALOIDENT', prozessId: PROZESS_ID });
  });

  it('should point refusals into the English body as received', async () => {
    const { service, calls } = serviceOf();
    const wrongEvent = toEnglish(maloIdent({ eventname: 'START_PARTIN' }));
    await expect(service.trigger('START_MALOIDENT', wrongEvent, context())).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      extensions: { errors: [{ pointer: '#/additionalData/eventname' }] },
    });
    const lacking = toEnglish({ stammdaten: {}, transaktionsdaten: { ausfuehrungsdatum: '2026-05-01T22:00:00Z' } });
    await expect(service.trigger('START_MALOIDENT', lacking, context())).rejects.toMatchObject({
      code: 'TRIGGER.MANDATORY_FIELDS_MISSING',
      extensions: {
        errors: [
          { pointer: '#/transactionData/sender', message: 'required by START_MALOIDENT (04/26)' },
          { pointer: '#/transactionData/receiver', message: 'required by START_MALOIDENT (04/26)' },
        ],
      },
    });
    expect(calls.booked).toEqual([]);
  });

  it('should refuse a body mixing both dialects at #, as invalid, booking nothing', async () => {
    const { service, calls, counted } = serviceOf();
    const mixed = { ...(toEnglish(maloIdent()) as object), zusatzdaten: { prozessId: PROZESS_ID } };
    await expect(service.trigger('START_MALOIDENT', mixed, context())).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      extensions: { errors: [{ pointer: '#', message: MIXED_DIALECTS }] },
    });
    expect([calls.booked, calls.attempted]).toEqual([[], []]);
    expect(await counted('invalid')).toBe(1);
  });
});
