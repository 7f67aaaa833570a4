import { Body, Controller, HttpCode, Module, Post, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { createServiceApp, loadServiceConfig, PlatformModule } from '@maco/platform';
import { JSONB_PROBLEMS, unstorableTextError } from '../src/jsonb/jsonb-storability';

/** Stores nothing: answers what a storing group would refuse, or the body. */
@Controller()
class EchoController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown, @Req() request: FastifyRequest): { body: unknown } {
    const problem = unstorableTextError(body, request.jsonText);
    if (problem) throw problem;
    return { body };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('bodies jsonb cannot hold, over HTTP', () => {
  let app: NestFastifyApplication;
  let url: string;

  const post = async (text: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  beforeAll(async () => {
    const config = loadServiceConfig({
      JWT_SECRET: 'json-body-test-secret-long-enough-for-hs256',
      LOG_LEVEL: 'silent',
    });
    const service = PlatformModule.forService(
      { role: 'LF', groups: [{ name: 'echo', module: EchoModule, problems: JSONB_PROBLEMS }] },
      { logging: { level: 'silent' } },
    );
    app = await createServiceApp({ module: class EchoServiceModule {}, imports: [service, EchoModule] }, config, {
      logLevels: ['error'],
    });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    url = `http://127.0.0.1:${address.port}/echo`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['a NUL in a value', '{"a":["x","\\u0000"]}', '#/a/1', 'NUL character'],
    ['a lone surrogate in a value', '{"a":{"b":"\\ud800"}}', '#/a/b', 'unpaired UTF-16 surrogate'],
    ['a lone low surrogate', '{"a":"\\uDC00\\uD83D"}', '#/a', 'unpaired UTF-16 surrogate'],
    ['a NUL in a member name', '{"a":{"\\u0000":1}}', '#/a/%00', 'member name that contains a NUL character'],
    ['a lone surrogate in a member name', '{"\\ud800x":1}', '#/%EF%BF%BDx', 'member name that contains an unpaired'],
  ])('should answer 422 REQUEST.UNSTORABLE_TEXT for %s', async (_name, text, pointer, message) => {
    const answer = await post(text);

    expect(answer.status).toBe(422);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      type: 'urn:maco:problem:unstorable-text',
      status: 422,
      code: 'REQUEST.UNSTORABLE_TEXT',
    });
    expect(answer.body['errors']).toEqual([{ pointer, message: expect.stringContaining(message) as string }]);
  });

  it('should pass text jsonb stores, escaped or not', async () => {
    const text = '{"a":"😀 \\ud83d\\ude00 \\u00fc","\\u00e4":"\\u0001"}';
    const answer = await post(text);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ body: JSON.parse(text) });
  });
});
