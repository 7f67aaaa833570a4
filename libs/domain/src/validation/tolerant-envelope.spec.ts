import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR, withBusinessKey } from '@maco/reference-samples';
import { envelopeOf, tolerantReading } from './tolerant-envelope';
import { validateProcessData } from './validate-process-data';

const validateLf = (operation: 'create' | 'update') => (body: unknown) => validateProcessData('LF', operation, body);
const sample = (name: string) =>
  JSON.parse(readFileSync(path.join(SAMPLES_DIR, name), 'utf8')) as Record<string, unknown>;

describe(tolerantReading.name, () => {
  it('should turn a value of the wrong type into an invalid-value finding, pointer, expectation and kind named', () => {
    const body = withBusinessKey(sample('lf-create-55001.json'));
    (body['stammdaten'] as Record<string, Record<string, unknown>[]>)['MARKTLOKATION'][0]['energierichtung'] = 42;

    const reading = tolerantReading(body, validateLf('create'));

    expect(reading.refusals).toEqual([]);
    expect(reading.envelope).toBe(body);
    expect(reading.findings).toEqual([
      {
        code: 'invalid-value',
        pointer: '#/stammdaten/MARKTLOKATION/0/energierichtung',
        message: expect.stringMatching(/^must be .+ \(got number\)$/),
        expected: expect.stringMatching(/^a string/),
        got: 'number',
      },
    ]);
    expect(reading.findings[0].message).toBe(`must be ${reading.findings[0].expected} (got number)`);
  });

  it('should read [] and null containers as empty objects without a finding, another kind with one', () => {
    const body = { stammdaten: [], transaktionsdaten: { pruefidentifikator: '55006' }, zusatzdaten: null };
    const { envelope, findings } = envelopeOf(body);
    expect(envelope).toEqual({ stammdaten: {}, transaktionsdaten: { pruefidentifikator: '55006' }, zusatzdaten: {} });
    expect(findings).toEqual([]);
    expect(body.stammdaten).toEqual([]);

    expect(envelopeOf({ stammdaten: 'none', transaktionsdaten: { pruefidentifikator: '55006' } }).findings).toEqual([
      {
        code: 'invalid-value',
        pointer: '#/stammdaten',
        message: 'must be an object (got string)',
        expected: 'an object',
        got: 'string',
      },
    ]);
  });

  it('should read a missing transaktionsdaten as an empty object and report it', () => {
    const { envelope, findings } = envelopeOf({ stammdaten: {}, zusatzdaten: { businessKey: 'k' } });
    expect(envelope['transaktionsdaten']).toEqual({});
    expect(findings).toEqual([
      {
        code: 'invalid-value',
        pointer: '#/transaktionsdaten',
        message: 'is required (got nothing)',
        expected: 'required',
        got: 'nothing',
      },
    ]);
  });

  it('should refuse a process key of the wrong type or empty, never a missing one', () => {
    const body = {
      transaktionsdaten: { pruefidentifikator: '55003' },
      zusatzdaten: { businessKey: 7, targetBusinessKey: 'process-1' },
    };
    expect(tolerantReading(body, validateLf('update')).refusals).toEqual([
      { pointer: '#/zusatzdaten/businessKey', message: 'must be a non-empty string' },
    ]);

    const keyless = {
      transaktionsdaten: { pruefidentifikator: '55003' },
      zusatzdaten: { targetBusinessKey: 'process-1' },
    };
    const reading = tolerantReading(keyless, validateLf('update'));
    expect(reading.refusals).toEqual([]);
    expect(reading.findings.map((finding) => finding.pointer)).toEqual(['#/zusatzdaten/businessKey']);
  });

  it('should book every body the vendor middleware produced without a refusal', () => {
    for (const [name, operation] of [
      ['vendor/lf-create-13017-meter-reading.json', 'create'],
      ['vendor/lf-create-55650-compact-dates.json', 'create'],
      ['vendor/lf-update-55006-empty-stammdaten.json', 'update'],
      ['vendor/lf-update-55035-verbrauchsart-array.json', 'update'],
    ] as const) {
      const body = withBusinessKey(sample(name));
      expect({ name, refusals: tolerantReading(body, validateLf(operation)).refusals }).toEqual({ name, refusals: [] });
    }
  });
});
