import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Platform is what every interface group shares: it names no group, and no group's vocabulary leaks into it. */
describe('libs/platform', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') && !/\.(spec|integration-spec)\.ts$/.test(entry.name) ? [path] : [];
    });
  const files = sources(__dirname).map((path) => ({
    path: relative(__dirname, path),
    text: readFileSync(path, 'utf8'),
  }));

  it('should have sources to check', () => {
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['platform.module.ts', 'problem/problem-catalog.ts']),
    );
  });

  it('should contain no word of the Prozessdaten group', () => {
    const words =
      /process.?data|prozessdaten|booking|business.?key|pr(ue|ü)fidentifikator|createProcessData|updateProcessData|stammdaten|marktlokation/i;
    expect(
      files.filter((file) => words.test(file.text)).map((file) => `${file.path}: ${words.exec(file.text)?.[0]}`),
    ).toEqual([]);
  });

  it('should import no interface group lib', () => {
    const groupImport = /from '@maco\/(?!domain'|platform')[\w-]+'/;
    expect(
      files
        .filter((file) => groupImport.test(file.text))
        .map((file) => `${file.path}: ${groupImport.exec(file.text)?.[0]}`),
    ).toEqual([]);
  });
});
