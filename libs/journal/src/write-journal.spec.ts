import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalInUseError } from './owner-lock';
import { JournalFullError, type NewJournalEntry, WriteJournal } from './write-journal';

const entry = (text: string): NewJournalEntry => ({
  receivedAt: new Date().toISOString(),
  operation: 'create',
  url: '/createProcessData',
  contentType: 'application/json',
  requestId: `request-${text}`,
  headers: { 'x-format-version': '10/26' },
  body: Buffer.from(JSON.stringify({ text })),
});

describe('WriteJournal', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maco-journal-')), 'journal');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(join(dir, '..'), { recursive: true, force: true })));

  it('should give the entries back in arrival order, byte for byte, after a reopen', async () => {
    const dir = folder();
    const journal = WriteJournal.open(dir, 1_000_000);
    const ids = [];
    for (const text of ['a', 'b', 'c']) ids.push(await journal.append(entry(text)));
    await journal.close();

    const reopened = WriteJournal.open(dir, 1_000_000);
    const entries = [...reopened.entries()];
    expect(entries.map((stored) => stored.id)).toEqual(ids);
    expect(entries.map((stored) => Buffer.from(stored.body).toString())).toEqual(
      ['a', 'b', 'c'].map((text) => JSON.stringify({ text })),
    );
    expect(entries[0]).toMatchObject({ requestId: 'request-a', headers: { 'x-format-version': '10/26' } });
    // Ids go on after the last one kept, so arrival order holds across restarts.
    expect(await reopened.append(entry('d'))).toBe(ids[2] + 1);
    await reopened.close();
  });

  it('should forget a removed entry and count its bytes out', async () => {
    const journal = WriteJournal.open(folder(), 1_000_000);
    const first = await journal.append(entry('a'));
    await journal.append(entry('b'));
    await journal.remove(first);
    expect([...journal.entries()].map((stored) => stored.requestId)).toEqual(['request-b']);
    expect(journal.usage()).toMatchObject({ entries: 1, bytes: entry('b').body.byteLength });
    await journal.close();
  });

  it('should refuse an entry that would pass its byte limit, and keep what it has', async () => {
    const size = entry('a').body.byteLength;
    const journal = WriteJournal.open(folder(), size * 2);
    await journal.append(entry('a'));
    await journal.append(entry('b'));
    await expect(journal.append(entry('c'))).rejects.toBeInstanceOf(JournalFullError);
    expect(journal.usage().entries).toBe(2);
    await journal.close();
  });

  it('should have one writer: a second open is refused while the first holds it, and free after its close', async () => {
    const dir = folder();
    const journal = WriteJournal.open(dir, 1_000_000);
    expect(() => WriteJournal.open(dir, 1_000_000)).toThrow(JournalInUseError);
    await journal.append(entry('a'));
    // A reader beside the owner sees what it appended.
    const reader = WriteJournal.read(dir);
    expect([...reader.entries()].map((stored) => stored.requestId)).toEqual(['request-a']);
    await reader.close();
    await journal.close();
    const reopened = WriteJournal.open(dir, 1_000_000);
    expect(reopened.first()?.requestId).toBe('request-a');
    await reopened.close();
  });

  it('should keep a refusal with its answer, for the quarantine', async () => {
    const journal = WriteJournal.open(folder(), 1_000_000);
    const refused = { status: 422, problem: { code: 'REQUEST.VALIDATION_FAILED', detail: 'x' } };
    const id = await journal.append({ ...entry('a'), refused });
    expect(journal.get(id)?.refused).toEqual(refused);
    await journal.close();
  });

  it('should be readable by its owner only (it holds personal data)', async () => {
    const dir = folder();
    const journal = WriteJournal.open(dir, 1_000_000);
    await journal.append(entry('a'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o077).toBe(0);
    await journal.close();
  });

  it('should keep every entry it acknowledged when its process is killed (-9) while appending', async () => {
    const dir = folder();
    // A writer that appends as fast as it can and prints each id once its append resolved (what a 200 would follow).
    const writer = spawn(
      process.execPath,
      [
        // The workspace's loader of TypeScript sources (tools/ts-require.js): the writer runs this lib's source.
        '-r',
        join(__dirname, '..', '..', '..', 'tools', 'ts-require.js'),
        '-e',
        `
          const { WriteJournal } = require(${JSON.stringify(join(__dirname, 'write-journal.ts'))});
          const journal = WriteJournal.open(process.argv[1], 1e9);
          (async () => {
            for (let i = 0; ; i += 1) {
              const body = Buffer.from(JSON.stringify({ i, filler: 'x'.repeat(2000 + (i % 7) * 500) }));
              const id = await journal.append({ receivedAt: new Date().toISOString(), operation: 'create',
                url: '/createProcessData', contentType: 'application/json', requestId: 'r' + i, headers: {}, body });
              process.stdout.write(id + ' ' + require('node:crypto').createHash('sha256').update(body).digest('hex') + '\\n');
            }
          })();
        `,
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let printed = '';
    writer.stdout?.on('data', (chunk) => (printed += chunk));
    let exited = false;
    writer.once('exit', () => (exited = true));
    while (!exited && printed.split('\n').length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));

    const acknowledged = new Map(
      printed
        .split('\n')
        .filter((line) => /^\d+ [0-9a-f]{64}$/.test(line))
        .map((line) => line.split(' ') as [string, string]),
    );
    const journal = WriteJournal.open(dir, 1e9);
    const kept = new Map([...journal.entries()].map((stored) => [String(stored.id), stored]));
    expect(acknowledged.size).toBeGreaterThanOrEqual(199);
    for (const [id, digest] of acknowledged) {
      const stored = kept.get(id);
      expect(stored && createHash('sha256').update(stored.body).digest('hex')).toBe(digest);
    }
    // What is there beyond the acknowledged ones was committed whole (never answered): each body parses.
    for (const stored of kept.values()) expect(() => JSON.parse(Buffer.from(stored.body).toString())).not.toThrow();
    await journal.close();
    // The killed writer's owner file did not keep the folder from being opened: its process is gone.
  }, 60_000);
});
