import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type JwtPayload, verify } from 'jsonwebtoken';

const CLI = join(__dirname, 'refused.js');
const SECRET = 'refused-cli-test-secret';
const ID = '0b6f1c1e-7d6a-4c57-9a43-2f1d2b3c4d5e';

const SUMMARY = {
  id: ID,
  role: 'LF',
  operation: 'update',
  path: '/updateProcessData',
  status: 404,
  code: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
  detail: 'No process has the key ABC-1',
  pruefidentifikator: '55001',
  receivedAt: '2026-04-01T10:00:00.000Z',
  state: 'open',
  requestId: 'req-1',
  tokenSubject: 'middleware',
  contentType: 'application/json',
  bodySize: 16,
};
const DETAIL = {
  ...SUMMARY,
  command: null,
  problem: {
    code: SUMMARY.code,
    detail: SUMMARY.detail,
    status: 404,
    errors: [{ pointer: '/zusatzdaten/prozessId', message: 'unknown' }],
  },
  body: { zusatzdaten: { prozessId: 'ABC-1' } },
  bodyText: '{"zusatzdaten":{"prozessId":"ABC-1"}}',
  resolvedAt: null,
  resolvedBusinessKey: null,
  resolvedRevision: null,
  resolvedBy: null,
  dismissedAt: null,
  dismissedReason: null,
  dismissedBy: null,
};
const PAGE = {
  items: [
    SUMMARY,
    {
      ...SUMMARY,
      id: 'second',
      pruefidentifikator: null,
      operation: 'create',
      status: 422,
      code: 'PROCESS_DATA.BODY_INVALID',
      detail: 'not\nan object',
    },
  ],
  nextCursor: 'CURSOR-2',
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const problem = (status: number, code: string, detail: string) => ({ status, code, detail, title: detail });

/** The four routes as the quarantine serves them, recording every request. */
function startServer(seen: Seen[]): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const url = new URL(request.url ?? '/', 'http://localhost');
      const answer = (status: number, value: unknown): void => {
        response.writeHead(status, { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' });
        response.end(JSON.stringify(value));
      };
      const entry = /^\/refused\/([^/]+)(?:\/(resubmit|dismiss))?$/.exec(url.pathname);
      if (request.method === 'GET' && url.pathname === '/refused') return answer(200, PAGE);
      if (!entry) return answer(404, problem(404, 'NOT_FOUND', 'no route'));
      const id = decodeURIComponent(entry[1]);
      if (id !== ID && id !== 'resolved')
        return answer(404, problem(404, 'REFUSED.NOT_FOUND', `No refused write ${id}`));
      if (request.method === 'GET' && !entry[2]) return answer(200, DETAIL);
      if (request.method === 'POST' && entry[2] === 'resubmit') {
        return answer(200, {
          entry: {
            ...DETAIL,
            state: 'resolved',
            resolvedBy: 'resubmit',
            resolvedBusinessKey: 'ABC-1',
            resolvedRevision: 2,
            resolvedAt: '2026-04-02T00:00:00.000Z',
          },
          outcome: 'booked',
          receipt: { businessKey: 'ABC-1', revision: 2, replayed: false, findings: [] },
        });
      }
      if (request.method === 'POST' && entry[2] === 'dismiss') {
        if (id === 'resolved') return answer(409, problem(409, 'REFUSED.RESOLVED', 'The refused write is resolved'));
        const reason = (JSON.parse(body) as { reason: string }).reason;
        return answer(200, {
          ...DETAIL,
          state: 'dismissed',
          dismissedReason: reason,
          dismissedBy: 'refused-cli',
          dismissedAt: '2026-04-02T00:00:00.000Z',
        });
      }
      return answer(405, problem(405, 'METHOD', 'no'));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env['PATH'] ?? '', JWT_SECRET: SECRET, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function claimsOf(seen: Seen): JwtPayload {
  const header = String(seen.headers['authorization'] ?? '');
  expect(header).toMatch(/^Bearer /);
  return verify(header.slice('Bearer '.length), SECRET, { algorithms: ['HS256'] }) as JwtPayload;
}

describe('npm run refused', () => {
  const seen: Seen[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = await startServer(seen);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  it('should list with the filters as the query, a token of the role, and print one line per entry', async () => {
    const result = await run([
      'list',
      '--role',
      'nb',
      '--url',
      `${url}/`,
      '--state',
      'open',
      '--code',
      'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
      '--pi',
      '55001',
      '--operation',
      'update',
      '--from',
      '2026-04-01T00:00:00Z',
      '--limit',
      '2',
      '--cursor',
      'CURSOR-1',
    ]);
    expect(result).toMatchObject({ code: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    const requested = new URL(seen[0].url, url);
    expect(requested.pathname).toBe('/refused');
    expect(Object.fromEntries(requested.searchParams)).toEqual({
      state: 'open',
      code: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
      pruefidentifikator: '55001',
      operation: 'update',
      from: '2026-04-01T00:00:00Z',
      limit: '2',
      cursor: 'CURSOR-1',
    });
    expect(claimsOf(seen[0])).toMatchObject({ roles: ['NB'], sub: 'refused-cli' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ID\s+RECEIVED\s+STATE\s+STATUS CODE\s+PI\s+OPERATION\s+DETAIL$/);
    expect(lines[1].split(/\s{2,}/)).toEqual([
      ID,
      '2026-04-01T10:00:00.000Z',
      'open',
      '404 PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
      '55001',
      'update',
      'No process has the key ABC-1',
    ]);
    expect(lines[2].split(/\s{2,}/)).toEqual([
      'second',
      '2026-04-01T10:00:00.000Z',
      'open',
      '422 PROCESS_DATA.BODY_INVALID',
      '-',
      'create',
      'not an object',
    ]);
    // The columns line up.
    expect(lines[1].indexOf('2026-')).toBe(lines[2].indexOf('2026-'));
    expect(result.stderr).toContain('--cursor CURSOR-2');
  });

  it('should print the page as JSON with --json, ask LF by default and find the service by PORT', async () => {
    const result = await run(['list', '--json'], { PORT: String((server.address() as AddressInfo).port) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(PAGE);
    expect(seen[0].url).toBe('/refused');
    expect(claimsOf(seen[0])).toMatchObject({ roles: ['LF'] });
  });

  it('should show one entry as JSON', async () => {
    const result = await run(['show', ID, '--url', url]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DETAIL);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([`GET /refused/${ID}`]);
  });

  it('should print the problem and exit 1 for an unknown id', async () => {
    const result = await run(['show', 'no/such', '--url', url]);
    expect(result.code).toBe(1);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /refused/no%2Fsuch']);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 404, code: 'REFUSED.NOT_FOUND' });
  });

  it('should resubmit with a POST without a body and print the outcome', async () => {
    const result = await run(['resubmit', ID, '--url', url, '--role', 'MSB']);
    expect(result.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/refused/${ID}/resubmit`, body: '' });
    expect(seen[0].headers['content-type']).toBeUndefined();
    expect(claimsOf(seen[0])).toMatchObject({ roles: ['MSB'] });
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: 'booked',
      receipt: { businessKey: 'ABC-1', revision: 2 },
    });
  });

  it('should dismiss with the reason as JSON and the subject as who', async () => {
    const result = await run([
      'dismiss',
      ID,
      '--reason',
      '  test message from the operator ',
      '--url',
      url,
      '--sub',
      'alice',
    ]);
    expect(result.code).toBe(0);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/refused/${ID}/dismiss` });
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ reason: 'test message from the operator' });
    expect(claimsOf(seen[0])).toMatchObject({ roles: ['LF'], sub: 'alice' });
    expect(JSON.parse(result.stdout)).toMatchObject({
      state: 'dismissed',
      dismissedReason: 'test message from the operator',
    });
  });

  it('should exit 1 with the problem when the service refuses (dismissing a resolved entry)', async () => {
    const result = await run(['dismiss', 'resolved', '--reason', 'late', '--url', url]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 409, code: 'REFUSED.RESOLVED' });
  });

  it.each([
    [[], /a command is required/],
    [['purge'], /unknown command purge/],
    [['show'], /show needs the id/],
    [['dismiss', ID], /dismiss needs --reason/],
    [['dismiss', ID, '--reason', '   '], /dismiss needs --reason/],
    [['list', '--state', 'closed'], /--state takes open, resolved, dismissed/],
    [['list', '--limit', '0'], /--limit takes a positive whole number/],
    [['list', '--role', 'OPERATOR'], /--role takes LF, NB or MSB/],
    [['list', '--nope'], /Unknown option '--nope'/],
    [['show', ID, '--state', 'open'], /--state belongs to list/],
    [['show', ID, 'extra'], /unexpected extra/],
  ])('should refuse the usage %j with exit 2 and ask nothing', async (args, message) => {
    const result = await run([...args, '--url', url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('usage: npm run refused');
    expect(result.stdout).toBe('');
    expect(seen).toEqual([]);
  });

  it('should exit 2 when no service answers', async () => {
    const closed = await startServer([]);
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await run(['list', '--url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no answer from .*ECONNREFUSED.*is the service running/);
  });

  it('should exit 2 without a secret to sign with', async () => {
    const result = await run(['list', '--url', url], { JWT_SECRET: '', MACO_DATA_DIR: join(__dirname, 'no-such-dir') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no JWT_SECRET and no development secret/);
    expect(seen).toEqual([]);
  });
});
