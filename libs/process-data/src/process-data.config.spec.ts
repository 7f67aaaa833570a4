import { processDataConfig } from './process-data.config';

const DEFAULT_QUOTA = 2 * 1024 ** 3;

describe('processDataConfig', () => {
  it('should report AHB findings unless AHB_RULE_MODE says strict', () => {
    expect(processDataConfig.parse({})).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report', quarantineMaxBytes: DEFAULT_QUOTA, journalMaxBytes: 1024 ** 3 },
    });
    expect(processDataConfig.parse({ AHB_RULE_MODE: '' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report', quarantineMaxBytes: DEFAULT_QUOTA, journalMaxBytes: 1024 ** 3 },
    });
    expect(processDataConfig.parse({ AHB_RULE_MODE: 'report' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report', quarantineMaxBytes: DEFAULT_QUOTA, journalMaxBytes: 1024 ** 3 },
    });
    expect(processDataConfig.parse({ AHB_RULE_MODE: ' strict ' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'strict', quarantineMaxBytes: DEFAULT_QUOTA, journalMaxBytes: 1024 ** 3 },
    });
  });

  it.each(['lenient', 'Strict'])('should refuse AHB_RULE_MODE=%s, naming the variable and the choices', (mode) => {
    expect(processDataConfig.parse({ AHB_RULE_MODE: mode })).toEqual({
      ok: false,
      problems: [{ variable: 'AHB_RULE_MODE', message: `AHB_RULE_MODE must be one of report, strict (got "${mode}")` }],
    });
  });

  it("should leave DEFAULT_RELEASE to platform's config (the triggers fall back to it too)", () => {
    expect(processDataConfig.parse({ DEFAULT_RELEASE: 'no release' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report', quarantineMaxBytes: DEFAULT_QUOTA, journalMaxBytes: 1024 ** 3 },
    });
  });

  it('should take QUARANTINE_MAX_BYTES from 1 MiB to 1 TiB', () => {
    expect(processDataConfig.parse({ QUARANTINE_MAX_BYTES: '1048576' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report', quarantineMaxBytes: 1_048_576, journalMaxBytes: 1024 ** 3 },
    });
    const refused = processDataConfig.parse({ QUARANTINE_MAX_BYTES: '1000' });
    expect(refused.ok).toBe(false);
  });
});
