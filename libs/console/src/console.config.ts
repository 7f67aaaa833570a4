import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { type ConfigReader, type ConfigVariable, defineGroupConfig } from '@maco/platform';

/** Where the built console (apps/console/dist) is read from. */
export interface ConsoleConfig {
  /** Absolute path of the directory holding index.html and assets/. */
  dir: string;
  /** `CONSOLE_DIR`, or the repository's `apps/console/dist` found from the working directory or this file. */
  source: 'CONSOLE_DIR' | 'working-directory' | 'module-location';
}

export const CONSOLE_CONFIG = Symbol('CONSOLE_CONFIG');

const BUILT_APP = join('apps', 'console', 'dist');

/**
 * `CONSOLE_DIR` when set (relative to the working directory). Otherwise the repository's `apps/console/dist`: first as
 * seen from the working directory (`node apps/lf/dist/main.js` and `npm run start:lf` both run from the repository root),
 * then as seen from this file (libs/console/dist or libs/console/src, three levels below the root), whichever holds an
 * index.html; if neither does, the first (the service starts anyway and answers `CONSOLE.NOT_BUILT`).
 */
export function readConsoleConfig(read: ConfigReader, cwd = process.cwd(), moduleDir = __dirname): ConsoleConfig {
  const configured = read.text('CONSOLE_DIR');
  if (configured) return { dir: isAbsolute(configured) ? configured : resolve(cwd, configured), source: 'CONSOLE_DIR' };
  const candidates: ConsoleConfig[] = [
    { dir: resolve(cwd, BUILT_APP), source: 'working-directory' },
    { dir: resolve(moduleDir, '..', '..', '..', BUILT_APP), source: 'module-location' },
  ];
  return candidates.find((candidate) => isBuilt(candidate.dir)) ?? candidates[0];
}

export const CONSOLE_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'CONSOLE_DIR',
    unset: '`apps/console/dist` of the repository',
    meaning:
      'where the built operator console is read from (served under `/console/`); relative to the working directory. ' +
      'No value refuses a start: without a built console `/console/` answers 404 `CONSOLE.NOT_BUILT`',
  },
];

/** `CONSOLE_DIR`: no value of it refuses a start (where no console is built, `/console/` answers `CONSOLE.NOT_BUILT`). */
export const consoleConfig = defineGroupConfig(
  CONSOLE_CONFIG,
  (read) => readConsoleConfig(read),
  CONSOLE_CONFIG_VARIABLES,
);

/** The directory holds a built console. */
export function isBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}
