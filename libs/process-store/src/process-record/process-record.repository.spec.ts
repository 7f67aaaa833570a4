import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { OPTIMISTIC_ATTEMPTS, ProcessRecordRepository } from './process-record.repository';

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

/** A pool whose statements (the optimistic path's) are answered by `answer`; `connect` hands out `client` (the lock path's). */
class FakePool {
  readonly statements: string[] = [];
  readonly values: unknown[][] = [];
  connects = 0;
  constructor(
    private readonly client: FakeClient,
    private readonly answer: (statement: string, call: number) => unknown,
  ) {}
  async query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }> {
    const statement = config.name ?? config.text;
    this.statements.push(statement);
    this.values.push(config.values ?? []);
    const result = this.answer(statement, this.statements.filter((s) => s === statement).length);
    if (result instanceof Error) throw result;
    return { rows: (result as unknown[]) ?? [] };
  }
  async connect(): Promise<FakeClient> {
    this.connects++;
    return this.client;
  }
}

/** Every optimistic write finds the record moved on (another update wrote first), so `appendRevision` takes the lock. */
const racedEveryTime = (statement: string) => (statement === 'read_record' ? locked : []);

function repositoryOn(
  client: FakeClient,
  answer: (statement: string, call: number) => unknown = racedEveryTime,
): ProcessRecordRepository {
  return new ProcessRecordRepository(new FakePool(client, answer) as unknown as Pool);
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
const serverError = (code: string, severity: string, message: string) =>
  Object.assign(new Error(message), { code, severity });

describe('ProcessRecordRepository.appendRevision, optimistic', () => {
  const poolOf = (answer: (statement: string, call: number) => unknown) => {
    const pool = new FakePool(new FakeClient(() => []), answer);
    return { pool, repository: new ProcessRecordRepository(pool as unknown as Pool) };
  };

  it('should book in two statements, without a transaction or a checked-out connection', async () => {
    const { pool, repository } = poolOf((s) => (s === 'read_record' ? locked : [{ revision: 2 }]));

    await expect(repository.appendRevision(facts, merge)).resolves.toEqual({
      kind: 'booked',
      revision: 2,
      businessKey: 'key-1',
      matchedBy: 'businessKey',
    });

    expect(pool.statements).toEqual(['read_record', 'update_record_with_revision']);
    expect(pool.connects).toBe(0);
    // The write holds only at the revision read ($16).
    expect(pool.values[1][15]).toBe(1);
  });

  it('should read again when another update wrote first, and write on the revision read then', async () => {
    const { pool, repository } = poolOf((s, call) => {
      if (s === 'read_record') return [{ ...locked[0], revision: call }];
      return call === 1 ? [] : [{ revision: 3 }];
    });

    await expect(repository.appendRevision(facts, merge)).resolves.toMatchObject({ kind: 'booked', revision: 3 });

    expect(pool.statements).toEqual([
      'read_record',
      'update_record_with_revision',
      'read_record',
      'update_record_with_revision',
    ]);
    expect([pool.values[1][15], pool.values[3][15]]).toEqual([1, 2]);
  });

  it('should answer a replay with the revision the body was booked as', async () => {
    const repeated = Object.assign(serverError('23505', 'ERROR', 'duplicate key value'), {
      constraint: 'pk_process_update_body',
    });
    const { pool, repository } = poolOf((s) =>
      s === 'read_record' ? locked : s === 'update_record_with_revision' ? repeated : [{ revision: 5 }],
    );

    await expect(repository.appendRevision(facts, merge)).resolves.toEqual({
      kind: 'replayed',
      revision: 5,
      businessKey: 'key-1',
      matchedBy: 'businessKey',
    });
    expect(pool.statements).toEqual(['read_record', 'update_record_with_revision', 'select_replayed_revision']);
  });

  it('should pass any other error of the write on', async () => {
    const other = Object.assign(serverError('23505', 'ERROR', 'duplicate key value'), { constraint: 'pk_process_key' });
    const { repository } = poolOf((s) => (s === 'read_record' ? locked : other));

    await expect(repository.appendRevision(facts, merge)).rejects.toBe(other);
  });

  it('should answer unknown keys after one read', async () => {
    const { pool, repository } = poolOf(() => []);

    await expect(repository.appendRevision(facts, merge)).resolves.toEqual({ kind: 'unknown' });
    expect(pool.statements).toEqual(['read_record']);
  });

  it(`should take the row lock after ${OPTIMISTIC_ATTEMPTS} lost races`, async () => {
    const client = new FakeClient((s) =>
      s === 'lock_record' ? locked : s === 'update_record_with_revision' ? [{ revision: 9 }] : [],
    );
    const pool = new FakePool(client, racedEveryTime);

    await expect(
      new ProcessRecordRepository(pool as unknown as Pool).appendRevision(facts, merge),
    ).resolves.toMatchObject({ kind: 'booked', revision: 9 });

    expect(pool.statements).toHaveLength(2 * OPTIMISTIC_ATTEMPTS);
    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'update_record_with_revision', 'COMMIT']);
  });
});

