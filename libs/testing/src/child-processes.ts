import { type ChildProcess, spawn } from 'node:child_process';

const running = new Set<ChildProcess>();

/** Keeps the child so that `stopChildren` ends it: a test that fails before its own kill must not leave it running. */
export function trackChild<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Ends every tracked child still running: SIGTERM, then SIGKILL after `graceMs`. Meant for `afterEach`/`afterAll`. */
export async function stopChildren(graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return running.delete(child);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** A script run with `node` and only the given environment (plus PATH), tracked, with everything it writes. */
export interface RunningScript {
  child: ChildProcess;
  /** Standard output and error as written so far, interleaved. */
  output(): string;
  /** Its exit code; null when a signal ended it. */
  exited: Promise<number | null>;
}

export function runScript(script: string, env: NodeJS.ProcessEnv): RunningScript {
  const child = trackChild(
    spawn(process.execPath, [script], {
      env: { PATH: process.env['PATH'], ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
