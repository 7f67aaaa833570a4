import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigReader } from '@maco/platform';
import { consoleConfig, readConsoleConfig } from './console.config';

const loadConsoleConfig = (env: Record<string, string>, cwd: string, moduleDir: string) =>
  readConsoleConfig(new ConfigReader(env), cwd, moduleDir);

describe('consoleConfig', () => {
  let repo: string;
  beforeEach(() => (repo = mkdtempSync(join(tmpdir(), 'console-config-'))));
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  const build = (root: string): void => {
    mkdirSync(join(root, 'apps', 'console', 'dist'), { recursive: true });
    writeFileSync(join(root, 'apps', 'console', 'dist', 'index.html'), '<html></html>');
  };

  it('should take CONSOLE_DIR, relative to the working directory', () => {
    expect(loadConsoleConfig({ CONSOLE_DIR: 'web' }, '/srv/app', '/x')).toEqual({
      dir: '/srv/app/web',
      source: 'CONSOLE_DIR',
    });
    expect(loadConsoleConfig({ CONSOLE_DIR: '/opt/console' }, '/srv/app', '/x')).toEqual({
      dir: '/opt/console',
      source: 'CONSOLE_DIR',
    });
  });

  it('should find the built app from the working directory (the repository root)', () => {
    build(repo);
    expect(loadConsoleConfig({}, repo, '/nowhere/libs/console/dist')).toEqual({
      dir: join(repo, 'apps/console/dist'),
      source: 'working-directory',
    });
  });

  it('should find it from the compiled file three levels below the root when run from elsewhere', () => {
    build(repo);
    expect(loadConsoleConfig({}, '/', join(repo, 'libs', 'console', 'dist'))).toEqual({
      dir: join(repo, 'apps/console/dist'),
      source: 'module-location',
    });
  });

  it('should fall back to the working directory when no console is built', () => {
    expect(loadConsoleConfig({ CONSOLE_DIR: ' ' }, repo, join(repo, 'libs', 'console', 'src'))).toEqual({
      dir: join(repo, 'apps/console/dist'),
      source: 'working-directory',
    });
  });

  it('should never refuse a start', () => {
    expect(consoleConfig.parse({ CONSOLE_DIR: '/no/such/dir' })).toEqual({
      ok: true,
      value: { dir: '/no/such/dir', source: 'CONSOLE_DIR' },
    });
    expect(consoleConfig.parse({})).toMatchObject({ ok: true });
  });
});
