import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Logger as NestLogger, Module, Post } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { PinoNestLogger } from '@maco/platform';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
} from '@maco/testing';
import { BookingRoute } from '../src';
import { serviceModule } from './service-module';

/** `@BookingRoute` on a route that answers before any booking logic (as 401/415 do). */
@Controller()
class BookingRouteProbeController {
  @BookingRoute('update')
  @Post('probe/updateProcessData')
  @HttpCode(200)
  probe(): Record<string, never> {
    return {};
  }
}

@Module({ controllers: [BookingRouteProbeController] })
class BookingRouteProbeModule {}

/** Collects pino's JSON lines in memory. */
class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  /** The response line is written when Node finishes the response, which may be just after the client has it. */
  async lineOf(requestId: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const line = this.records().find(
        (record) => record['requestId'] === requestId && record['msg'] === 'request completed',
      );
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no log line for request ${requestId}`);
  }
}

const observedService = (role: MarketRole, logs: LogCapture) =>
  serviceModule(role, { logging: { destination: logs }, extraImports: [BookingRouteProbeModule] });

describe('metrics and logs of the LF service', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const logs = new LogCapture();
  let database: TestDatabase;
  let service: TestService;

  const metrics = async () => {
    const response = await fetch(`${service.baseUrl}/metrics`);
    return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
  };
  const sample = (text: string, metric: string, labels: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${metric}{${labels}}`));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  /** A booking body with distinctive personal data that must never reach a log line. */
  const personalBody = (businessKey = randomUUID()) => {
    const sample55001 = loadSamples({ role: 'LF', operation: 'create' }).find((s) => s.pruefidentifikator === '55001');
    if (!sample55001) throw new Error('sample lf-create-55001.json is missing');
    const body = withBusinessKey(sample55001.body, businessKey);
    const vertrag = (body['stammdaten'] as { ENERGIELIEFERVERTRAG: Record<string, unknown>[] }).ENERGIELIEFERVERTRAG[0];
    const kunde = (vertrag['vertragspartner2'] as Record<string, unknown>[])[0];
    kunde['name1'] = 'Mustermannowski';
    kunde['name2'] = 'Maximiliane';
    kunde['eMailAdresse'] = 'maximiliane.mustermannowski@example.org';
    (vertrag['korrespondenzpartner'] as { partneradresse: Record<string, unknown> }).partneradresse['strasse'] =
      'Geheimgasse';
    return body;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // A 1 MiB body limit: the 413 case below sends 1.1 MB, not the 16 MiB the default takes.
    service = await startTestService(
      observedService('LF', logs),
      database.url,
      { LOG_LEVEL: 'info', BODY_LIMIT_BYTES: String(1024 * 1024) },
      {
        routesOutsideTheDocument: {
          '/probe/updateProcessData': "this test's probe of @BookingRoute, no route of a group",
        },
      },
    );
    // What createServiceApp is to do: Nest's own log output through pino.
    service.app.useLogger(service.app.get(PinoNestLogger));
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should count a booking and its replay by role, operation, Prüfidentifikator and outcome', async () => {
    const labels = (outcome: string) => `role="LF",operation="create",pruefidentifikator="55001",outcome="${outcome}"`;
    const before = await metrics();
    const body = personalBody();

    const first = await postJson(`${service.baseUrl}/createProcessData`, body, { token });
    const afterFirst = await metrics();
    const replay = await postJson(`${service.baseUrl}/createProcessData`, body, { token });
    const afterReplay = await metrics();

    expect([first.status, replay.status, replay.body['replayed']]).toEqual([200, 200, true]);
    const booked = (text: string) => sample(text, 'maco_bookings_total', labels('booked')) ?? 0;
    const replayed = (text: string) => sample(text, 'maco_bookings_total', labels('replayed')) ?? 0;
    expect(booked(afterFirst.text) - booked(before.text)).toBe(1);
    expect(replayed(afterFirst.text) - replayed(before.text)).toBe(0);
    expect(replayed(afterReplay.text) - replayed(afterFirst.text)).toBe(1);
    expect(booked(afterReplay.text)).toBe(booked(afterFirst.text));
    const route = 'method="POST",route="/createProcessData",status_code="200"';
    expect(sample(afterReplay.text, 'http_server_requests_total', route)).toBe(2);
    expect(sample(afterReplay.text, 'http_server_request_duration_seconds_count', route)).toBe(2);
    expect(sample(afterReplay.text, 'http_server_request_duration_seconds_bucket', `le="+Inf",${route}`)).toBe(2);
  });

  it('should count conflicts and rejected bookings, keeping the Prüfidentifikator label bounded', async () => {
    const businessKey = randomUUID();
    await postJson(`${service.baseUrl}/createProcessData`, personalBody(businessKey), { token });
    const other = personalBody(businessKey);
    (other['transaktionsdaten'] as Record<string, unknown>)['nachrichtendatum'] = '2026-05-01T10:00:00Z';
    const conflict = await postJson(`${service.baseUrl}/createProcessData`, other, { token });
    const invalid = personalBody();
    (invalid['transaktionsdaten'] as Record<string, unknown>)['pruefidentifikator'] = 'Mustermann 12';
    const rejected = await postJson(
      `${service.baseUrl}/createProcessData?command=AKTUALISIEREN_PROZESSDATEN`,
      invalid,
      { token },
    );
    const unknownKey = await postJson(`${service.baseUrl}/updateProcessData`, personalBody(), { token });

    expect([conflict.status, rejected.status, unknownKey.status]).toEqual([409, 422, 422]);
    const { text } = await metrics();
    expect(
      sample(text, 'maco_bookings_total', 'role="LF",operation="create",pruefidentifikator="55001",outcome="conflict"'),
    ).toBe(1);
    expect(
      sample(text, 'maco_bookings_total', 'role="LF",operation="create",pruefidentifikator="other",outcome="rejected"'),
    ).toBe(1);
    expect(
      sample(text, 'maco_bookings_total', 'role="LF",operation="update",pruefidentifikator="55001",outcome="rejected"'),
    ).toBe(1);
    expect(text).not.toContain('Mustermann');
  });

  it('should count answers no controller gave, under the route pattern or "unmatched", never the raw path', async () => {
    const unauthenticated = await postJson(`${service.baseUrl}/createProcessData`, personalBody());
    const unknownPath = await fetch(`${service.baseUrl}/no-such-path/${randomUUID()}?name=Mustermann`);
    const tooLarge = await postJson(`${service.baseUrl}/createProcessData`, undefined, {
      token,
      raw: `{"x":"${'a'.repeat(1_100_000)}"}`,
    });

    expect([unauthenticated.status, unknownPath.status, tooLarge.status]).toEqual([401, 404, 413]);
    const { text } = await metrics();
    expect(
      sample(text, 'http_server_requests_total', 'method="POST",route="/createProcessData",status_code="401"'),
    ).toBe(1);
    expect(
      sample(text, 'http_server_requests_total', 'method="POST",route="/createProcessData",status_code="413"'),
    ).toBe(1);
    expect(sample(text, 'http_server_requests_total', 'method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(text).not.toContain('no-such-path');
  });

  it('should count 4xx answers given before the handler on a @BookingRoute as rejected bookings', async () => {
    const url = `${service.baseUrl}/probe/updateProcessData`;
    const unauthenticated = await postJson(url, personalBody());
    const unsupported = await postJson(url, undefined, { token, contentType: 'text/csv', raw: 'a;b' });
    const accepted = await postJson(url, {}, { token });

    expect([unauthenticated.status, unsupported.status, accepted.status]).toEqual([401, 415, 200]);
    const { text } = await metrics();
    expect(
      sample(text, 'maco_bookings_total', 'role="LF",operation="update",pruefidentifikator="other",outcome="rejected"'),
    ).toBe(2);
  });

  it('should serve /metrics without a token, with pool and process metrics', async () => {
    const { status, contentType, text } = await metrics();

    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'maco_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'maco_db_pool_connections', 'state="in_use"')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^maco_db_pool_waiting_clients \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('should log one JSON line per booking with its request id and booking facts, and no personal data', async () => {
    const businessKey = randomUUID();
    const body = personalBody(businessKey);
    const answer = await postJson(`${service.baseUrl}/createProcessData?command=ERSTELLEN_PROZESSDATEN`, body, {
      token,
    });
    const requestId = answer.headers.get('x-request-id') as string;

    const line = await logs.lineOf(requestId);
    expect(answer.status).toBe(200);
    expect(line).toMatchObject({
      level: 30,
      requestId,
      role: 'LF',
      operation: 'create',
      pruefidentifikator: '55001',
      businessKey,
      route: '/createProcessData',
      req: { method: 'POST', url: '/createProcessData' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof line['durationMs']).toBe('number');
    expect(logs.records().filter((record) => record['requestId'] === requestId && record['req'])).toHaveLength(1);

    const text = logs.text;
    for (const personal of [
      'Mustermannowski',
      'Maximiliane',
      'maximiliane.mustermannowski@example.org',
      'Geheimgasse',
      'Test2312312',
      'Dummystrasse',
    ]) {
      expect(text).not.toContain(personal);
    }
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/authorization|bearer/i);
    expect(text).not.toContain('ERSTELLEN_PROZESSDATEN');
    expect(text).not.toContain('50074561192'); // the Marktlokation's id
  });

  it('should take the request id from X-Request-Id and log each request once, also those refused before a controller', async () => {
    const requestId = `obs-${randomUUID()}`;
    const answer = await postJson(`${service.baseUrl}/createProcessData`, personalBody(), {
      headers: { 'x-request-id': requestId },
    });

    expect([answer.status, answer.headers.get('x-request-id')]).toEqual([401, requestId]);
    const line = await logs.lineOf(requestId);
    expect(line).toMatchObject({ requestId, res: { statusCode: 401 }, route: '/createProcessData', level: 30 });
    expect(line).not.toHaveProperty('businessKey');
    expect(logs.records().filter((record) => record['requestId'] === requestId)).toHaveLength(1);
  });

  it("should write Nest's own log output as JSON lines through pino", async () => {
    new NestLogger('ObservabilitySpec').warn('a message from Nest');

    new NestLogger('ObservabilitySpec').warn(
      { body: { name1: 'Mustermannowski' }, headers: { authorization: `Bearer ${token}` }, detail: 'kept' },
      'an object with a body',
    );

    const line = logs.records().find((record) => record['msg'] === 'a message from Nest');
    expect(line).toMatchObject({ level: 40, context: 'ObservabilitySpec', role: 'LF' });
    const redacted = logs.records().find((record) => record['msg'] === 'an object with a body');
    expect(redacted).toMatchObject({ detail: 'kept' });
    expect(redacted).not.toHaveProperty('body');
    expect(redacted).not.toHaveProperty('headers');
  });

  it('should keep a registry per app: a second app in the process counts only its own requests', async () => {
    const second = await startTestService(observedService('LF', new LogCapture()), database.url);
    try {
      const text = await (await fetch(`${second.baseUrl}/metrics`)).text();
      expect(text).not.toMatch(/^maco_bookings_total\{/m);
      expect(text).not.toMatch(/^http_server_requests_total\{/m);
    } finally {
      await second.close();
    }
  });
});
