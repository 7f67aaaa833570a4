import { loadSamples, withBusinessKey } from './samples';

describe(loadSamples.name, () => {
  it('should find the reference samples by role and operation', () => {
    const lfCreate = loadSamples({ role: 'LF', operation: 'create' });
    expect(lfCreate.map((s) => s.file)).toContain('lf-create-55001.json');
    expect(lfCreate.every((s) => s.role === 'LF' && s.operation === 'create')).toBe(true);
    expect(loadSamples({ role: 'NB', operation: 'update' }).length).toBeGreaterThan(0);
  });

  it('should set a business key on a copy', () => {
    const [sample] = loadSamples({ role: 'LF', operation: 'create' });
    const body = withBusinessKey(sample.body, 'key-1');
    expect(body['zusatzdaten']).toEqual({ businessKey: 'key-1' });
    expect(sample.body['zusatzdaten']).toEqual({});
  });
});
