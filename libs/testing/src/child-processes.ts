import type { ChildProcess } from 'node:child_process';

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
