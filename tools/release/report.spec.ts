import { readFileSync } from 'node:fs';

const { renderReleaseReport, reportFile } = require('./report.js') as {
  renderReleaseReport(formatVersion: string): string;
  reportFile(formatVersion: string): string;
};

describe('release reports', () => {
  it('should keep docs/releases/FV2610.md equal to what the committed release data gives (npm run release -- FV2610)', () => {
    expect(readFileSync(reportFile('FV2610'), 'utf8')).toBe(renderReleaseReport('FV2610'));
  });

  it('should name the PIs FV2610 added and dropped', () => {
    const report = renderReleaseReport('FV2610');
    for (const pi of ['44183', '55693', '55694']) expect(report).toMatch(new RegExp(`added \\(3\\):[^]*${pi}`));
    expect(report).toContain('dropped, `unknown-pi` in 10/26 (11): 17003, 17114, 19115, 21015, 21024, 21026, 44110');
  });
});
