import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NewJournalEntry, WriteJournal } from '@maco/journal';

const CLI = join(__dirname, 'journal.js');

const BODY = { zusatzdaten: { businessKey: 'ABC-1' }, transaktionsdaten: { dokumentennummer: 'D-1' } };
const ENTRIES: NewJournalEntry[] = [
  {
    receivedAt: '2026-11-28T08:00:00.000Z',
    operation: 'create',
    url: '/createProcessData',
    contentType: 'application/json',
    requestId: 'req-1',
    tokenSubject: 'middleware',
    headers: { 'x-format-version': '10/26' },
    body: Buffer.from(JSON.stringify(BODY)),
  },
  {
    receivedAt: '2026-11-28T08:00:01.000Z',
    operation: 'update',
    url: '/updateProcessData?command=AKTUALISIEREN_PROZESSDATEN',
    contentType: 'text/plain',
    requestId: 'req-2',
    headers: {},
    body: Buffer.from('not json at all'),
    refused: { status: 422, problem: { status: 422, code: 'REQUEST.VALIDATION_FAILED', detail: 'x' } },
  },
  {
    receivedAt: '2026-11-28T08:00:02.000Z',
    operation: 'create',
    url: '/process-data',
    contentType: 'application/json',
    requestId: 'req-3',
    headers: {},
    body: Buffer.from([0xff, 0xfe, 0x00]),
  },
];

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
      { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A journal holding `entries`, closed (as a stopped service leaves it). */
async function writeJournal(dir: string, entries: NewJournalEntry[]): Promise<void> {
  const journal = WriteJournal.open(dir, 1_000_000);
  for (const entry of entries) await journal.append(entry);
  await journal.close();
}

describe('npm run journal', () => {
  let root: string;
  let dir: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'maco-journal-cli-'));
    dir = join(root, 'journal');
    await writeJournal(dir, ENTRIES);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('should list one line per entry, oldest first, under a header', async () => {
    const result = await run(['list', '--dir', dir]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ID\s+RECEIVED\s+OPERATION\s+URL\s+REQUEST ID\s+BYTES\s+REFUSED$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/))).toEqual([
      ['1', '2026-11-28T08:00:00.000Z', 'create', '/createProcessData', 'req-1', String(ENTRIES[0].body.byteLength)],
      [
        '2',
        '2026-11-28T08:00:01.000Z',
        'update',
        '/updateProcessData?command=AKTUALISIEREN_PROZESSDATEN',
        'req-2',
        '15',
        'refused 422',
      ],
      ['3', '2026-11-28T08:00:02.000Z', 'create', '/process-data', 'req-3', '3'],
    ]);
    // The columns line up.
    expect(lines[1].indexOf('2026-')).toBe(lines[2].indexOf('2026-'));
    expect(lines[1].indexOf('req-1')).toBe(lines[3].indexOf('req-3'));
    expect(result.stderr).toContain(`3 entries, ${ENTRIES[0].body.byteLength + 15 + 3} body bytes`);
    expect(result.stderr).toContain('the oldest received 2026-11-28T08:00:00.000Z');
  });

  it('should list the entries without their bodies as JSON with --json', async () => {
    const result = await run(['list', '--json', '--dir', dir]);
    expect(result.code).toBe(0);
    const listed = JSON.parse(result.stdout);
    expect(listed).toMatchObject({ dir, entries: 3, oldestReceivedAt: '2026-11-28T08:00:00.000Z' });
    expect(listed.items).toHaveLength(3);
    expect(listed.items[0]).toEqual({
      id: 1,
      receivedAt: '2026-11-28T08:00:00.000Z',
      operation: 'create',
      url: '/createProcessData',
      contentType: 'application/json',
      requestId: 'req-1',
      tokenSubject: 'middleware',
      headers: { 'x-format-version': '10/26' },
      bodyBytes: ENTRIES[0].body.byteLength,
    });
    expect(listed.items[1].refused).toEqual(ENTRIES[1].refused);
  });

  it('should find the journal by JOURNAL_DIR, else under MACO_DATA_DIR by the role', async () => {
    const byEnv = await run(['list'], { JOURNAL_DIR: dir });
    expect(byEnv.code).toBe(0);
    expect(byEnv.stdout).toContain('req-3');
    // A relative --dir is taken from where npm was called (INIT_CWD), not from the root npm runs the tool in.
    const relative = await run(['list', '--dir', 'journal'], { INIT_CWD: root, JOURNAL_DIR: join(root, 'elsewhere') });
    expect(relative.code).toBe(0);
    expect(relative.stdout).toContain('req-3');

    const dataDir = join(root, 'data');
    await writeJournal(join(dataDir, 'nb', 'journal'), [ENTRIES[0]]);
    const byRole = await run(['list', '--role', 'NB'], { MACO_DATA_DIR: dataDir });
    expect(byRole.code).toBe(0);
    expect(byRole.stdout.trimEnd().split('\n')).toHaveLength(2);
    // LF by default: there is no LF journal under it.
    const lf = await run(['list'], { MACO_DATA_DIR: dataDir });
    expect(lf.code).toBe(2);
    expect(lf.stderr).toContain(`no write journal in ${join(dataDir, 'lf', 'journal')}`);
  });

  it('should show an entry as JSON with its body as text, parsed when it is JSON', async () => {
    const result = await run(['show', '1', '--dir', dir]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id: 1,
      receivedAt: '2026-11-28T08:00:00.000Z',
      operation: 'create',
      url: '/createProcessData',
      contentType: 'application/json',
      requestId: 'req-1',
      tokenSubject: 'middleware',
      headers: { 'x-format-version': '10/26' },
      bodyBytes: ENTRIES[0].body.byteLength,
      bodyText: JSON.stringify(BODY),
      body: BODY,
    });
  });

  it('should show a refusal with its answer, a body that is no JSON as text only and one that is no UTF-8 in base64', async () => {
    const refused = JSON.parse((await run(['show', '2', '--dir', dir])).stdout);
    expect(refused).toMatchObject({ bodyText: 'not json at all', refused: ENTRIES[1].refused });
    expect(refused).not.toHaveProperty('body');
    const binary = JSON.parse((await run(['show', '3', '--dir', dir])).stdout);
    expect(binary).toMatchObject({ bodyText: null, bodyBase64: Buffer.from([0xff, 0xfe, 0x00]).toString('base64') });
  });

  it('should exit 1 for an unknown id', async () => {
    const result = await run(['show', '99', '--dir', dir]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`no entry 99 in ${dir}`);
  });

  it('should read the journal beside its live owner, and see what it appends', async () => {
    const owned = join(root, 'owned');
    const journal = WriteJournal.open(owned, 1_000_000);
    try {
      await journal.append(ENTRIES[0]);
      const first = await run(['list', '--dir', owned]);
      expect(first.code).toBe(0);
      expect(first.stdout.trimEnd().split('\n')).toHaveLength(2);
      await journal.append(ENTRIES[1]);
      const second = await run(['list', '--dir', owned]);
      expect(second.stdout.trimEnd().split('\n')).toHaveLength(3);
      // The owner goes on appending after the reader left.
      expect(await journal.append(ENTRIES[2])).toBe(3);
    } finally {
      await journal.close();
    }
  });

  it('should refuse to replay a journal a live process holds, naming it, and start nothing', async () => {
    const owned = join(root, 'held');
    const journal = WriteJournal.open(owned, 1_000_000);
    try {
      await journal.append(ENTRIES[0]);
      const result = await run(['replay', '--dir', owned]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`the write journal in ${owned} is held by process ${process.pid}`);
      expect(result.stdout).toBe('');
      expect([...journal.entries()]).toHaveLength(1);
    } finally {
      await journal.close();
    }
  });

  it('should have nothing to replay in an empty journal, and start no service for it', async () => {
    const empty = join(root, 'empty');
    await writeJournal(empty, []);
    const result = await run(['replay', '--dir', empty, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ dir: empty, role: 'LF', entries: 0, remaining: 0 });
    expect(result.stderr).toBe('');
  });

  it.each([
    [[], /a command is required/],
    [['purge'], /unknown command purge/],
    [['show'], /show needs the id of an entry/],
    [['show', 'abc'], /an entry's id is a positive whole number \(got abc\)/],
    [['show', '0'], /an entry's id is a positive whole number \(got 0\)/],
    [['show', '1', '--json'], /show prints JSON anyway/],
    [['list', '7'], /list takes no id \(got 7\)/],
    [['show', '1', 'extra'], /unexpected extra/],
    [['list', '--role', 'operator'], /--role takes lf, nb or msb \(got operator\)/],
    [['list', '--nope'], /Unknown option '--nope'/],
    [['list', '--no-build'], /--no-build belongs to replay/],
    [['list', '--timeout', '5'], /--timeout belongs to replay/],
    [['replay', '--timeout', '0'], /--timeout takes a positive whole number of seconds/],
  ])('should refuse the usage %j with exit 2', async (args, message) => {
    const result = await run([...args, '--dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('usage: npm run journal');
    expect(result.stdout).toBe('');
  });

  it.each([['list'], ['show', '1'], ['replay']])(
    'should exit 2 for %j on a folder without a journal',
    async (...args) => {
      const bare = join(root, 'bare');
      mkdirSync(bare, { recursive: true });
      const result = await run([...args, '--dir', bare]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`no write journal in ${bare}`);
      expect(result.stdout).toBe('');
    },
  );

  it('should print its usage on --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('usage: npm run journal');
  });
});
