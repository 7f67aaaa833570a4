import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { workspaceRoot } from './samples';

/**
 * A copy of the workspace (its files, its own `@maco` links, everything else of `node_modules` linked) in a new temp
 * folder named `prefix…`: a test that runs Nx builds there (which empty `dist` folders) leaves the workspace whose other
 * suites run its built services alone.
 */
export function workspaceCopy(prefix: string): string {
  const root = workspaceRoot();
  const copy = mkdtempSync(join(tmpdir(), prefix));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // Deleted in the work tree but still in the index.
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file), { errorOnExist: false });
  }
  const modules = join(copy, 'node_modules');
  mkdirSync(join(modules, '@maco'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@maco') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  // The links are relative (as npm wrote them), so each package resolves into the copy's own sources and builds.
  for (const entry of readdirSync(join(root, 'node_modules', '@maco'))) {
    symlinkSync(readlinkSync(join(root, 'node_modules', '@maco', entry)), join(modules, '@maco', entry));
  }
  return copy;
}
