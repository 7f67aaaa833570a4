import { randomUUID } from 'node:crypto';
import { mintTestToken, postJson, type TestService, useServicesOnOneDatabase } from '@maco/testing';
import { serviceModule } from './service-module';

const REGISTERS = ['1-1:1.29.0', '1-1:2.29.0', '1-1:5.29.0', '1-1:8.29.0'];
const QUARTER_HOURS_IN_MARCH = 31 * 96;

/**
 * MSCONS 13025 (Lastgang) for a month of quarter-hour values of four registers, all in one `energieverbrauch` list as
 * the middleware may send it: 11 904 values, ≈ 2.5 MB.
 */
function loadProfileMonth(businessKey: string): Record<string, unknown> {
  const start = Date.parse('2026-03-01T00:00:00+01:00');
  const energieverbrauch = REGISTERS.flatMap((obiskennzahl) =>
    Array.from({ length: QUARTER_HOURS_IN_MARCH }, (_, index) => ({
      startdatum: new Date(start + index * 900_000).toISOString(),
      enddatum: new Date(start + (index + 1) * 900_000).toISOString(),
      wert: Math.round(Math.abs(Math.sin(index)) * 250_000) / 1000,
      einheit: 'KWH',
      obiskennzahl,
      position: index + 1,
      messwertstatus: 'ABGELESEN',
    })),
  );
  return {
    stammdaten: {
      ENERGIEMENGE: [
        {
          boTyp: 'ENERGIEMENGE',
          versionStruktur: '1',
          lokationsId: '51238696788',
          lokationsTyp: 'MALO',
          energieverbrauch,
        },
      ],
    },
    transaktionsdaten: { pruefidentifikator: '13025', nachrichtendatum: '2026-04-01T06:00:00+02:00', sparte: 'STROM' },
    zusatzdaten: { businessKey },
  };
}

/** The default limits (BODY_LIMIT_BYTES, JSON_MAX_ARRAY_LENGTH) take the largest regular message. */
describe('large messages with the default limits (LF)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const shared = useServicesOnOneDatabase({ service: serviceModule('LF') });
  let service: TestService;
  beforeAll(
    () =>
      ({
        services: { service },
      } = shared),
  );

  it('should book a month of quarter-hour values of four registers and read it back verbatim', async () => {
    const businessKey = randomUUID();
    const body = loadProfileMonth(businessKey);
    const text = JSON.stringify(body);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2_000_000);

    const started = Date.now();
    const booked = await postJson(`${service.baseUrl}/createProcessData`, undefined, { token, raw: text });
    const bookingMs = Date.now() - started;

    expect(booked.status).toBe(200);
    expect(
      (booked.body['findings'] as { code: string }[]).filter((finding) => finding.code === 'invalid-value'),
    ).toEqual([]);
    const read = await fetch(`${service.baseUrl}/processes/${businessKey}?bodies=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const process = (await read.json()) as { revisions: { body: unknown }[] };
    expect(process.revisions[0].body).toEqual(body);
    console.info(
      `13025, ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB, ${REGISTERS.length * QUARTER_HOURS_IN_MARCH} values: booked in ${bookingMs} ms`,
    );
  }, 60_000);
});
