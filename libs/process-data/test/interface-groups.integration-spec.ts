import { buildServiceOpenApi, PlatformModule, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  mintTestToken,
  postJson,
  startTestService,
  TEST_IDENT_GROUP,
  type TestDatabase,
  type TestService,
} from '@maco/testing';
import { PROCESS_DATA_GROUP } from '../src';

/** Collects pino's JSON lines in memory. */
class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  async lineOf(requestId: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const line = this.lines
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((record) => record['requestId'] === requestId);
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no log line for request ${requestId}`);
  }
}

/** A service is its role and its groups: a second group brings its own codes, statuses, log fields and paths. */
describe('a service of two interface groups', () => {
  const definition: ServiceDefinition = { role: 'LF', groups: [PROCESS_DATA_GROUP, TEST_IDENT_GROUP] };
  const token = mintTestToken({ roles: ['LF'] });
  const logs = new LogCapture();
  let database: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(composeService(definition, { logging: { destination: logs } }), database.url, {
      LOG_LEVEL: 'info',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it("should answer a group's validation failure with the status the group registered (400), beside Prozessdaten's 422", async () => {
    const refused = await postJson(`${service.baseUrl}/testIdentify`, { marktlokationsId: 'x' }, { token });
    const invalidBooking = await postJson(
      `${service.baseUrl}/updateProcessData`,
      { transaktionsdaten: 'x' },
      { token },
    );

    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      type: 'urn:maco:problem:test-ident-invalid',
      title: 'Identification answer is invalid',
      status: 400,
      code: 'TEST_IDENT.VALIDATION_FAILED',
      instance: '/testIdentify',
      errors: [{ pointer: '#/marktlokationsId', message: 'must be 11 digits' }],
    });
    expect([invalidBooking.status, invalidBooking.body['code']]).toEqual([422, 'REQUEST.VALIDATION_FAILED']);
  });

  it("should answer with the group's success status and log only the fields the group registered", async () => {
    const requestId = 'groups-log-1';
    const answer = await postJson(
      `${service.baseUrl}/testIdentify`,
      { marktlokationsId: '50074561192' },
      { token, headers: { 'x-request-id': requestId } },
    );

    expect([answer.status, answer.body]).toEqual([201, { message: 'identified 50074561192' }]);
    const line = await logs.lineOf(requestId);
    expect(line).toMatchObject({ route: '/testIdentify', marktlokationsId: '50074561192', res: { statusCode: 201 } });
    expect(line).not.toHaveProperty('unregisteredField');
  });

  it("should still guard every group's routes with the token and the role", async () => {
    const without = await postJson(`${service.baseUrl}/testIdentify`, { marktlokationsId: '50074561192' });
    const wrongRole = await postJson(
      `${service.baseUrl}/testIdentify`,
      { marktlokationsId: '50074561192' },
      { token: mintTestToken({ roles: ['NB'] }) },
    );

    expect([without.status, without.body['code']]).toEqual([401, 'AUTH.UNAUTHENTICATED']);
    expect([wrongRole.status, wrongRole.body['code']]).toEqual([403, 'AUTH.ROLE_NOT_PERMITTED']);
  });

  it.each(['/createProcessData', '/updateProcessData', '/testIdentify'])(
    'should answer GET %s with 405 problem details and Allow: POST',
    async (path) => {
      const response = await fetch(`${service.baseUrl}${path}?command=x`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as Record<string, unknown>;

      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(body).toMatchObject({
        status: 405,
        code: 'REQUEST.METHOD_NOT_ALLOWED',
        type: 'urn:maco:problem:method-not-allowed',
        instance: path,
      });
    },
  );

  it('should answer DELETE on a health route with 405 (Allow: GET, HEAD) and an unknown path with 404', async () => {
    const health = await fetch(`${service.baseUrl}/health/live`, { method: 'DELETE' });
    const unknown = await fetch(`${service.baseUrl}/nothingHere`, { headers: { authorization: `Bearer ${token}` } });

    expect([health.status, health.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect([unknown.status, ((await unknown.json()) as Record<string, unknown>)['code']]).toEqual([
      404,
      'REQUEST.NOT_FOUND',
    ]);
    await health.text();
  });

  it("should document both groups' paths and every registered code", () => {
    const document = buildServiceOpenApi(definition, serviceProblems(definition)) as unknown as Record<
      string,
      Record<string, Record<string, unknown>>
    >;

    expect(document['info']['title']).toBe('MaCo backend LF: Prozessdaten, Test identification');
    expect(Object.keys(document['paths'])).toEqual(
      expect.arrayContaining(['/createProcessData', '/updateProcessData', '/testIdentify', '/health/ready']),
    );
    const codes = (document['components']['schemas'] as Record<string, { properties: { code: { enum: string[] } } }>)[
      'ProblemDetails'
    ].properties.code.enum;
    expect(codes).toEqual(
      expect.arrayContaining([
        'TEST_IDENT.VALIDATION_FAILED',
        'REQUEST.VALIDATION_FAILED',
        'REQUEST.METHOD_NOT_ALLOWED',
      ]),
    );
  });
});

describe('a service definition that cannot work', () => {
  it('should be refused when a group redefines a code with another status', () => {
    const conflicting = {
      ...TEST_IDENT_GROUP,
      name: 'conflicting',
      problems: { 'REQUEST.VALIDATION_FAILED': { status: 400, slug: 'invalid', title: 'Request body is invalid' } },
    };
    expect(() => PlatformModule.forService({ role: 'LF', groups: [PROCESS_DATA_GROUP, conflicting] })).toThrow(
      'Problem code REQUEST.VALIDATION_FAILED is registered twice with different definitions',
    );
  });

  it('should be refused when a group is listed twice', () => {
    expect(() => PlatformModule.forService({ role: 'NB', groups: [PROCESS_DATA_GROUP, PROCESS_DATA_GROUP] })).toThrow(
      'Interface group process-data is listed twice for role NB',
    );
  });
});
