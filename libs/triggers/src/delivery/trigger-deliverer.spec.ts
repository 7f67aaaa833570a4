import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { Registry } from 'prom-client';
import { TriggerMetrics } from '../metrics/trigger-metrics';
import type { InboundResult, MacoInboundClient } from '../middleware/maco-inbound.client';
import type { ClaimedDelivery, TriggerOutboxRepository } from '../outbox/trigger-outbox.repository';
import type { TriggerProcessRepository } from '../start/trigger-process.repository';
import type { TriggersConfig } from '../triggers.config';
import { TriggerDeliverer } from './trigger-deliverer';

const CONFIG: TriggersConfig = {
  macoApp: {
    url: 'https://maco.example',
    tokenUrl: 'https://maco.example/token',
    clientId: 'backend',
    username: 'lf',
    password: 'secret',
    timeoutMs: 2000,
  },
  delivery: { maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 60_000, pollIntervalMs: 1000 },
};

const claim = (attempts: number): ClaimedDelivery => ({
  recordId: 'record-1',
  prozessId: 'p-1',
  eventname: 'START_MALOIDENT',
  release: '10/26',
  attempts,
  body: { stammdaten: {}, transaktionsdaten: {}, zusatzdaten: { prozessId: 'p-1', eventname: 'START_MALOIDENT' } },
  leaseToken: 'lease-1',
});

/** The middleware answers `result`; the outbox holds the lease unless `leaseLost`. Records every write in order. */
function delivererOf(result: InboundResult, options: { leaseLost?: boolean; keyTaken?: boolean } = {}) {
  const writes: unknown[][] = [];
  const client = {
    query: async (text: string) => {
      writes.push([text]);
      return { rows: [] };
    },
    on: () => undefined,
    off: () => undefined,
    release: () => undefined,
  };
  const held = !options.leaseLost;
  // Each write as [name, ...arguments], the transaction's client left out.
  const recording =
    <T>(name: string, answer: T, withClient = true) =>
    async (...args: unknown[]): Promise<T> => {
      writes.push([name, ...(withClient ? args.slice(1) : args)]);
      return answer;
    };
  const outbox = {
    markDelivered: recording('markDelivered', held),
    markFailed: recording('markFailed', held),
    scheduleRetry: recording('scheduleRetry', held, false),
  };
  const processes = {
    markTriggerSent: recording('markTriggerSent', !options.keyTaken),
    recordTriggerAnswer: recording('recordTriggerAnswer', undefined),
    markTriggerFailed: recording('markTriggerFailed', undefined),
  };
  const sent: Record<string, unknown>[] = [];
  const inbound = {
    send: async (body: Record<string, unknown>): Promise<InboundResult> => {
      sent.push(body);
      return result;
    },
  };
  const registry = new Registry();
  const deliverer = new TriggerDeliverer(
    'LF',
    { connect: async () => client } as unknown as Pool,
    CONFIG,
    inbound as unknown as MacoInboundClient,
    outbox as unknown as TriggerOutboxRepository,
    processes as unknown as TriggerProcessRepository,
    new TriggerMetrics(registry, 'LF'),
  );
  const deliveries = async (outcome: string) => {
    const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'maco_trigger_deliveries_total');
    return metric?.values.find((value) => value.labels['outcome'] === outcome)?.value ?? 0;
  };
  return { deliverer, writes, sent, deliveries };
}

