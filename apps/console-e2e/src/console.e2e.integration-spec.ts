import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { BO_READ_GROUP } from '@maco/bo-read';
import { CONSOLE_GROUP } from '@maco/console';
import { OPERATOR_GROUP } from '@maco/operator';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  FAST_RETRIES,
  loadSamples,
  maloIdentBody,
  mintTestToken,
  postJson,
  startScriptedMiddleware,
  startTestService,
  workspaceRoot,
  type ScriptedMiddleware,
  type TestDatabase,
  type TestService,
} from '@maco/testing';
import { TRIGGERS_GROUP } from '@maco/triggers';

/**
 * The operator console (apps/console, as built) in Debian's Chromium against a real LF service with every group the
 * console reads, on a fresh database, with a scripted middleware: what a user sees from signing in to a delivered
 * trigger. Screenshots land in apps/console-e2e/screenshots/ (test output, ignored by git).
 */

const ROOT = workspaceRoot();
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const BUILT_CONSOLE = join(ROOT, 'apps', 'console', 'dist', 'index.html');
const SCREENSHOTS = join(ROOT, 'apps', 'console-e2e', 'screenshots');
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

async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
  return locator;
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
    throw new Error(`Chromium at ${CHROMIUM} did not start (install Debian's chromium or set CHROMIUM_PATH): ${(error as Error).message}`);
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
  const contexts: BrowserContext[] = [];
  /** Uncaught errors in any page, and answers ≥ 500 of the service: none may happen. */
  const pageProblems: string[] = [];

  const createBody = (): Record<string, unknown> => {
    const sample = loadSamples({ role: 'LF', operation: 'create' }).find((candidate) => candidate.file === 'lf-create-55001.json');
    if (!sample) throw new Error('sample lf-create-55001.json missing in reference/samples');
    const text = JSON.stringify(sample.body);
    if (!text.includes(SAMPLE_MALO_ID)) throw new Error(`sample lf-create-55001.json no longer carries MaLo-ID ${SAMPLE_MALO_ID}`);
    return JSON.parse(text.replaceAll(SAMPLE_MALO_ID, MALO_ID)) as Record<string, unknown>;
  };

  const openConsole = async (token: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: service.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 500) pageProblems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
    await page.goto('/console/');
    await (await visible(page.getByLabel('Bearer token'))).fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('heading', { name: 'MaCo console' }));
    return page;
  };

  const searchByMaloId = async (page: Page): Promise<Locator> => {
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

  const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    if (!existsSync(BUILT_CONSOLE)) throw new Error(`No built console at ${BUILT_CONSOLE}: run \`npx nx run console:build\` first.`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
    service = await startTestService(
      composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, TRIGGERS_GROUP, BO_READ_GROUP, OPERATOR_GROUP, CONSOLE_GROUP] }),
      database.url,
      { ...middleware.env, ...FAST_RETRIES },
    );

    // A chain over HTTP: the create, then an answer of a sub-process naming it as its target, with one field changed.
    const created = await postJson(`${service.baseUrl}/createProcessData`, { ...createBody(), zusatzdaten: { businessKey } }, { token: writer });
    expect([created.status, created.body]).toEqual([200, expect.objectContaining({ businessKey, revision: 1 })]);
    const changed = createBody() as { stammdaten: { ENERGIELIEFERVERTRAG: { vertragspartner2: { name1: string }[] }[] } };
    expect(changed.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].name1).toBe('Mustermann');
    changed.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].name1 = 'Musterfrau';
    const updated = await postJson(
      `${service.baseUrl}/updateProcessData`,
      { ...changed, zusatzdaten: { businessKey: subProcessKey, targetBusinessKey: businessKey } },
      { token: writer },
    );
    expect([updated.status, updated.body]).toEqual([200, expect.objectContaining({ processBusinessKey: businessKey, revision: 2, matchedBy: 'targetBusinessKey' })]);
  });

  afterAll(async () => {
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
    const backgrounds = await changedLine.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).backgroundColor));
    const transparent = ['rgba(0, 0, 0, 0)', 'transparent'];
    expect(backgrounds.every((color) => !transparent.includes(color))).toBe(true);
    expect(backgrounds[1]).not.toBe(backgrounds[3]);
    // Lines both revisions share are not highlighted.
    const same = diff.locator('tbody tr[data-kind="same"]').filter({ hasText: '"sparte": "STROM"' }).first();
    expect(await same.locator('td').nth(1).evaluate((cell) => getComputedStyle(cell).backgroundColor)).toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    await changedLine.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SCREENSHOTS, '2-process-diff.png') });

    // The current (merged) state as a tree, with the changed name.
    await page.getByRole('tab', { name: 'Current state' }).click();
    const tree = await visible(page.getByRole('tree', { name: 'Current merged state of the process' }));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await visible(tree.getByRole('treeitem').filter({ hasText: /name1: "?Musterfrau/ }).first());
    await visible(tree.getByRole('treeitem').filter({ hasText: MALO_ID }).first());
    expect(await tree.getByRole('treeitem').filter({ hasText: /name1: "?Mustermann/ }).count()).toBe(0);

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
    expect(JSON.parse(await answer.locator('pre, code').first().innerText())).toEqual({ prozessId, eventname: 'START_MALOIDENT', status: 'pending' });

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
    expect(middleware.inboundCalls.filter((call) => call.prozessId === prozessId && call.answer !== 503 && call.answer !== 201)).toEqual([]);

    // The findings page counts what the revisions of the chain carry (which depends on the release in force today).
    const booked = await fetch(`${service.baseUrl}/processes/${businessKey}`, { headers: { authorization: `Bearer ${writer}` } });
    const findings = ((await booked.json()) as { revisions: { pruefidentifikator: string; findings: { code: string }[] }[] }).revisions.flatMap((revision) =>
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
      const countRow = counts.locator('tbody tr').filter({ hasText: first.code }).filter({ hasText: first.pruefidentifikator });
      const expected = findings.filter((finding) => finding.code === first.code && finding.pruefidentifikator === first.pruefidentifikator).length;
      await countRow.getByRole('button', { name: new RegExp(`^${expected} findings ${first.code} of PI ${first.pruefidentifikator}`) }).click();
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
});
