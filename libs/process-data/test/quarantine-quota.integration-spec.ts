import {
  createTestDatabase,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  type TestService,
  withClient,
} from '@maco/testing';
import { serviceModule } from './service-module';

const QUOTA = 1024 * 1024;
const BODY_BYTES = 100 * 1024;

/**
 * One token flooding refused writes once stored about 110 MB/s, and a 429 kept its whole body, so the rate limit bounded
 * nothing: the quarantine now holds at most QUARANTINE_MAX_BYTES per role, trims finished entries first, and answers
 * 503 — never a silent drop — when open entries fill it.
 */
describe('quarantine quota (QUARANTINE_MAX_BYTES)', () => {
  const token = mintTestToken({ roles: ['LF'], subject: 'flood' });
  let database: TestDatabase;
  let service: TestService;

  /** A body that does not parse (its closing brace missing), of BODY_BYTES bytes: refused 400 and kept. */
  const refusedBody = () => `{"filler":"${'x'.repeat(BODY_BYTES - 12)}"`;
  const send = () =>
    postJson(`${service.baseUrl}/createProcessData`, undefined, { token, raw: refusedBody() }).then((answer) => ({
      status: answer.status,
      code: answer.body['code'],
    }));
  const stored = async () =>
    withClient(database.url, async (client) => {
      const { rows } = await client.query<{ bytes: string; entries: string }>(
        'SELECT coalesce(sum(body_size), 0) AS bytes, count(*) AS entries FROM refused_message',
      );
      return { bytes: Number(rows[0].bytes), entries: Number(rows[0].entries) };
    });
  const usage = async () => {
    const response = await fetch(`${service.baseUrl}/refused/usage`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule('LF'), database.url, {
      LOG_LEVEL: 'fatal',
      QUARANTINE_MAX_BYTES: String(QUOTA),
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should keep refusals until the quota, then answer 503 quarantine-full instead of dropping them silently', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await send());
    const kept = Math.floor(QUOTA / BODY_BYTES);
    expect(answers.slice(0, kept).every((answer) => answer.status === 400)).toBe(true);
    expect(answers.slice(kept)).toEqual(Array(15 - kept).fill({ status: 503, code: 'REFUSED.QUARANTINE_FULL' }));
    expect(await stored()).toEqual({ bytes: kept * BODY_BYTES, entries: kept });
    expect(await usage()).toMatchObject({
      role: 'LF',
      bytes: kept * BODY_BYTES,
      maxBytes: QUOTA,
      entries: { open: kept, resolved: 0, dismissed: 0 },
    });
    const metrics = await (await fetch(`${service.baseUrl}/metrics`)).text();
    expect(metrics).toContain(`maco_quarantine_bytes{role="LF"} ${kept * BODY_BYTES}`);
    expect(metrics).toContain(`maco_quarantine_max_bytes{role="LF"} ${QUOTA}`);
  });

  it('should trim the oldest dismissed entries first to make room', async () => {
    await withClient(database.url, (client) =>
      client.query(
        `UPDATE refused_message SET state = 'dismissed', dismissed_reason = 'test', dismissed_at = now()
         WHERE id IN (SELECT id FROM refused_message ORDER BY received_at LIMIT 3)`,
      ),
    );
    const oldestOpen = await withClient(
      database.url,
      async (client) =>
        (await client.query<{ id: string }>("SELECT id FROM refused_message WHERE state = 'open' ORDER BY received_at"))
          .rows,
    );
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(400);
    const after = await withClient(
      database.url,
      async (client) =>
        (await client.query<{ id: string; state: string }>('SELECT id, state FROM refused_message')).rows,
    );
    // Two of the three dismissed entries made room; every open one is still there.
    expect(after.filter((row) => row.state === 'dismissed')).toHaveLength(1);
    expect(oldestOpen.every((open) => after.some((row) => row.id === open.id))).toBe(true);
    expect((await stored()).bytes).toBeLessThanOrEqual(QUOTA);
  });
});
