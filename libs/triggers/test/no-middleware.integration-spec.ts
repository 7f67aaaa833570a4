import { createTestDatabase, type TestDatabase, type TestService, withClient } from '@maco/testing';
import { maloIdentBody, postTrigger, startTriggerService } from './trigger-test-kit';

describe('a service without MACO_APP_URL', () => {
  let database: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The 503 is expected here: its error line would only clutter the output.
    service = await startTriggerService('LF', database.url, { LOG_LEVEL: 'fatal' });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should answer a trigger with 503 "no middleware configured", store nothing, and stay ready', async () => {
    const answer = await postTrigger(service, 'START_MALOIDENT', maloIdentBody());
    const ready = await fetch(`${service.baseUrl}/health/ready`);
    const stored = await withClient(
      database.url,
      async (client) => (await client.query('SELECT count(*)::int AS n FROM process_record')).rows[0],
    );

    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      code: 'TRIGGER.NO_MIDDLEWARE',
      title: 'No middleware configured',
      type: 'urn:maco:problem:no-middleware',
    });
    expect(ready.status).toBe(200);
    expect(stored).toEqual({ n: 0 });
    await ready.text();
  });
});