describe('ProcessRecordRepository.appendRevision under the row lock, on a failing connection', () => {
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
    const client = new FakeClient((s) =>
      s === 'update_record_with_revision' ? timeout : s === 'lock_record' ? locked : [],
    );

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(timeout);

    expect(client.statements).not.toContain('ROLLBACK');
    expect(client.release).toHaveBeenCalledWith(timeout);
  });

  it('should roll back and keep the client after a statement error (statement timeout)', async () => {
    const cancelled = serverError('57014', 'ERROR', 'canceling statement due to statement timeout');
    const client = new FakeClient((s) =>
      s === 'update_record_with_revision' ? cancelled : s === 'lock_record' ? locked : [],
    );

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(cancelled);

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'update_record_with_revision', 'ROLLBACK']);
    expect(client.release).toHaveBeenCalledWith(undefined);
  });

  it('should roll back and keep the client when the merge fails', async () => {
    const bug = new TypeError('merge failed');
    const client = new FakeClient((s) => (s === 'lock_record' ? locked : []));
    let merges = 0;

    await expect(
      repositoryOn(client).appendRevision(facts, () => {
        // The optimistic attempts merge fine (and lose their races); the merge under the lock fails.
        if (++merges > OPTIMISTIC_ATTEMPTS) throw bug;
        return merge();
      }),
    ).rejects.toBe(bug);

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'ROLLBACK']);
    expect(client.release).toHaveBeenCalledWith(undefined);
  });

  it('should discard the client when the ROLLBACK fails', async () => {
    const cancelled = serverError('57014', 'ERROR', 'canceling statement due to statement timeout');
    const notQueryable = new Error('Client has encountered a connection error and is not queryable');
    const client = new FakeClient((s) =>
      s === 'update_record_with_revision'
        ? cancelled
        : s === 'ROLLBACK'
          ? notQueryable
          : s === 'lock_record'
            ? locked
            : [],
    );

    await expect(repositoryOn(client).appendRevision(facts, merge)).rejects.toBe(cancelled);

    expect(client.release).toHaveBeenCalledWith(notQueryable);
  });

  it('should release a healthy client as is after a booking', async () => {
    const client = new FakeClient((s) =>
      s === 'lock_record' ? locked : s === 'update_record_with_revision' ? [{ revision: 2 }] : [],
    );

    await expect(repositoryOn(client).appendRevision(facts, merge)).resolves.toEqual({
      kind: 'booked',
      revision: 2,
      businessKey: 'key-1',
      matchedBy: 'businessKey',
    });

    expect(client.statements).toEqual(['BEGIN', 'lock_record', 'update_record_with_revision', 'COMMIT']);
    expect(client.release).toHaveBeenCalledWith(undefined);
    expect(client.listenerCount('error')).toBe(0);
  });
});

describe('ProcessRecordRepository.insertRecord', () => {
  const create = { ...facts, marktlokationsIds: [], currentJson: null, stammdaten: {} };

  it('should compare a copy of a create in flight once that create is written, without a statement of its own', async () => {
    const statements: string[] = [];
    const pool = {
      query: async (config: { name: string; values: unknown[] }) => {
        statements.push(config.name);
        if (config.name === 'same_as_create') return { rows: [{ same: true }] };
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { rows: [{ business_key: 'key-1' }] };
      },
    };
    const repository = new ProcessRecordRepository(pool as unknown as Pool);

    const outcomes = await Promise.all([
      repository.insertRecord(create),
      repository.insertRecord(create),
      repository.insertRecord(create),
    ]);

    expect(outcomes).toEqual([{ kind: 'booked' }, { kind: 'replayed' }, { kind: 'replayed' }]);
    expect(statements).toEqual(['insert_records_with_revisions', 'same_as_create', 'same_as_create']);
  });

  it('should let a copy book itself when the create it waited for failed', async () => {
    const statements: string[] = [];
    let inserts = 0;
    const pool = {
      query: async (config: { name: string }) => {
        statements.push(config.name);
        if (config.name === 'insert_records_with_revisions' && ++inserts === 1) throw new Error('connection lost');
        return { rows: [{ business_key: 'key-1' }] };
      },
    };
    const repository = new ProcessRecordRepository(pool as unknown as Pool);

    const [first, second] = await Promise.allSettled([
      repository.insertRecord(create),
      repository.insertRecord(create),
    ]);

    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: { kind: 'booked' } });
    expect(statements).toEqual(['insert_records_with_revisions', 'insert_records_with_revisions']);
  });
});
