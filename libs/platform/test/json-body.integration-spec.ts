import { Body, Controller, HttpCode, Module, Post, Req } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { loadServiceConfig } from '../src/config/service-config';
import { createServiceApp } from '../src/http/create-service-app';
import { LoggingModule } from '../src/logging/logging.module';
import { ProblemDetailsFilter } from '../src/problem/problem-details.filter';

/** Answers what it was given: the parsed body and the text the service would store. */
@Controller()
class EchoController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown, @Req() request: FastifyRequest): { body: unknown; jsonText: string | undefined } {
    return { body, jsonText: request.jsonText };
  }
}

@Module({
  imports: [LoggingModule.forRoot({ level: 'silent' })],
  controllers: [EchoController],
  providers: [{ provide: APP_FILTER, useClass: ProblemDetailsFilter }],
})
class EchoModule {}

describe('JSON bodies over HTTP', () => {
  let app: NestFastifyApplication;
  let url: string;

  const post = async (text: string | Uint8Array) => {
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
      JSON_MAX_DEPTH: '5',
      JSON_MAX_ARRAY_LENGTH: '4',
      LOG_LEVEL: 'silent',
    });
    app = await createServiceApp(EchoModule, config, { logLevels: ['error'] });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    url = `http://127.0.0.1:${address.port}/echo`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('should pass a body within the limits, keeping its text', async () => {
    const text = '{"a":[1,2,3,4],"b":{"c":{"d":{"e":"😀 \\ud83d\\ude00 \\u00fc"}}}}';
    const answer = await post(text);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ body: JSON.parse(text), jsonText: text });
  });

  it.each([
    ['too deep', '{"a":{"b":{"c":{"d":{"e":{}}}}}}', '#/a/b/c/d/e', 'nests deeper than 5 levels'],
    [
      'too deep, a million levels',
      '['.repeat(500_000) + ']'.repeat(500_000),
      '#/0/0/0/0/0',
      'nests deeper than 5 levels',
    ],
    ['too long an array', '{"a":[{"b":[1,2,3,4,5]}]}', '#/a/0/b', 'has 5 elements, more than the 4 allowed'],
  ])('should answer 422 REQUEST.JSON_LIMIT_EXCEEDED for a body %s', async (_name, text, pointer, message) => {
    const answer = await post(text);

    expect(answer.status).toBe(422);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      type: 'urn:maco:problem:json-limit-exceeded',
      status: 422,
      code: 'REQUEST.JSON_LIMIT_EXCEEDED',
      instance: '/echo',
      errors: [{ pointer, message }],
    });
    expect(answer.body['detail']).toContain('at most 5 levels of nesting and 4 elements per array');
  });

  it('should drop a leading byte order mark from the text it keeps', async () => {
    const answer = await post('\ufeff{"constructor":"x","e":"\\u00fc"}');

    expect(answer.status).toBe(200);
    expect(answer.body['jsonText']).toBe('{"constructor":"x","e":"\\u00fc"}');
  });

  it('should still answer 400 for malformed JSON and poisoning keys', async () => {
    for (const text of ['{"a":', '{"__proto__":{"x":1}}', '\ufeff']) {
      const answer = await post(text);
      expect([answer.status, answer.body['code']]).toEqual([400, 'REQUEST.MALFORMED_JSON']);
    }
  });

  it('should answer 400 for a body that is not UTF-8 instead of keeping replacement characters', async () => {
    // "Straße" in Latin-1: the ß is the single byte 0xDF, no UTF-8.
    const answer = await post(Buffer.from('{"strasse":"Straße"}', 'latin1'));
    expect([answer.status, answer.body['code']]).toEqual([400, 'REQUEST.MALFORMED_JSON']);
    // The same text in UTF-8 is kept as sent.
    const utf8 = await post(Buffer.from('{"strasse":"Straße"}', 'utf8'));
    expect([utf8.status, utf8.body['jsonText']]).toEqual([200, '{"strasse":"Straße"}']);
  });
});
