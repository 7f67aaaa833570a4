import { randomUUID } from 'node:crypto';
import { loadSamples, mintTestToken, postJson, type TestService, useServicesOnOneDatabase } from '@maco/testing';
import { serviceModule } from './service-module';

/**
 * Bodies read back as they were stored: jsonb keeps numbers beyond double precision exactly, and the process read
 * answered them through JSON.parse (`1.2345678901234568e+29`, `1e400` as null, `1e-400` as 0).
 */
describe('numbers read back exactly (LF)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const shared = useServicesOnOneDatabase({ service: serviceModule('LF') });
  let service: TestService;
  beforeAll(() => {
    service = shared.services.service;
  });

  it('should answer the process read with the 30-digit, 1e400 and 1e-400 numbers as their exact decimals', async () => {
    const businessKey = randomUUID();
    const body = structuredClone(loadSamples({ role: 'LF', operation: 'create' })[0].body);
    body['zusatzdaten'] = { businessKey };
    const raw = JSON.stringify(body).replace(
      /}$/,
      ',"zahlen":{"gross":123456789012345678901234567890,"riesig":1e400,"winzig":1e-400}}',
    );
    expect((await postJson(`${service.baseUrl}/createProcessData`, undefined, { token, raw })).status).toBe(200);

    const response = await fetch(`${service.baseUrl}/processes/${businessKey}?bodies=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // A JSON answer is never sniffed, framed or rendered as a page.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const text = await response.text();
    // jsonb writes 1e400 and 1e-400 as their full decimals: the same numbers, exactly.
    const exact = `{"gross": 123456789012345678901234567890, "riesig": 1${'0'.repeat(400)}, "winzig": 0.${'0'.repeat(399)}1}`;
    // Once in the revision's body, once in the current state.
    expect(text.split(exact)).toHaveLength(3);
    expect(text).not.toContain('e+29');
    expect(JSON.parse(text)).toMatchObject({ businessKey, revisions: [{ revision: 1 }] });
  });
});
