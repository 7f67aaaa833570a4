import { readBearerCredentials, type RequestWithHeaders } from './bearer-token';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlcyI6WyJMRiJdfQ.c2lnbmF0dXJlLXBhcnQtXw';

/** A Fastify-like request: parsed headers, and Node's raw request with every header line. */
const request = (...lines: [string, string][]): RequestWithHeaders => {
  const headers: Record<string, string> = {};
  // As Node does for Authorization: the first of repeated lines wins.
  for (const [name, value] of lines) headers[name.toLowerCase()] ??= value;
  return { headers, raw: { rawHeaders: lines.flat() } };
};

describe(readBearerCredentials.name, () => {
  it.each([`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER ${TOKEN}`, `Bearer   ${TOKEN}`, 'Bearer abc+/def=='])(
    'should read the token of "%s"',
    (value) => {
      expect(readBearerCredentials(request(['Authorization', value]))).toEqual({
        kind: 'token',
        token: value.split(/ +/)[1],
      });
    },
  );

  it.each([
    [[]],
    [[['Authorization', `Basic eDp5`]]],
    [[['authorization', TOKEN]]],
    [[['Authorization', `JWT ${TOKEN}`]]],
    [[['Authorization', '']]],
  ])('should report no bearer token for %j', (lines) => {
    expect(readBearerCredentials(request(...(lines as [string, string][])))).toEqual({ kind: 'missing' });
  });

  it.each([
    'Bearer',
    `Bearer ${TOKEN} junk`,
    `Bearer ${TOKEN},`,
    `Bearer ${TOKEN}, Bearer x.y.z`,
    `Bearer "${TOKEN}"`,
    `Bearer:${TOKEN}`,
    'Bearer a=b',
  ])('should refuse the malformed header "%s"', (value) => {
    expect(readBearerCredentials(request(['Authorization', value]))).toMatchObject({ kind: 'malformed' });
  });

  it('should refuse two Authorization lines, even when both carry the same token', () => {
    const twice = request(['Authorization', `Bearer ${TOKEN}`], ['authorization', `Bearer ${TOKEN}`]);
    expect(readBearerCredentials(twice)).toEqual({
      kind: 'malformed',
      detail: 'The request carries more than one Authorization header.',
    });
  });

  it('should count the header lines of a plain Node request too', () => {
    const twice: RequestWithHeaders = {
      headers: { authorization: `Bearer ${TOKEN}` },
      rawHeaders: ['Authorization', `Bearer ${TOKEN}`, 'AUTHORIZATION', 'Bearer x'],
    };
    expect(readBearerCredentials(twice)).toMatchObject({ kind: 'malformed' });
  });
});
