import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { ProcessRecordRepository } from './process-record.repository';

/** A pool client that answers each statement by name (or text) with rows, or fails as told. */
class FakeClient extends EventEmitter {
  readonly statements: string[] = [];
  readonly release = jest.fn<void, [Error | undefined]>();
  constructor(private readonly answer: (statement: string) => unknown) {
    super();
  }
  async query(config: string | { name?: string; text: string }): Promise<{ rows: unknown[] }> {
    const statement = typeof config === 'string' ? config : (config.name ?? config.text);
    this.statements.push(statement);
    const result = this.answer(statement);
    if (result instanceof Error) throw result;
    return { rows: (result as unknown[]) ?? [] };
  }
}

function repositoryOn(client: FakeClient): ProcessRecordRepository {
  const pool = { connect: async () => client };
  return new ProcessRecordRepository(pool as unknown as Pool);
}

const facts = {
  role: 'LF',
  businessKey: 'key-1',
  pruefidentifikator: '55003',
  release: '10/25',
  bodyJson: '{}',
  findingsJson: '[]',
  tokenSubject: null,
  requestId: 'req-1',
  targetBusinessKey: null,
  prozessId: null,
};
const merge = () => ({ currentJson: '{}', marktlokationsIds: [] });
const locked = [{ id: 'record-1', business_key: 'key-1', current: {}, revision: 1, key: 'key-1' }];

/** An error as pg reports one the server sent. */
const serverError = (code: string, severity: string, message: string) => Object.assign(new Error(message), { code, severity });

describe('ProcessRecordRepository.appendRevision on a failing connection', () => {
  it('should discard the client without a ROLLBACK when the server ends the session (57P01)', async () => {
    const shutdown = serverError('57P01', 'FATAL', 'terminating connection due to administrator command');
    const client = new FakeClient((s) => (s === 'lock_record' ? shutdown : s === 'BEGIN' ? [] : undefined));

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(shutdown);

    expect(client.statements).toEqual(['BEGIN', 'lock_record']);
    expect(client.release).toHaveBeenCalledWith(shutdown);
    expect(client.listenerCount('error')).toBe(0);
  });

  it('should survive the connection dying while the client is checked out, and discard it', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    let listened = false;
    const client: FakeClient = new FakeClient((s) => {
      if (s === 'lock_record') {
        // pg emits 'error' on the client when its socket ends; without a listener that throws out of the socket's
        // event handler and crashes the process.
        listened = client.listenerCount('error') > 0;
        if (listened) client.emit('error', lost);
        return lost;
      }
      return [];
    });

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(lost);
    expect(listened).toBe(true);

    expect(client.statements).toEqual(['BEGIN', 'lock_record']);
    expect(client.release).toHaveBeenCalledWith(lost);
  });

  it('should discard the client after a client-side query timeout', async () => {
    const timeout = new Error('Query read timeout');
    const client = new FakeClient((s) => (s === 'update_record_with_revision' ? timeout : s === 'lock_record' ? locked : []));

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(timeout);

    expect(client.statements).not.toContain('ROLLBACK');
    expect(client.release).toHaveBeenCalledWith(timeout);
  });

  it('should roll back and keep the client after a statement error (statement timeout)', async () => {
    const cancelled = serverError('57014', 'ERROR', 'canceling statement due to statement timeout');
    const client = new FakeClient((s) => (s === 'update_record_with_revision' ? cancelled : s === 'lock_record' ? locked : []));

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(cancelled);

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'update_record_with_revision', 'ROLLBACK']);
    expect(client.release).toHaveBeenCalledWith(undefined);
  });

  it('should roll back and keep the client when the merge fails', async () => {
    const bug = new TypeError('merge failed');
    const client = new FakeClient((s) => (s === 'lock_record' ? locked : []));

    await expect(
      repositoryOn(client).appendRevision(facts, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'ROLLBACK']);
    expect(client.release).toHaveBeenCalledWith(undefined);
  });

  it('should discard the client when the ROLLBACK fails', async () => {
    const cancelled = serverError('57014', 'ERROR', 'canceling statement due to statement timeout');
    const notQueryable = new Error('Client has encountered a connection error and is not queryable');
    const client = new FakeClient((s) =>
      s === 'update_record_with_revision' ? cancelled : s === 'ROLLBACK' ? notQueryable : s === 'lock_record' ? locked : [],
    );

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(cancelled);

    expect(client.release).toHaveBeenCalledWith(notQueryable);
  });

  it('should release a healthy client as is after a booking', async () => {
    const client = new FakeClient((s) => (s === 'lock_record' ? locked : s === 'update_record_with_revision' ? [{ revision: 2 }] : []));

    await expect(repositoryOn(client).appendRevision(facts, merge)).resolves.toEqual({ kind: 'booked', revision: 2, businessKey: 'key-1', matchedBy: 'businessKey' });

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'update_record_with_revision', 'COMMIT']);
    expect(client.release).toHaveBeenCalledWith(undefined);
    expect(client.listenerCount('error')).toBe(0);
  });
});
