import { join } from 'node:path';
import { outsideReferences, workspaceFiles, workspaceOutsideReferences } from './reads-outside';

const ROOT = join(__dirname, '..', '..');

describe('the workspace reads nothing outside itself', () => {
  it('should have no source, test, tool, configuration or doc that reaches outside the workspace (reference data lives in reference/)', () => {
    expect(workspaceOutsideReferences(ROOT)).toEqual([]);
  });

  it('should look at the sources, tests, tools and configuration', () => {
    const files = workspaceFiles(ROOT).map((file) => file.slice(ROOT.length + 1));
    expect(files).toEqual(
      expect.arrayContaining([
        'nx.json',
        'README.md',
        'libs/testing/src/samples.ts',
        'tools/ahb-rules/generate.js',
        '.ci/run',
      ]),
    );
    expect(files.some((file) => file.startsWith('reference/') || file.includes('node_modules'))).toBe(false);
  });
});

describe(outsideReferences.name, () => {
  const file = (path: string) => join(ROOT, path);
  const reasons = (path: string, text: string) =>
    outsideReferences(ROOT, file(path), text).map((found) => found.reason);

  it.each([
    ['libs/testing/src/samples.ts', "return join(workspaceRoot(), '..', 'shared', 'samples');"],
    ['tools/bench/process-fill.js', "const SAMPLES = join(__dirname, '..', '..', '..', 'corpus');"],
    [
      'libs/domain/src/ahb/conditions/x.spec.ts',
      "const REFERENCE = path.join(__dirname, '../../../../../../corpus/ahb');",
    ],
    ['nx.json', '"{workspaceRoot}/../corpus/**/*",'],
    ['README.md', 'curl … -d @../shared/samples/lf-create-55001.json'],
    ['tools/ahb-rules/generate.js', "const REFERENCE = path.join(REPO_ROOT, '..', 'corpus');"],
    ['docs/ahb-rules.md', '| AHB tables (`shared/reference/ahb/FV2510`) |'],
    ['tools/bench/README.md', '(`/work/shared/samples`, page, upstream)'],
  ])('should report %s: %s', (path, text) => {
    expect(reasons(path, text)).not.toEqual([]);
  });

  it.each([
    ['tools/bench/run.js', "const ROOT = join(__dirname, '..', '..');"],
    ['libs/domain/src/ahb/conditions/x.spec.ts', "import { REFERENCE_DIR } from '../../../test/samples';"],
    ['libs/domain/test/samples.ts', "const REPO_ROOT = path.resolve(__dirname, '../../..');"],
    ['docs/read-model.md', 'see [the README](../README.md) and the shared domain library'],
    ['.ci/run', 'cd "$(dirname "$0")/.."'],
  ])('should accept %s: %s', (path, text) => {
    expect(reasons(path, text)).toEqual([]);
  });
});
