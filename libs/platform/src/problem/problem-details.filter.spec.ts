import { type ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import type { ServiceConfig } from '../config/service-config';
import { PROBLEM_CONTENT_TYPE, ProblemDetailsFilter } from './problem-details.filter';

/** Runs the filter on one exception and returns what it answered. */
function answer(exception: unknown): {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  const sent = { status: 0, headers: {} as Record<string, string>, body: {} as Record<string, unknown> };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    headers(values: Record<string, string>) {
      Object.assign(sent.headers, values);
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return reply;
    },
    send(body: Record<string, unknown>) {
      sent.body = body;
      return reply;
    },
  };
  const request = { id: 'req-1', method: 'POST', url: '/createProcessData?command=ERSTELLEN_PROZESSDATEN' };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  new ProblemDetailsFilter({ problemTypeBase: 'urn:maco:problem:' } as ServiceConfig).catch(exception, host);
  return sent;
}

describe('ProblemDetailsFilter', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    [
      'an admin shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
    ],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    [
      'a statement timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' }),
    ],
  ])('should answer %s with 503, a problem document and Retry-After', (_name, error) => {
    const sent = answer(error);
    expect(sent.status).toBe(503);
    expect(sent.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
    expect(Number(sent.headers['retry-after'])).toBeGreaterThan(0);
    expect(sent.body).toEqual({
      type: 'urn:maco:problem:unavailable',
      title: 'Service temporarily unavailable',
      status: 503,
      detail: expect.stringContaining('database is temporarily unavailable'),
      instance: '/createProcessData',
      code: 'SERVER.UNAVAILABLE',
      correlationId: 'req-1',
    });
    // Nothing of the driver's message reaches the client.
    expect(JSON.stringify(sent.body)).not.toMatch(/5432|administrator|ECONNREFUSED/);
  });

  it('should keep other errors a bare 500', () => {
    const sent = answer(
      Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
        code: '23505',
        severity: 'ERROR',
      }),
    );
    expect(sent.status).toBe(500);
    expect(sent.headers['retry-after']).toBeUndefined();
    expect(sent.body).toMatchObject({ code: 'SERVER.INTERNAL', detail: 'The request could not be processed.' });
  });

  it('should go by the status of an HTTP error even when it carries a socket code', () => {
    const aborted = Object.assign(new Error('Request body aborted'), { statusCode: 400, code: 'ECONNRESET' });
    expect(answer(aborted).status).toBe(400);
    expect(answer(new BadRequestException('bad')).status).toBe(400);
  });
});
