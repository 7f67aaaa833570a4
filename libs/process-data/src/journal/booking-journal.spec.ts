import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { ReadinessFallbacks, type ServiceConfig } from '@maco/platform';
import type { JournaledReceipt } from '../process-data-api';
import { BookingJournal } from './booking-journal';
import { JournalMetrics } from './journal-metrics';

/** What pg says when the server refuses connections. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function request(zusatzdaten: Record<string, string>): FastifyRequest {
  const body = { transaktionsdaten: { pruefidentifikator: '55001' }, zusatzdaten };
  return {
    body,
    headers: { 'content-type': 'application/json' },
    url: '/createProcessData',
    id: `request-${JSON.stringify(zusatzdaten)}`,
    receivedBytes: Buffer.from(JSON.stringify(body)),
  } as unknown as FastifyRequest;
}

/** The group's journal on `dir`, opened as the module does. */
function openJournal(dir: string): BookingJournal {
  const journal = new BookingJournal(
    'LF',
    { dataDir: dir } as ServiceConfig,
    {
      ahbRuleMode: 'report',
      quarantineMaxBytes: 1024 ** 3,
      journalDir: join(dir, 'journal'),
      journalMaxBytes: 1024 ** 2,
    },
    new JournalMetrics(new Registry(), 'LF'),
    new ReadinessFallbacks(),
  );
  journal.onModuleInit();
  return journal;
}

describe('BookingJournal: which write waits behind the journal', () => {
  let dir: string;
  let journal: BookingJournal;
  const reply = { elapsedTime: 0 } as FastifyReply;
  const receipt = (businessKey: string) => (): JournaledReceipt => ({
    journaled: true,
    businessKey,
    release: '10/26',
    findings: [],
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'maco-booking-journal-'));
    journal = openJournal(dir);
  });

  afterEach(async () => {
    await journal.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should keep a write the database refuses, then queue every write while the database is still away', async () => {
    const booking = jest.fn().mockRejectedValue(refused());
    const first = await journal.book('create', request({ businessKey: 'A' }), reply, receipt('A'), booking);
    expect(first).toMatchObject({ journaled: true, businessKey: 'A' });
    expect(booking).toHaveBeenCalledTimes(1);
    // Another process entirely: not tried against a database known to be away.
    await journal.book('create', request({ businessKey: 'B' }), reply, receipt('B'), booking);
    expect(booking).toHaveBeenCalledTimes(1);
    expect(journal.usage().entries).toBe(2);
  });

  it('should book a write of another process at once once the database is back, and queue one that names a waiting key', async () => {
    await journal.book('create', request({ businessKey: 'A' }), reply, receipt('A'), () => Promise.reject(refused()));
    journal.databaseAvailable(true);

    const direct = jest.fn().mockResolvedValue({ booked: 'B' });
    expect(await journal.book('create', request({ businessKey: 'B' }), reply, receipt('B'), direct)).toEqual({
      booked: 'B',
    });
    expect(direct).toHaveBeenCalledTimes(1);

    // An update of A (by its targetBusinessKey) must not overtake A's create.
    const behind = jest.fn();
    const update = request({ businessKey: 'A-1', targetBusinessKey: 'A' });
    expect(await journal.book('update', update, reply, receipt('A-1'), behind)).toMatchObject({ journaled: true });
    expect(behind).not.toHaveBeenCalled();

    // Once both entries of A are booked and removed, A's writes go straight to the database again.
    const [create, queuedUpdate] = [journal.first(), journal.first(journal.first()?.id)];
    journal.remove(create?.id as number);
    journal.remove(queuedUpdate?.id as number);
    const after = jest.fn().mockResolvedValue({ booked: 'A-2' });
    await journal.book('update', request({ businessKey: 'A-2', targetBusinessKey: 'A' }), reply, receipt('A-2'), after);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('should know the keys of entries kept before a restart', async () => {
    await journal.book('create', request({ businessKey: 'A' }), reply, receipt('A'), () => Promise.reject(refused()));
    await journal.onApplicationShutdown();
    journal = openJournal(dir);
    const behind = jest.fn();
    await journal.book('update', request({ targetBusinessKey: 'A' }), reply, receipt('A'), behind);
    expect(behind).not.toHaveBeenCalled();
    expect(journal.usage().entries).toBe(2);
  });
});
