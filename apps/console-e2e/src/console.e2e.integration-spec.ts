import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { BO_READ_GROUP } from '@maco/bo-read';
import { CONSOLE_GROUP } from '@maco/console';
import { toEnglish } from '@maco/domain';
import { OPERATOR_GROUP } from '@maco/operator';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  type DatabaseProxy,
  FAST_RETRIES,
  loadSamples,
  maloIdentBody,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startDatabaseProxy,
  startScriptedMiddleware,
  startTestService,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestService,
  vendorBody,
  withBusinessKey,
  workspaceRoot,
} from '@maco/testing';
import { TRIGGERS_GROUP } from '@maco/triggers';

/**
 * The operator console (apps/console, as built) in Debian's Chromium against a real LF service with every group the
 * console reads, on a fresh database, with a scripted middleware: what a user sees from signing in to a delivered
 * trigger, the quarantine of refused writes (the Refused page, and the CLI tools/refused against the same service), and
 * the banner of the write journal (a second service, whose database a proxy cuts). Screenshots land in
 * apps/console-e2e/screenshots/ (test output, ignored by git).
 */

const ROOT = workspaceRoot();
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const SCREENSHOTS = join(ROOT, 'apps', 'console-e2e', 'screenshots');
const REFUSED_CLI = join(ROOT, 'tools', 'refused', 'refused.js');
/** Longest wait for anything the page shows (a search, a delivery in the background). */
const WAIT_MS = 15_000;

/** Retries within milliseconds (as libs/triggers/test/trigger-test-kit.ts), so the test waits for outcomes, not backoff. */

/** A MaLo-ID with a valid check digit that no sample carries. */
const MALO_ID = '50074561190';
const SAMPLE_MALO_ID = '50074561192';

