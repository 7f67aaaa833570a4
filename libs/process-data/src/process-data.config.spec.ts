import { processDataConfig } from './process-data.config';

describe('processDataConfig', () => {
  it('should report AHB findings unless AHB_RULE_MODE says strict', () => {
    expect(processDataConfig.parse({})).toEqual({ ok: true, value: { ahbRuleMode: 'report' } });
    expect(processDataConfig.parse({ AHB_RULE_MODE: '' })).toEqual({ ok: true, value: { ahbRuleMode: 'report' } });
    expect(processDataConfig.parse({ AHB_RULE_MODE: 'report' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'report' },
    });
    expect(processDataConfig.parse({ AHB_RULE_MODE: ' strict ' })).toEqual({
      ok: true,
      value: { ahbRuleMode: 'strict' },
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
      value: { ahbRuleMode: 'report' },
    });
  });
});