describe(TriggerDeliverer.name, () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('should hold a lease long enough for a token and the trigger, twice after a 401', () => {
    expect(delivererOf({ kind: 'accepted', businessKey: null }).deliverer.leaseMs).toBe(4 * 2000 + 10_000);
  });

  it('should send the body as booked and record it sent with the business key, in one transaction', async () => {
    const { deliverer, writes, sent, deliveries } = delivererOf({ kind: 'accepted', businessKey: 'BK-1' });
    expect(await deliverer.attempt(claim(0))).toEqual({ kind: 'sent', businessKey: 'BK-1' });
    expect(sent).toEqual([claim(0).body]);
    expect(writes).toEqual([
      ['BEGIN'],
      ['markDelivered', 'record-1', 'lease-1'],
      ['markTriggerSent', 'record-1', 'BK-1'],
      ['COMMIT'],
    ]);
    expect(await deliveries('delivered')).toBe(1);
  });

  it('should record the deadline answer a trigger carries in the transaction that marks it sent', async () => {
    const { deliverer, writes } = delivererOf({ kind: 'accepted', businessKey: 'BK-1' });
    const answering: ClaimedDelivery = {
      ...claim(1),
      eventname: 'START_BESTELLUNG_SDAE',
      body: {
        stammdaten: {},
        transaktionsdaten: { pruefidentifikator: '55220' },
        zusatzdaten: { prozessId: 'p-1', eventname: 'START_BESTELLUNG_SDAE', targetBusinessKey: 'REQUEST-1' },
      },
    };
    expect(await deliverer.attempt(answering)).toEqual({ kind: 'sent', businessKey: 'BK-1' });
    expect(writes).toEqual([
      ['BEGIN'],
      ['markDelivered', 'record-1', 'lease-1'],
      ['markTriggerSent', 'record-1', 'BK-1'],
      [
        'recordTriggerAnswer',
        'record-1',
        { rules: ['GPKE_ABRECHNUNGSDATEN_NNA_RUECKMELDUNG'], pruefidentifikator: '55220' },
      ],
      ['COMMIT'],
    ]);
  });

  it('should count a trigger sent even when its business key belongs to another process', async () => {
    const { deliverer } = delivererOf({ kind: 'accepted', businessKey: 'BK-OTHER' }, { keyTaken: true });
    expect(await deliverer.attempt(claim(0))).toEqual({ kind: 'sent', businessKey: 'BK-OTHER' });
  });

  it('should give a rejected trigger up at once, with the middleware’s error, never retried', async () => {
    const { deliverer, writes, deliveries } = delivererOf({
      kind: 'rejected',
      errorCode: 'EVENT_FAIL',
      message: 'unknown MaLo',
    });
    expect(await deliverer.attempt(claim(0))).toEqual({
      kind: 'rejected',
      errorCode: 'EVENT_FAIL',
      message: 'unknown MaLo',
    });
    expect(writes).toEqual([
      ['BEGIN'],
      [
        'markFailed',
        'record-1',
        'lease-1',
        { lastError: 'rejected by the middleware (EVENT_FAIL)', errorCode: 'EVENT_FAIL', errorMessage: 'unknown MaLo' },
      ],
      ['markTriggerFailed', 'record-1'],
      ['COMMIT'],
    ]);
    expect(await deliveries('rejected')).toBe(1);
    expect(await deliveries('retry')).toBe(0);
  });

  it('should give a refused request up at once (another 4xx: sending it again would not help)', async () => {
    const { deliverer, writes, deliveries } = delivererOf({ kind: 'refused', reason: 'middleware answered 415' });
    expect(await deliverer.attempt(claim(0))).toEqual({ kind: 'failed', reason: 'middleware answered 415' });
    expect(writes.map(([what]) => what)).toEqual(['BEGIN', 'markFailed', 'markTriggerFailed', 'COMMIT']);
    expect(await deliveries('failed')).toBe(1);
  });

  describe('retry decision while the middleware is unavailable', () => {
    const unavailable: InboundResult = { kind: 'unavailable', reason: 'middleware answered 503' };

    it.each([
      [1, 500, 1000],
      [2, 1000, 2000],
    ])(
      'should retry after failed attempt %i in %i to %i ms (backoff with jitter), the trigger still pending',
      async (failed, min, max) => {
        const { deliverer, writes, deliveries } = delivererOf(unavailable);
        expect(await deliverer.attempt(claim(failed - 1))).toEqual({
          kind: 'pending',
          reason: 'middleware answered 503',
        });
        expect(writes).toEqual([
          ['scheduleRetry', 'record-1', 'lease-1', expect.any(Number), 'middleware answered 503'],
        ]);
        const delayMs = writes[0][3] as number;
        expect(delayMs).toBeGreaterThanOrEqual(min);
        expect(delayMs).toBeLessThanOrEqual(max);
        expect(await deliveries('retry')).toBe(1);
      },
    );

    it('should give up once TRIGGER_MAX_ATTEMPTS attempts are spent', async () => {
      const { deliverer, writes, deliveries } = delivererOf(unavailable);
      expect(await deliverer.attempt(claim(2))).toEqual({
        kind: 'failed',
        reason: 'middleware answered 503; gave up after 3 attempts',
      });
      expect(writes).toEqual([
        ['BEGIN'],
        ['markFailed', 'record-1', 'lease-1', { lastError: 'middleware answered 503; gave up after 3 attempts' }],
        ['markTriggerFailed', 'record-1'],
        ['COMMIT'],
      ]);
      expect([await deliveries('failed'), await deliveries('retry')]).toEqual([1, 0]);
    });
  });

  describe('a lease another instance took over', () => {
    it.each<[string, InboundResult]>([
      ['sent', { kind: 'accepted', businessKey: 'BK-1' }],
      ['rejected', { kind: 'rejected', errorCode: 'EVENT_FAIL', message: 'no' }],
      ['retried', { kind: 'unavailable', reason: 'timeout' }],
    ])('should record nothing of a trigger %s and leave the outcome to the other', async (_what, result) => {
      const { deliverer, writes, deliveries } = delivererOf(result, { leaseLost: true });
      expect(await deliverer.attempt(claim(0))).toEqual({ kind: 'taken-over' });
      expect(writes.filter(([what]) => what === 'markTriggerSent' || what === 'markTriggerFailed')).toEqual([]);
      for (const outcome of ['delivered', 'rejected', 'retry', 'failed']) expect(await deliveries(outcome)).toBe(0);
    });
  });
});