/** Polls a jest assertion until it holds, or fails with its last error after `timeoutMs`. */
async function eventually(assertion: () => Promise<void>, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A copy of the built console taken when the build is complete (its index.html and every asset it names are there):
 * a build running meanwhile empties apps/console/dist first. Bounded.
 */
async function copyOfBuiltConsole(): Promise<string> {
  const dist = join(ROOT, 'apps', 'console', 'dist');
  for (let waited = 0; waited <= 120_000; waited += 500) {
    const complete = (dir: string) => {
      if (!existsSync(join(dir, 'index.html'))) return false;
      const assets = [
        ...readFileSync(join(dir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/console\/([^"]+)"/g),
      ].map((match) => match[1]);
      return assets.every((asset) => existsSync(join(dir, asset)));
    };
    if (complete(dist)) {
      const copy = mkdtempSync(join(tmpdir(), 'maco-console-'));
      cpSync(dist, copy, { recursive: true });
      if (complete(copy)) return copy;
      rmSync(copy, { recursive: true, force: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No complete built console in ${dist} for 2 minutes: run \`npx nx run console:build\` first.`);
}

async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
  return locator;
}

interface CliRun {
  /** The exit code; null when the process was killed (it did not end within WAIT_MS). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the quarantine CLI (tools/refused/refused.js) to its end, bounded by WAIT_MS; a non-zero exit is a result. */
function runRefusedCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [REFUSED_CLI, ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: WAIT_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: the console's browser test needs one. Install Debian's package (apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium/Chrome executable.',
    );
  }
  try {
    return await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  } catch (error) {
    throw new Error(
      `Chromium at ${CHROMIUM} did not start (install Debian's chromium or set CHROMIUM_PATH): ${(error as Error).message}`,
    );
  }
}

describe('the operator console in a browser (LF)', () => {
  const writer = mintTestToken({ roles: ['LF'], subject: 'e2e-lf-operator', expiresInSeconds: 900 });
  const reader = mintTestToken({ roles: ['OPERATOR'], subject: 'e2e-reader', expiresInSeconds: 900 });
  const businessKey = randomUUID();
  const subProcessKey = randomUUID();
  const prozessId = randomUUID();
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  let service: TestService;
  let browser: Browser;
  let consoleCopy: string | undefined;
  const contexts: BrowserContext[] = [];
  /** Uncaught errors in any page, and answers ≥ 500 of the service: none may happen. */
  const pageProblems: string[] = [];

  const createBody = (): Record<string, unknown> => {
    const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
      (candidate) => candidate.file === 'lf-create-55001.json',
    );
    if (!sample) throw new Error('sample lf-create-55001.json missing in reference/samples');
    const text = JSON.stringify(sample.body);
    if (!text.includes(SAMPLE_MALO_ID))
      throw new Error(`sample lf-create-55001.json no longer carries MaLo-ID ${SAMPLE_MALO_ID}`);
    return JSON.parse(text.replaceAll(SAMPLE_MALO_ID, MALO_ID)) as Record<string, unknown>;
  };

  /** Signs in at `path` (default the first page, the overview) and waits for the console. */
  const openConsole = async (token: string, baseURL = service.baseUrl, path = '/console/'): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
    // The console's Content-Security-Policy must hold for everything it does: Chromium reports each violation here.
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageProblems.push(`CSP: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500)
        pageProblems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
    await page.goto(path);
    await (await visible(page.getByLabel('Bearer token'))).fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('heading', { name: 'MaCo console' }));
    return page;
  };

  const searchByMaloId = async (page: Page): Promise<Locator> => {
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Processes' }).click();
    await visible(page.getByRole('heading', { name: 'Processes', level: 1 }));
    await page.getByLabel('MaLo-ID', { exact: true }).fill(MALO_ID);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Processes, newest first' });
    await eventually(async () => {
      expect(new URL(page.url()).searchParams.get('maloId')).toBe(MALO_ID);
      expect(await table.getAttribute('aria-busy')).toBe('false');
      expect(await table.locator('tbody tr').count()).toBe(1);
    });
    return table.locator('tbody tr').filter({ has: page.getByRole('link', { name: businessKey }) });
  };

  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    // Served from a copy: another suite (the deploy staging) rebuilds apps/console/dist while this one runs, so the
    // build may be missing for a few seconds even though this target depends on it.
    consoleCopy = await copyOfBuiltConsole();
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
    service = await startTestService(
      composeService({
        role: 'LF',
        groups: [PROCESS_DATA_GROUP, TRIGGERS_GROUP, BO_READ_GROUP, OPERATOR_GROUP, CONSOLE_GROUP],
      }),
      database.url,
      { ...middleware.env, ...FAST_RETRIES, CONSOLE_DIR: consoleCopy },
    );

    // A chain over HTTP: the create, then an answer of a sub-process naming it as its target, with one field changed.
    const created = await postJson(
      `${service.baseUrl}/createProcessData`,
      { ...createBody(), zusatzdaten: { businessKey } },
      { token: writer },
    );
    expect([created.status, created.body]).toEqual([200, expect.objectContaining({ businessKey, revision: 1 })]);
    const changed = createBody() as {
      stammdaten: { ENERGIELIEFERVERTRAG: { vertragspartner2: { name1: string }[] }[] };
    };
    expect(changed.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].name1).toBe('Mustermann');
    changed.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].name1 = 'Musterfrau';
    const updated = await postJson(
      `${service.baseUrl}/updateProcessData`,
      { ...changed, zusatzdaten: { businessKey: subProcessKey, targetBusinessKey: businessKey } },
      { token: writer },
    );
    expect([updated.status, updated.body]).toEqual([
      200,
      expect.objectContaining({ processBusinessKey: businessKey, revision: 2, matchedBy: 'targetBusinessKey' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (consoleCopy) rmSync(consoleCopy, { recursive: true, force: true });
    for (const context of contexts) await context.close();
    await browser?.close();
    await service?.close();
    await middleware?.close();
    await database?.drop();
  });

  afterEach(() => {
    expect(pageProblems).toEqual([]);
  });

  it('should find the chain by its MaLo-ID, show its revisions, their diff and its state, and start a trigger delivered once the middleware is back', async () => {
    const page = await openConsole(writer);
    await visible(page.getByText('read and write'));
    await visible(page.getByLabel('Signed in as').getByText('e2e-lf-operator'));

    // b. The process list, searched by the MaLo-ID: one row, the chain.
    const row = await searchByMaloId(page);
    await eventually(async () => {
      const cells = await row.locator('td').allTextContents();
      // Business key, PI, release, status, revisions, findings, created, updated.
      expect(cells[0]).toBe(businessKey);
      expect(cells[1]).toBe('55001');
      expect(cells[4]).toBe('2');
    });
    await screenshot(page, '1-process-list');
    await row.getByRole('link', { name: businessKey }).click();

    // c. The process page: both revisions in the timeline.
    await visible(page.getByRole('heading', { name: `Process ${businessKey}` }));
    expect(new URL(page.url()).pathname).toBe(`/console/processes/${businessKey}`);
    await visible(page.getByRole('tab', { name: 'Revisions (2)', selected: true }));
    await visible(page.getByText('Revision 1: create'));
    await visible(page.getByText('Revision 2: update'));
    await visible(page.getByText(/matched by targetBusinessKey/));
    await visible(page.getByText(subProcessKey));
    await screenshot(page, '3-process-timeline');

    // The diff of revision 1 and 2: the changed name highlighted on both sides.
    await page.getByRole('tab', { name: 'Diff' }).click();
    await (await visible(page.getByLabel('Left (old) revision'))).selectOption('1');
    await page.getByLabel('Right (new) revision').selectOption('2');
    const diff = await visible(page.getByRole('table', { name: 'Diff of revision 1 and revision 2' }));
    const changedLine = diff.locator('tbody tr[data-kind="changed"]').filter({ hasText: '"name1": "Musterfrau"' });
    await visible(changedLine);
    expect(await changedLine.count()).toBe(1);
    const [, oldText, , newText] = await changedLine.locator('td').allTextContents();
    expect(oldText).toContain('"name1": "Mustermann"');
    expect(newText).toContain('"name1": "Musterfrau"');
    const backgrounds = await changedLine
      .locator('td')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).backgroundColor));
    const transparent = ['rgba(0, 0, 0, 0)', 'transparent'];
    expect(backgrounds.every((color) => !transparent.includes(color))).toBe(true);
    expect(backgrounds[1]).not.toBe(backgrounds[3]);
    // Lines both revisions share are not highlighted.
    const same = diff.locator('tbody tr[data-kind="same"]').filter({ hasText: '"sparte": "STROM"' }).first();
    expect(
      await same
        .locator('td')
        .nth(1)
        .evaluate((cell) => getComputedStyle(cell).backgroundColor),
    ).toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    await changedLine.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SCREENSHOTS, '2-process-diff.png') });

    // The current (merged) state as a tree, with the changed name.
    await page.getByRole('tab', { name: 'Current state' }).click();
    const tree = await visible(page.getByRole('tree', { name: 'Current merged state of the process' }));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await visible(
      tree
        .getByRole('treeitem')
        .filter({ hasText: /name1: "?Musterfrau/ })
        .first(),
    );
    await visible(tree.getByRole('treeitem').filter({ hasText: MALO_ID }).first());
    expect(
      await tree
        .getByRole('treeitem')
        .filter({ hasText: /name1: "?Mustermann/ })
        .count(),
    ).toBe(0);

    // d. Triggers, while the middleware answers 503: the form answers "pending" and the delivery is listed as pending.
    middleware.failNext(Infinity, 'unavailable');
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Triggers' }).click();
    await visible(page.getByRole('heading', { name: 'Triggers', level: 1 }));
    const form = page.getByRole('region', { name: 'Start a trigger' });
    const event = form.getByLabel(/^Event/);
    await eventually(async () => expect(await event.locator('option', { hasText: 'START_MALOIDENT' }).count()).toBe(1));
    await event.selectOption('START_MALOIDENT');
    await form.getByLabel('prozessId (optional)').fill(prozessId);
    await form.getByLabel('Body (JSON)').fill(JSON.stringify(maloIdentBody(), null, 2));
    await form.getByRole('button', { name: 'Start trigger' }).click();
    const answer = await visible(form.getByRole('status'));
    await visible(answer.getByText('202: accepted, delivery pending'));
    expect(JSON.parse(await answer.locator('pre, code').first().innerText())).toEqual({
      prozessId,
      eventname: 'START_MALOIDENT',
      status: 'pending',
    });

    const deliveries = (status: string) => page.getByRole('table', { name: `Trigger deliveries (${status})` });
    const pendingRow = deliveries('pending').locator('tbody tr').filter({ hasText: prozessId });
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const cells = await pendingRow.locator('td').allTextContents();
      expect(cells.slice(0, 3)).toEqual(['START_MALOIDENT', prozessId, 'pending']);
      expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
      expect(cells[4]).toMatch(/503|UNAVAILABLE|try again later/);
    });
    await screenshot(page, '4-triggers-pending');
    expect(middleware.accepted().filter((call) => call.prozessId === prozessId)).toHaveLength(0);

    // The middleware is back: the delivery is listed as sent (refreshed until it is, bounded).
    middleware.recover();
    await page.getByLabel('Status', { exact: true }).selectOption('sent');
    const sentRow = deliveries('sent').locator('tbody tr').filter({ hasText: prozessId });
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const cells = await sentRow.locator('td').allTextContents();
      expect(cells.slice(0, 3)).toEqual(['START_MALOIDENT', prozessId, 'sent']);
    });
    const accepted = middleware.accepted().filter((call) => call.prozessId === prozessId);
    expect(accepted).toHaveLength(1);
    expect(accepted[0].eventname).toBe('START_MALOIDENT');
    expect(
      middleware.inboundCalls.filter(
        (call) => call.prozessId === prozessId && call.answer !== 503 && call.answer !== 201,
      ),
    ).toEqual([]);

    // The findings page counts what the revisions of the chain carry (which depends on the release in force today).
    const booked = await fetch(`${service.baseUrl}/processes/${businessKey}`, {
      headers: { authorization: `Bearer ${writer}` },
    });
    const findings = (
      (await booked.json()) as { revisions: { pruefidentifikator: string; findings: { code: string }[] }[] }
    ).revisions.flatMap((revision) =>
      revision.findings.map((finding) => ({ code: finding.code, pruefidentifikator: revision.pruefidentifikator })),
    );
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Findings' }).click();
    await visible(page.getByRole('heading', { name: 'Findings', level: 1 }));
    await visible(page.getByText(`${findings.length} finding(s) of revisions received from`));
    const counts = await visible(page.getByRole('table', { name: 'Finding counts' }));
    if (findings.length === 0) {
      await visible(counts.getByText('No findings in the period.'));
    } else {
      const [first] = findings;
      const countRow = counts
        .locator('tbody tr')
        .filter({ hasText: first.code })
        .filter({ hasText: first.pruefidentifikator });
      const expected = findings.filter(
        (finding) => finding.code === first.code && finding.pruefidentifikator === first.pruefidentifikator,
      ).length;
      await countRow
        .getByRole('button', {
          name: new RegExp(`^${expected} findings ${first.code} of PI ${first.pruefidentifikator}`),
        })
        .click();
      const behind = await visible(page.getByRole('table', { name: 'Findings behind the count' }));
      await visible(behind.getByRole('link', { name: businessKey }).first());
    }
    await screenshot(page, '5-findings');
  });

  it('should let an OPERATOR-only token read the process list, and offer it no trigger form', async () => {
    const page = await openConsole(reader);
    await visible(page.getByText('read only'));
    await visible(page.getByText('operator', { exact: true }));

    const row = await searchByMaloId(page);
    await visible(row.getByRole('link', { name: businessKey }));

    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Triggers' }).click();
    await visible(page.getByRole('heading', { name: 'Triggers', level: 1 }));
    await visible(page.getByText(/this session can only read/));
    // The list is readable, the form is not there.
    await visible(page.getByRole('table', { name: 'Trigger deliveries (pending)' }));
    expect(await page.getByRole('region', { name: 'Start a trigger' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start trigger' }).count()).toBe(0);
  });

  describe('the overview and the Due page', () => {
    /** Two Kündigungen (PI 55016) the LF owes an answer to: one sent now (open), one in 2025 (missed long ago). */
    const openKey = randomUUID();
    const missedKey = randomUUID();
    const DAY_MS = 86_400_000;
    /** The colour the console gives an open deadline by its time left now. */
    const colourByTimeLeft = (due: string) => {
      const left = Date.parse(due) - Date.now();
      return left < 2 * 3_600_000 ? 'orange' : left < DAY_MS ? 'yellow' : 'green';
    };
    /** The background the page's theme gives a filled badge of Mantine colour `name`. */
    const filledBackground = (page: Page, name: string) =>
      page.evaluate((colour) => {
        const probe = document.createElement('span');
        probe.style.backgroundColor = `var(--mantine-color-${colour}-filled)`;
        document.body.append(probe);
        const value = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return value;
      }, name);

    const apiGet = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${service.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${reader}` },
        signal: AbortSignal.timeout(WAIT_MS),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    type Deadline = {
      businessKey: string;
      due: string;
      state: string;
      answeredBy?: unknown;
      requestReferences?: string[];
    };
    type DeadlinePage = { items: Deadline[]; nextCursor: string | null };

    /** Books a message of the PI sent at `nachrichtendatum` (create, or update naming the process `zusatzdaten`). */
    const book = async (
      operation: 'create' | 'update',
      pruefidentifikator: string,
      seed: number,
      key: string,
      nachrichtendatum: string,
      zusatzdaten?: Record<string, unknown>,
    ) => {
      const body = vendorBody('202604', pruefidentifikator, 'minimal', { seed, businessKey: key, zusatzdaten });
      body.transaktionsdaten['nachrichtendatum'] = nachrichtendatum;
      const booked = await postJson(`${service.baseUrl}/${operation}ProcessData`, body, {
        token: writer,
        headers: { 'x-format-version': 'FV2604' },
      });
      expect([booked.status, booked.body]).toEqual([200, expect.objectContaining({ revision: expect.any(Number) })]);
    };

    beforeAll(async () => {
      await book('create', '55016', 1, openKey, new Date().toISOString());
      await book('create', '55016', 2, missedKey, '2025-03-04T09:00:00Z');
    });

    it('should chart the bookings and findings, count what is due as the API does, and link to the filtered lists', async () => {
      const page = await openConsole(reader);
      await visible(page.getByRole('heading', { name: 'Overview', level: 1 }));
      expect(new URL(page.url()).pathname).toBe('/console/');
      const nav = page.getByRole('navigation', { name: 'Console pages' });
      expect(await nav.getByRole('link').first().innerText()).toBe('Overview');
      expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

      // The bookings of the last 24 hours as stacked bars: marks drawn, the PI of the Kündigungen among the series.
      const bookings = page.getByRole('region', { name: /^Bookings per hour by PI/ });
      await eventually(async () =>
        expect(await bookings.locator('.recharts-bar-rectangle path, path.recharts-rectangle').count()).toBeGreaterThan(
          0,
        ),
      );
      await visible(bookings.getByRole('link', { name: 'PI 55016: 2' }));
      // The findings by code: a chart when there are findings (as the API counts them), else the note.
      const findings = page.getByRole('region', { name: /^Findings by code/ });
      const findingSummary = await apiGet<{ rows: { code: string; count: number }[] }>(
        `/findings/summary?bucket=hour&from=${new Date(Date.now() - DAY_MS).toISOString()}`,
      );
      if (findingSummary.rows.length > 0) {
        await eventually(async () =>
          expect(
            await findings.locator('.recharts-bar-rectangle path, path.recharts-rectangle').count(),
          ).toBeGreaterThan(0),
        );
      } else await visible(findings.getByText('No findings in the period.'));

      // The cards count as the API does.
      const soon = await apiGet<DeadlinePage>(
        `/deadlines?state=open&limit=200&dueBefore=${encodeURIComponent(new Date(Date.now() + DAY_MS).toISOString())}`,
      );
      const missed = await apiGet<DeadlinePage>('/deadlines?state=missed&limit=200');
      expect(missed.items.map((item) => item.businessKey)).toContain(missedKey);
      const count = (label: string) => page.getByLabel(`Number of ${label.toLowerCase()}`, { exact: true });
      await eventually(async () => {
        expect(await count('Deadlines missed').innerText()).toBe(String(missed.items.length));
        expect(await count('Deadlines due within 24 hours').innerText()).toBe(String(soon.items.length));
      });
      const pending = await apiGet<DeadlinePage>('/triggers?status=pending&limit=200');
      const failed = await apiGet<DeadlinePage>('/triggers?status=failed&limit=200');
      expect(await count('Trigger deliveries pending').innerText()).toBe(String(pending.items.length));
      expect(await count('Trigger deliveries failed').innerText()).toBe(String(failed.items.length));
      const usage = await apiGet<{ entries: { open: number } }>('/refused/usage');
      expect(await count('Refused writes open').innerText()).toBe(String(usage.entries.open));
      await screenshot(page, '13-overview');

      // Switched to 7 days: bars per day.
      await page.getByText('7 days', { exact: true }).click();
      await visible(page.getByRole('region', { name: /^Bookings per day by PI, the last 7 days/ }));
      await visible(page.getByRole('region', { name: /^Bookings per day/ }).getByRole('link', { name: 'PI 55016: 2' }));

      // A chart's link: the process list filtered to the PI (both Kündigungen).
      await page
        .getByRole('region', { name: /^Bookings per day/ })
        .getByRole('link', { name: 'PI 55016: 2' })
        .click();
      await visible(page.getByRole('heading', { name: 'Processes', level: 1 }));
      expect(new URL(page.url()).searchParams.get('pruefidentifikator')).toBe('55016');
      const table = page.getByRole('table', { name: 'Processes, newest first' });
      await eventually(async () => {
        expect(await table.getAttribute('aria-busy')).toBe('false');
        expect(await table.locator('tbody tr').count()).toBe(2);
      });
      await visible(table.getByRole('link', { name: openKey }));
      await visible(table.getByRole('link', { name: missedKey }));

      // A card's link: the Due page.
      await nav.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('region', { name: 'Deadlines missed' }).getByRole('link', { name: 'Due page' }).click();
      await visible(page.getByRole('heading', { name: 'Due', level: 1 }));
      expect(new URL(page.url()).pathname).toBe('/console/due');
    });

    it('should list the overdue deadline on top and colour the open one by its time left', async () => {
      const page = await openConsole(reader, service.baseUrl, '/console/due');
      await visible(page.getByRole('heading', { name: 'Due', level: 1 }));
      const table = page.getByRole('table', { name: 'Deadlines, overdue first' });
      const rowOf = (key: string) => table.locator('tbody tr').filter({ has: page.getByRole('link', { name: key }) });
      await visible(rowOf(openKey));
      await visible(rowOf(missedKey));

      const rows = table.locator('tbody tr');
      const overdueFlags = await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-overdue')));
      const keys = await rows.evaluateAll((all) => all.map((row) => row.querySelector('a')?.textContent ?? ''));
      // Every overdue row above every open one; the missed Kündigung among the overdue, the open one after them.
      expect(overdueFlags[0]).toBe('true');
      expect(overdueFlags.indexOf('false')).toBeGreaterThan(overdueFlags.lastIndexOf('true'));
      expect(overdueFlags[keys.indexOf(missedKey)]).toBe('true');
      expect(keys.indexOf(missedKey)).toBeLessThan(keys.indexOf(openKey));
      expect(await rowOf(missedKey).getAttribute('data-colour')).toBe('red');
      await visible(rowOf(missedKey).getByText('overdue', { exact: true }));

      // The open one: due as the API says, coloured by the time left then.
      const open = (await apiGet<DeadlinePage>('/deadlines?state=open&limit=200')).items.find(
        (item) => item.businessKey === openKey,
      );
      if (!open) throw new Error(`no open deadline of ${openKey}`);
      const colour = colourByTimeLeft(open.due);
      expect(await rowOf(openKey).getAttribute('data-colour')).toBe(colour);
      await visible(rowOf(openKey).getByText('GPKE_KUENDIGUNG_ANTWORT'));
      await visible(rowOf(openKey).getByText(/^in \d+ (d|h|min)/));
      const badgeColour = await rowOf(openKey)
        .getByLabel(/^Time left: in /)
        .evaluate((badge) => getComputedStyle(badge).backgroundColor);
      const expected = await filledBackground(page, colour);
      expect(badgeColour).toBe(expected);
      await screenshot(page, '14-due');

      // The business key opens the process.
      await rowOf(openKey).getByRole('link', { name: openKey }).click();
      await visible(page.getByRole('heading', { name: `Process ${openKey}` }));
    });

    it('should reach every overdue deadline with "Show more overdue", past the first read, and leave out one answered late', async () => {
      // More missed Kündigungen than the Due page reads at once (50), sent on successive days of January and February 2024
      // (long before missedKey's), and one missed but answered late by a 55017 on its process: it owes nothing any more.
      const seeded = Array.from({ length: 52 }, () => randomUUID());
      for (const [index, key] of seeded.entries()) {
        const sent = new Date(Date.UTC(2024, 0, 2 + index, 9));
        await book('create', '55016', 100 + index, key, sent.toISOString());
      }
      const answeredLateKey = randomUUID();
      await book('create', '55016', 200, answeredLateKey, '2024-06-04T09:00:00Z');
      await book('update', '55017', 201, randomUUID(), '2024-06-20T09:00:00Z', { targetBusinessKey: answeredLateKey });

      // What is overdue as the API reads it, every page of it: more than 50, the answered one not among them.
      const overdueKeys: string[] = [];
      let cursor: string | null = null;
      do {
        const next: DeadlinePage = await apiGet<DeadlinePage>(
          `/deadlines?state=missed&answered=false&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        );
        overdueKeys.push(...next.items.map((item) => item.businessKey));
        cursor = next.nextCursor;
      } while (cursor);
      expect(overdueKeys.length).toBeGreaterThan(50);
      expect(overdueKeys).toEqual(expect.arrayContaining([...seeded, missedKey]));
      expect(overdueKeys).not.toContain(answeredLateKey);
      const answeredLate = await apiGet<DeadlinePage>('/deadlines?state=missed&answered=true');
      expect(answeredLate.items.map((item) => item.businessKey)).toContain(answeredLateKey);

      const page = await openConsole(reader, service.baseUrl, '/console/due');
      const table = page.getByRole('table', { name: 'Deadlines, overdue first' });
      const more = table.getByRole('button', { name: 'Show more overdue' });
      const keysOf = (selector: string) =>
        table.locator(selector).evaluateAll((all) => all.map((row) => row.querySelector('a')?.textContent ?? ''));
      const overdueRows = table.locator('tbody tr[data-overdue="true"]');
      // The first read: 50 overdue, the row offering more below them, the open one after it.
      await visible(more);
      await eventually(async () => expect(await table.getAttribute('aria-busy')).toBe('false'));
      await visible(table.getByText('50 overdue shown; more are overdue.'));
      expect(await keysOf('tbody tr[data-overdue="true"]')).toEqual(overdueKeys.slice(0, 50));
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((all) =>
          all.map((row) => (row.hasAttribute('data-more-overdue') ? 'more' : row.getAttribute('data-overdue'))),
        );
      expect(rows.indexOf('more')).toBe(50);
      expect(rows.indexOf('false')).toBeGreaterThan(50);

      // Each click reads the next page of overdue ones under them, until there is none: then every one is listed,
      // in the API's order, still above the open one.
      for (let shown = 50; (await more.count()) > 0; shown += 50) {
        if (shown >= overdueKeys.length) throw new Error(`"Show more overdue" still offered with all ${shown} shown`);
        await more.click();
        await eventually(async () => expect(await overdueRows.count()).toBe(Math.min(shown + 50, overdueKeys.length)));
      }
      await eventually(async () => expect(await keysOf('tbody tr[data-overdue="true"]')).toEqual(overdueKeys));
      expect(await table.locator('tbody tr[data-more-overdue]').count()).toBe(0);
      expect(await table.getByRole('link', { name: answeredLateKey }).count()).toBe(0);
      const keys = await keysOf('tbody tr');
      expect(keys.indexOf(openKey)).toBe(overdueKeys.length);
      await screenshot(page, '15-due-all-overdue');
    });

    it('should show an open deadline on its process page with its time left, coloured as on the Due page', async () => {
      const page = await openConsole(reader, service.baseUrl, `/console/processes/${openKey}`);
      await visible(page.getByRole('heading', { name: `Process ${openKey}` }));
      const region = await visible(page.getByRole('region', { name: 'Deadlines' }));
      const table = region.getByRole('table', { name: 'Deadlines of this process' });
      const row = table.locator('tbody tr').filter({ hasText: 'GPKE_KUENDIGUNG_ANTWORT' });
      await visible(row);
      await visible(row.getByText('open', { exact: true }));
      const badge = await visible(row.getByLabel(/^Time left: in \d+ (d|h|min)/));
      const { deadlines } = await apiGet<{ deadlines: Deadline[] }>(`/processes/${openKey}`);
      const open = deadlines.find((deadline) => deadline.state === 'open');
      if (!open) throw new Error(`no open deadline of ${openKey}`);
      const colour = colourByTimeLeft(open.due);
      expect(await row.getAttribute('data-colour')).toBe(colour);
      const expected = await filledBackground(page, colour);
      expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(expected);
      // Not answered yet.
      expect((await row.locator('td').last().innerText()).trim()).toBe('–');
      await screenshot(page, '16-process-deadline-open');
    });

    it('should show a deadline met by a sub-process of the chain, link to it, and anchor its request revision', async () => {
      // A Kündigung sent a minute ago, answered now by a 55017 created as its own process (S) naming it as its target.
      const requestKey = randomUUID();
      const answerKey = randomUUID();
      await book('create', '55016', 300, requestKey, new Date(Date.now() - 60_000).toISOString());
      await book('create', '55017', 301, answerKey, new Date().toISOString(), { targetBusinessKey: requestKey });
      const { deadlines } = await apiGet<{ deadlines: Deadline[] }>(`/processes/${requestKey}`);
      expect(deadlines).toEqual([
        expect.objectContaining({
          rule: 'GPKE_KUENDIGUNG_ANTWORT',
          state: 'met',
          requestRevision: 1,
          answeredBy: expect.objectContaining({ pruefidentifikator: '55017', businessKey: answerKey }),
        }),
      ]);
      expect((await apiGet<{ deadlines: Deadline[] }>(`/processes/${answerKey}`)).deadlines).toEqual([]);

      const page = await openConsole(reader, service.baseUrl, `/console/processes/${requestKey}`);
      await visible(page.getByRole('heading', { name: `Process ${requestKey}` }));
      const table = page.getByRole('region', { name: 'Deadlines' }).getByRole('table', {
        name: 'Deadlines of this process',
      });
      const row = table.locator('tbody tr').filter({ hasText: 'GPKE_KUENDIGUNG_ANTWORT' });
      await visible(row);
      expect(await table.locator('tbody tr').count()).toBe(1);
      await visible(row.getByText('met', { exact: true }));
      // Answered: nothing owed, the badge grey.
      expect(await row.getAttribute('data-colour')).toBe('gray');
      expect(await row.getByLabel(/^Time left/).count()).toBe(0);
      const answer = row.locator('td').last();
      expect(await answer.innerText()).toMatch(new RegExp(`^PI 55017 · .+ · revision 1 of ${answerKey}$`));
      // The request: its revision, and the numbers an answer names it by.
      const references = deadlines[0].requestReferences ?? [];
      expect(references.length).toBeGreaterThan(0);
      expect((await row.locator('td').nth(3).innerText()).split('\n').filter(Boolean)).toEqual([
        'revision 1',
        references.join(' · '),
      ]);
      await screenshot(page, '17-process-deadline-met-by-sub-process');

      // The request revision: the timeline comes up (from another tab) at revision 1.
      await page.getByRole('tab', { name: 'Current state' }).click();
      await row.getByRole('link', { name: 'revision 1', exact: true }).click();
      await visible(page.getByRole('tab', { name: 'Revisions (1)', selected: true }));
      expect(new URL(page.url()).hash).toBe('#revision-1');
      await visible(page.getByRole('group', { name: 'Revision 1' }));

      // The answering process: its page, which has no deadlines of its own.
      await answer.getByRole('link', { name: answerKey }).click();
      await visible(page.getByRole('heading', { name: `Process ${answerKey}` }));
      expect(new URL(page.url()).pathname).toBe(`/console/processes/${answerKey}`);
      await visible(page.getByText('Revision 1: create'));
      expect(await page.getByRole('table', { name: 'Deadlines of this process' }).count()).toBe(0);
    });
  });

  describe("a body in the vendor's English dialect", () => {
    /** The tooltip of the EN badge. */
    const EN_TITLE = "English dialect (vendor's EN path)";
    /** A process created in English and updated in German: one EN and one DE revision on one page. */
    const englishKey = randomUUID();
    /** The German sample made English by the service's own translation, under a key of its own. */
    let english: Record<string, unknown>;

    /** lf-create-55001 as it is (its own MaLo-ID, so the searches by MALO_ID above still find one process). */
    const germanSample = (): Record<string, unknown> => {
      const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
        (candidate) => candidate.file === 'lf-create-55001.json',
      );
      if (!sample) throw new Error('sample lf-create-55001.json missing in reference/samples');
      return structuredClone(sample.body) as Record<string, unknown>;
    };

    beforeAll(async () => {
      const { zusatzdaten: _key, ...german } = germanSample();
      english = { ...(toEnglish(german) as Record<string, unknown>), additionalData: { businessKey: englishKey } };
      expect(Object.keys(english).sort()).toEqual(['additionalData', 'masterData', 'transactionData']);
      expect(english['transactionData']).toMatchObject({ verificationIdentifier: '55001' });
      const created = await postJson(`${service.baseUrl}/createProcessData`, english, { token: writer });
      expect([created.status, created.body]).toEqual([
        200,
        expect.objectContaining({ businessKey: englishKey, revision: 1 }),
      ]);
      // The update in German, with one name changed (the same body again could be taken for a replay).
      const changed = germanSample() as {
        stammdaten: { ENERGIELIEFERVERTRAG: { vertragspartner2: { name1: string }[] }[] };
      };
      changed.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].name1 = 'Musterfrau';
      const updated = await postJson(`${service.baseUrl}/updateProcessData`, withBusinessKey(changed, englishKey), {
        token: writer,
      });
      expect([updated.status, updated.body]).toEqual([200, expect.objectContaining({ revision: 2 })]);
    });

    it('should show each revision with its dialect badge and the English body with its English names', async () => {
      const page = await openConsole(reader);
      await page.goto(`/console/processes/${englishKey}`);
      await visible(page.getByRole('heading', { name: `Process ${englishKey}` }));
      await visible(page.getByRole('tab', { name: 'Revisions (2)', selected: true }));

      // Revision 1, booked in English: the EN badge, its meaning in the tooltip.
      const first = await visible(page.getByRole('group', { name: 'Revision 1', exact: true }));
      await visible(first.getByText('Revision 1: create'));
      expect(await (await visible(first.getByTitle(EN_TITLE, { exact: true }))).innerText()).toBe('EN');
      expect(await first.getByText('DE', { exact: true }).count()).toBe(0);
      // Revision 2, booked in German: DE.
      const second = await visible(page.getByRole('group', { name: 'Revision 2', exact: true }));
      expect(await (await visible(second.getByTitle('German BO4E', { exact: true }))).innerText()).toBe('DE');
      expect(await second.getByText('EN', { exact: true }).count()).toBe(0);

      // Revision 1's body as received: the English containers, none of the German ones.
      await first.getByRole('button', { name: 'Show the body as received' }).click();
      const tree = await visible(first.getByRole('tree', { name: 'Body of revision 1 as received' }));
      const topLevel = (await tree.getByRole('treeitem', { level: 1 }).allTextContents()).map(
        (text) => text.replace(/^[▾▸\s]+/, '').split(/[\s:]/)[0],
      );
      expect(topLevel).toEqual(['additionalData', 'masterData', 'transactionData']);
      await visible(tree.getByRole('treeitem', { level: 2 }).filter({ hasText: 'verificationIdentifier: "55001"' }));
      await visible(tree.getByRole('treeitem', { level: 2 }).filter({ hasText: `businessKey: "${englishKey}"` }));
      // The tree's buttons sit beside it, in the revision's item.
      await first.getByRole('button', { name: 'Expand all' }).click();
      await visible(
        tree
          .getByRole('treeitem')
          .filter({ hasText: /^\s*▸?▾?\s*MARKET_LOCATION\b/ })
          .first(),
      );
      expect(await tree.getByText(/stammdaten|transaktionsdaten|MARKTLOKATION/).count()).toBe(0);
      await screenshot(page, '11-process-english');

      // The diff's sides carry the dialects too.
      await page.getByRole('tab', { name: 'Diff' }).click();
      const diff = await visible(page.getByRole('table', { name: 'Diff of revision 1 and revision 2' }));
      const headings = diff.locator('thead th');
      expect(await headings.nth(0).getByText('EN', { exact: true }).count()).toBe(1);
      expect(await headings.nth(1).getByText('DE', { exact: true }).count()).toBe(1);
    });

    it('should mark a refused English body, and one that mixes both dialects, on its quarantine entry', async () => {
      const refuse = async (body: unknown, headers: Record<string, string>, code: string) => {
        const requestId = randomUUID();
        const answer = await postJson(`${service.baseUrl}/createProcessData`, body, {
          token: writer,
          headers: { 'x-request-id': requestId, ...headers },
        });
        expect([answer.status, answer.body.code]).toEqual([422, code]);
        const listed = await fetch(`${service.baseUrl}/refused?limit=200`, {
          headers: { authorization: `Bearer ${writer}` },
          signal: AbortSignal.timeout(WAIT_MS),
        });
        const entry = ((await listed.json()) as { items: { id: string; requestId: string | null }[] }).items.find(
          (item) => item.requestId === requestId,
        );
        if (!entry) throw new Error(`no refused write with request id ${requestId}`);
        return entry.id;
      };
      // English, for a release the service does not know: refused after it was read as English.
      const englishEntry = await refuse(
        { ...english, additionalData: { businessKey: randomUUID() } },
        { 'x-format-version': '99/99' },
        'REQUEST.UNKNOWN_RELEASE',
      );
      // German containers with an English one beside them: refused, a body is read in one dialect.
      const mixedEntry = await refuse(
        { ...germanSample(), additionalData: { businessKey: randomUUID() } },
        {},
        'REQUEST.VALIDATION_FAILED',
      );

      const page = await openConsole(reader);
      await page.goto(`/console/refused/${englishEntry}`);
      await visible(page.getByRole('heading', { name: `Refused write ${englishEntry}` }));
      expect(await (await visible(page.getByTitle(EN_TITLE, { exact: true }))).innerText()).toBe('EN');
      await visible(page.getByText("Sent in the vendor's English dialect; shown as received."));
      const tree = await visible(page.getByRole('tree', { name: 'Body of the refused write' }));
      await visible(tree.getByRole('treeitem', { level: 1 }).filter({ hasText: 'masterData' }));
      await screenshot(page, '12-refused-english');

      await page.goto(`/console/refused/${mixedEntry}`);
      await visible(page.getByRole('heading', { name: `Refused write ${mixedEntry}` }));
      await visible(page.getByText('mixed', { exact: true }));
      expect(await page.getByText('EN', { exact: true }).count()).toBe(0);
    });
  });

  describe('the refused writes (quarantine)', () => {
    type Entry = { id: string; requestId: string | null; state: string; status: number; code: string } & Record<
      string,
      unknown
    >;
    /** A body that does not parse: 400 REQUEST.MALFORMED_JSON, kept verbatim. */
    const unparseable = '{"stammdaten": {"MARKTLOKATION": [ }, "zusatzdaten": {"businessKey": "e2e-broken"}';
    /** The business key of a create sent with a release the service does not know: 422 REQUEST.UNKNOWN_RELEASE, booked on resubmit. */
    const unknownReleaseKey = randomUUID();
    let malformed: Entry;
    /** The detail of the problem the unparseable body was answered with. */
    let malformedDetail: string;
    let unknownRelease: Entry;

    /** Posts a write as the middleware would, with a request id to find its entry by. */
    const postWrite = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const requestId = randomUUID();
      const response = await fetch(`${service.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${writer}`,
          'x-request-id': requestId,
          ...headers,
        },
        body,
        signal: AbortSignal.timeout(WAIT_MS),
      });
      return {
        status: response.status,
        requestId,
        body: (await response.json()) as { code?: string; detail?: string },
      };
    };
    const entryOf = async (requestId: string): Promise<Entry> => {
      const response = await fetch(`${service.baseUrl}/refused?limit=200`, {
        headers: { authorization: `Bearer ${writer}` },
        signal: AbortSignal.timeout(WAIT_MS),
      });
      const entry = ((await response.json()) as { items: Entry[] }).items.find((item) => item.requestId === requestId);
      if (!entry) throw new Error(`no refused write with request id ${requestId}`);
      return entry;
    };
    /** The CLI against this service, as LF, with the secret the service verifies tokens with. */
    const cli = (...args: string[]) =>
      runRefusedCli([...args, '--url', service.baseUrl, '--role', 'LF', '--sub', 'e2e-cli'], {
        JWT_SECRET: TEST_JWT_SECRET,
      });

    beforeAll(async () => {
      const broken = await postWrite('/createProcessData', unparseable);
      expect([broken.status, broken.body.code]).toEqual([400, 'REQUEST.MALFORMED_JSON']);
      malformedDetail = broken.body.detail ?? '';
      expect(malformedDetail).toMatch(/not valid JSON/);
      // The sample as it is (its own MaLo-ID), so the searches by MALO_ID above still find one process.
      const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
        (candidate) => candidate.file === 'lf-create-55001.json',
      );
      if (!sample) throw new Error('sample lf-create-55001.json missing in reference/samples');
      const future = await postWrite(
        '/createProcessData',
        JSON.stringify({ ...sample.body, zusatzdaten: { businessKey: unknownReleaseKey } }),
        { 'x-format-version': '99/99' },
      );
      expect([future.status, future.body.code]).toEqual([422, 'REQUEST.UNKNOWN_RELEASE']);
      malformed = await entryOf(broken.requestId);
      unknownRelease = await entryOf(future.requestId);
      expect(malformed).toMatchObject({
        state: 'open',
        status: 400,
        code: 'REQUEST.MALFORMED_JSON',
        operation: 'create',
      });
      expect(unknownRelease).toMatchObject({
        state: 'open',
        status: 422,
        code: 'REQUEST.UNKNOWN_RELEASE',
        operation: 'create',
        pruefidentifikator: '55001',
      });
    });

    it('should list both refusals, show the unparseable body and its problem, dismiss it, and book the other by a resubmit', async () => {
      const page = await openConsole(writer);
      await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Refused' }).click();
      await visible(page.getByRole('heading', { name: 'Refused', level: 1 }));
      expect(new URL(page.url()).pathname).toBe('/console/refused');

      // The list (open by default): both, with their status and code.
      const table = page.getByRole('table', { name: 'Refused writes, newest first' });
      const rowOf = (entry: Entry) =>
        table
          .locator('tbody tr')
          .filter({ has: page.getByRole('link', { name: `Refused write ${entry.id} received` }) });
      await eventually(async () => {
        expect(await table.getAttribute('aria-busy')).toBe('false');
        const [, state, status, code, pi, operation] = await rowOf(malformed).locator('td').allTextContents();
        expect([state, status, code, pi, operation]).toEqual(['open', '400', 'REQUEST.MALFORMED_JSON', '–', 'create']);
        const other = await rowOf(unknownRelease).locator('td').allTextContents();
        expect(other.slice(1, 6)).toEqual(['open', '422', 'REQUEST.UNKNOWN_RELEASE', '55001', 'create']);
      });
      await visible(page.getByLabel('Quarantine fill').getByText(/of its 2\.0 GiB quota .*open/));
      await screenshot(page, '6-refused-list');

      // The unparseable one: its problem and the body as it was received.
      await rowOf(malformed).getByRole('link').click();
      await visible(page.getByRole('heading', { name: `Refused write ${malformed.id}` }));
      expect(new URL(page.url()).pathname).toBe(`/console/refused/${malformed.id}`);
      const problem = page.getByRole('region', { name: 'Answered 400 REQUEST.MALFORMED_JSON' });
      await visible(problem.getByText('REQUEST.MALFORMED_JSON', { exact: true }));
      await visible(problem.getByText('HTTP 400'));
      await visible(problem.getByText(malformedDetail, { exact: true }));
      await visible(page.getByText('The body is not JSON'));
      expect(await (await visible(page.getByLabel('Raw body of the refused write'))).innerText()).toBe(unparseable);
      await page.getByRole('tab', { name: 'Raw text' }).click();
      expect(await (await visible(page.getByLabel('Body as received'))).innerText()).toBe(unparseable);
      await page.getByRole('tab', { name: 'Problem (JSON)' }).click();
      await visible(page.getByText('"code": "REQUEST.MALFORMED_JSON"'));
      await screenshot(page, '7-refused-unparseable');

      // Dismissed with a reason: the state changes, the actions are gone.
      const reason = 'e2e: a test body of the middleware vendor';
      const dismissButton = page.getByRole('button', { name: 'Dismiss', exact: true });
      expect(await dismissButton.isDisabled()).toBe(true);
      await page.getByRole('textbox', { name: /^Reason/ }).fill(reason);
      await dismissButton.click();
      const state = page.getByRole('status').filter({ hasText: /^State/ });
      await visible(state.getByText(new RegExp(`^Dismissed by e2e-lf-operator on .+: ${reason}$`)));
      await visible(page.getByText('dismissed', { exact: true }));
      expect(await page.getByRole('button', { name: 'Resubmit' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Dismiss', exact: true }).count()).toBe(0);
      await screenshot(page, '8-refused-dismissed');

      // Back to the list: it is no longer open, the other is; listed as dismissed.
      await page.getByRole('link', { name: 'Back to the refused writes' }).click();
      await visible(page.getByRole('heading', { name: 'Refused', level: 1 }));
      await eventually(async () => {
        expect(await table.getAttribute('aria-busy')).toBe('false');
        expect(await rowOf(malformed).count()).toBe(0);
        expect(await rowOf(unknownRelease).count()).toBe(1);
      });
      await page.getByLabel('State', { exact: true }).selectOption('dismissed');
      await page.getByRole('button', { name: 'Search' }).click();
      await eventually(async () => {
        expect(new URL(page.url()).searchParams.get('state')).toBe('dismissed');
        expect(await table.getAttribute('aria-busy')).toBe('false');
        expect((await rowOf(malformed).locator('td').allTextContents()).slice(1, 4)).toEqual([
          'dismissed',
          '400',
          'REQUEST.MALFORMED_JSON',
        ]);
        expect(await rowOf(unknownRelease).count()).toBe(0);
      });

      // The other, resubmitted: booked, with the link to its process.
      await page.goto(`/console/refused/${unknownRelease.id}`);
      await visible(page.getByRole('heading', { name: `Refused write ${unknownRelease.id}` }));
      await visible(page.getByRole('region', { name: 'Answered 422 REQUEST.UNKNOWN_RELEASE' }));
      await page.getByRole('button', { name: 'Resubmit' }).click();
      const booked = await visible(page.getByRole('status').filter({ hasText: /^Booked/ }));
      await visible(booked.getByText(/Booked as .+ revision 1/));
      const resolved = page.getByRole('status').filter({ hasText: /^State/ });
      await eventually(async () =>
        expect(await resolved.innerText()).toMatch(
          new RegExp(
            `Resolved by a resubmit on .+ as ${unknownReleaseKey} revision 1\\.\\s*Process: ${unknownReleaseKey}`,
          ),
        ),
      );
      expect(await page.getByRole('button', { name: 'Resubmit' }).count()).toBe(0);
      await screenshot(page, '9-refused-booked');
      await booked.getByRole('link', { name: unknownReleaseKey }).click();
      await visible(page.getByRole('heading', { name: `Process ${unknownReleaseKey}` }));
      expect(new URL(page.url()).pathname).toBe(`/console/processes/${unknownReleaseKey}`);
      await visible(page.getByText('Revision 1: create'));
    });

    it('should list, show, dismiss and refuse to resubmit with the CLI (tools/refused/refused.js)', async () => {
      // One more refusal of its own, to dismiss with the CLI: an update whose body is not an object.
      const refused = await postWrite('/updateProcessData', '[]');
      expect([refused.status, refused.body.code]).toEqual([422, 'REQUEST.VALIDATION_FAILED']);
      const cliEntry = await entryOf(refused.requestId);

      // list --json: the answer as it came, with every entry (of any state).
      const listed = await cli('list', '--json', '--limit', '200');
      expect([listed.code, listed.stderr]).toEqual([0, '']);
      const items = (JSON.parse(listed.stdout) as { items: Entry[] }).items;
      expect(items.map((item) => item.id)).toEqual(
        expect.arrayContaining([malformed.id, unknownRelease.id, cliEntry.id]),
      );
      expect(items.find((item) => item.id === malformed.id)).toMatchObject({
        code: 'REQUEST.MALFORMED_JSON',
        status: 400,
      });
      expect(items.find((item) => item.id === unknownRelease.id)).toMatchObject({
        code: 'REQUEST.UNKNOWN_RELEASE',
        status: 422,
      });
      // As a table, filtered by code: one line per entry.
      const table = await cli('list', '--code', 'REQUEST.VALIDATION_FAILED');
      expect(table.code).toBe(0);
      expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+RECEIVED\s+STATE\s+STATUS CODE\s+PI\s+OPERATION\s+DETAIL$/);
      expect(table.stdout).toMatch(
        new RegExp(`^${cliEntry.id}\\s+\\S+\\s+open\\s+422 REQUEST.VALIDATION_FAILED\\s+-\\s+update\\s`, 'm'),
      );

      // show ID: the entry with its raw body and problem.
      const shown = await cli('show', malformed.id);
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.stdout)).toMatchObject({
        id: malformed.id,
        code: 'REQUEST.MALFORMED_JSON',
        bodyText: unparseable,
        body: null,
        problem: { code: 'REQUEST.MALFORMED_JSON', status: 400 },
      });

      // dismiss without --reason: a usage error (2), nothing asked.
      const noReason = await cli('dismiss', cliEntry.id);
      expect(noReason.code).toBe(2);
      expect(noReason.stdout).toBe('');
      expect(noReason.stderr).toMatch(/dismiss needs --reason/);
      expect(JSON.parse((await cli('show', cliEntry.id)).stdout)).toMatchObject({ state: 'open' });

      // dismiss with a reason, then resubmit: refused (1) with the problem printed.
      const dismissed = await cli('dismiss', cliEntry.id, '--reason', 'e2e: dismissed from the shell');
      expect(dismissed.code).toBe(0);
      expect(JSON.parse(dismissed.stdout)).toMatchObject({
        id: cliEntry.id,
        state: 'dismissed',
        dismissedBy: 'e2e-cli',
        dismissedReason: 'e2e: dismissed from the shell',
      });
      const resubmitted = await cli('resubmit', cliEntry.id);
      expect(resubmitted.code).toBe(1);
      expect(JSON.parse(resubmitted.stdout)).toMatchObject({ status: 409, code: 'REFUSED.DISMISSED' });
      expect(JSON.parse((await cli('show', cliEntry.id)).stdout)).toMatchObject({
        state: 'dismissed',
        resolvedAt: null,
      });
    });
  });
  describe('the write journal banner', () => {
    /**
     * A service of its own (the console's process reads and the journal), on a database of its own behind a proxy the
     * test cuts: the shared service above keeps its database, and its trigger deliveries never meet the cut.
     */
    let journalDatabase: TestDatabase;
    let proxy: DatabaseProxy;
    let journaling: TestService;

    const journalUsage = async (): Promise<Record<string, unknown>> => {
      const response = await fetch(`${journaling.baseUrl}/journal`, {
        headers: { authorization: `Bearer ${reader}` },
        signal: AbortSignal.timeout(WAIT_MS),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };

    beforeAll(async () => {
      journalDatabase = await createTestDatabase();
      proxy = await startDatabaseProxy(journalDatabase.url);
      journaling = await startTestService(
        composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, OPERATOR_GROUP, CONSOLE_GROUP] }),
        proxy.url,
        { CONSOLE_DIR: consoleCopy as string, DATABASE_CONNECT_TIMEOUT_MS: '1000', LOG_LEVEL: 'error' },
      );
    }, 60_000);

    afterAll(async () => {
      // Back first (when the test stopped during the cut), so the service's pool ends on a reachable database.
      await proxy?.restore();
      await journaling?.close();
      await proxy?.close();
      await journalDatabase?.drop();
    });

    it('should show the write waiting in the journal while the database is cut, on every page, and hide it once booked', async () => {
      const page = await openConsole(writer, journaling.baseUrl, '/console/processes');
      const processes = page.getByRole('table', { name: 'Processes, newest first' });
      await eventually(async () => expect(await processes.getAttribute('aria-busy')).toBe('false'));
      const banner = page.getByRole('status', { name: 'Write journal' });
      expect(await banner.count()).toBe(0);

      // The database away: a create is kept in the journal and answered 200 journaled.
      await proxy.cut();
      const businessKey = randomUUID();
      const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
        (candidate) => candidate.file === 'lf-create-55001.json',
      );
      if (!sample) throw new Error('sample lf-create-55001.json missing in reference/samples');
      const created = await postJson(
        `${journaling.baseUrl}/createProcessData`,
        withBusinessKey(sample.body, businessKey),
        { token: writer },
      );
      expect([created.status, created.body]).toEqual([200, expect.objectContaining({ journaled: true, businessKey })]);
      const usage = await journalUsage();
      expect(usage).toMatchObject({ role: 'LF', entries: 1, journalingSince: expect.any(String) });

      // The banner, at the next read (every 5 s): one write, since the local time the service began journaling (with
      // the date only when that was another day, as around midnight).
      const since = await page.evaluate(
        (value) => new Date(value).toLocaleTimeString('de-DE'),
        usage['journalingSince'] as string,
      );
      await visible(banner);
      expect(await banner.innerText()).toMatch(
        new RegExp(
          `^Write journal\\s+1 write waits in the write journal since (\\d\\d\\.\\d\\d\\.\\d\\d, )?${since}, (just now|\\d+ s ago) ` +
            '\\(the database is unavailable; they are booked when it is back\\)\\.$',
        ),
      );
      // One write is far from half of the 1 GiB limit: no fill line.
      expect(await banner.getByLabel('Write journal fill').count()).toBe(0);
      await screenshot(page, '10-journal-banner');

      // Over every page (one that reads nothing without a search, so nothing else meets the cut).
      await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Master data' }).click();
      await visible(page.getByRole('heading', { name: 'Master data', level: 1 }));
      await visible(banner.getByText(/^1 write waits in the write journal/));

      // The database back: the entry is booked, and the banner goes at the next read.
      await proxy.restore();
      await eventually(async () => expect(await banner.count()).toBe(0), 2 * WAIT_MS);
      expect(await journalUsage()).toMatchObject({ entries: 0, journalingSince: null });
      const booked = await fetch(`${journaling.baseUrl}/processes/${businessKey}`, {
        headers: { authorization: `Bearer ${writer}` },
        signal: AbortSignal.timeout(WAIT_MS),
      });
      expect(booked.status).toBe(200);
      const revisions = ((await booked.json()) as { revisions: { revision: number; requestId: string | null }[] })
        .revisions;
      expect(revisions).toEqual([
        expect.objectContaining({ revision: 1, requestId: expect.stringMatching(/^journal:/) }),
      ]);
    });
  });
});
