import { connect, createServer } from 'node:net';
import { isDatabaseUnavailable } from './database-unavailable';

/** An error shaped like node-postgres' DatabaseError: what the server reported, with its SQLSTATE. */
function serverError(code: string, message: string, severity = 'ERROR'): Error {
  return Object.assign(new Error(message), { code, severity, length: 100 });
}

/** A socket error as Node raises it. */
function socketError(code: string, syscall = 'connect'): Error {
  return Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, errno: -111, syscall });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET', 'read')],
    ['broken pipe', socketError('EPIPE', 'write')],
    ['connect timed out', socketError('ETIMEDOUT')],
    ['host unreachable', socketError('EHOSTUNREACH')],
    ['name not resolvable right now', socketError('EAI_AGAIN', 'getaddrinfo')],
    ['pg: connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    [
      'pg-pool: connection timeout',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
    ['pg-pool: no connection within connectionTimeoutMillis', new Error('timeout exceeded when trying to connect')],
    ['pg: client broken', new Error('Client has encountered a connection error and is not queryable')],
    ['pg: client closed', new Error('Client was closed and is not queryable')],
    ['pg: query_timeout', new Error('Query read timeout')],
    ['57P01 admin shutdown', serverError('57P01', 'terminating connection due to administrator command', 'FATAL')],
    [
      '57P02 crash shutdown',
      serverError('57P02', 'terminating connection because of crash of another server process', 'FATAL'),
    ],
    ['57P03 cannot connect now', serverError('57P03', 'the database system is shutting down', 'FATAL')],
    ['53300 too many connections', serverError('53300', 'sorry, too many clients already', 'FATAL')],
    ['57014 statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['08006 connection failure', serverError('08006', 'connection failure', 'FATAL')],
    ['08001 unable to connect', serverError('08001', 'could not connect to server')],
    ['08P01 protocol violation', serverError('08P01', 'protocol violation', 'FATAL')],
  ])('should recognise %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('should look into what TypeORM and Node wrap', () => {
    const queryFailed = Object.assign(new Error('terminating connection due to administrator command'), {
      name: 'QueryFailedError',
      driverError: serverError('57P01', 'terminating connection due to administrator command', 'FATAL'),
    });
    const aggregate = Object.assign(
      new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''),
      {},
    );
    expect(isDatabaseUnavailable(queryFailed)).toBe(true);
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(new Error('booking failed', { cause: socketError('ECONNRESET', 'read') }))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint "uq"')],
    ['a syntax error', serverError('42601', 'syntax error at or near "SELEC"')],
    ['an undefined table', serverError('42P01', 'relation "process_record" does not exist')],
    ['a serialization failure', serverError('40001', 'could not serialize access due to concurrent update')],
    ['a deadlock', serverError('40P01', 'deadlock detected')],
    ['invalid input', serverError('22P02', 'invalid input syntax for type uuid: "x"')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'rows')")],
    ['an error mentioning a connection', new Error('Failed to book: Connection terminated unexpectedly')],
    ['an unrelated file error', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' })],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
  ])('should leave %s to be a 500', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('should not loop on an error that is its own cause', () => {
    const error = new Error('odd') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('should recognise a real refused connection', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const error = await new Promise<Error>((resolve) => connect(port, '127.0.0.1').once('error', resolve));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
