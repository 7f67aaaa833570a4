import { Registry } from 'prom-client';
import type { ProcessDataConfig } from '../process-data.config';
import { QuarantineQuota } from './quarantine-quota';
import type { RefusedMessageRepository } from './refused-message.repository';

/** A quarantine whose rows are only sizes by state, oldest first: what the quota asks of the repository. */
function fakeRepository(rows: { bytes: number; state: 'open' | 'resolved' | 'dismissed' }[]) {
  return {
    rows,
    async usage() {
      const entries = { open: 0, resolved: 0, dismissed: 0 };
      for (const row of rows) entries[row.state]++;
      return { bytes: rows.reduce((sum, row) => sum + row.bytes, 0), entries };
    },
    async trimFinished(_role: string, needed: number) {
      let freed = 0;
      let entries = 0;
      for (let index = 0; index < rows.length && freed < needed;) {
        if (rows[index].state === 'open') {
          index++;
          continue;
        }
        freed += rows[index].bytes;
        entries++;
        rows.splice(index, 1);
      }
      return { entries, bytes: freed };
    },
  };
}

async function quotaOf(maxBytes: number, rows: Parameters<typeof fakeRepository>[0]) {
  const repository = fakeRepository(rows);
  const quota = new QuarantineQuota(
    'LF',
    { quarantineMaxBytes: maxBytes } as ProcessDataConfig,
    new Registry(),
    repository as unknown as RefusedMessageRepository,
  );
  await quota.onModuleInit();
  quota.onModuleDestroy();
  return { quota, repository };
}

describe(QuarantineQuota.name, () => {
  it('should admit what fits and count it at once, so concurrent refusals cannot overshoot together', async () => {
    const { quota } = await quotaOf(100, [{ bytes: 40, state: 'open' }]);
    expect(await quota.admit(50)).toBe(true);
    expect(quota.used).toBe(90);
    expect(await quota.admit(20)).toBe(false);
    quota.release(50);
    expect(quota.used).toBe(40);
    expect(await quota.admit(30)).toBe(true);
    quota.stored(30);
    expect(quota.used).toBe(70);
  });

  it('should trim the oldest finished entries to make room, never an open one', async () => {
    const { quota, repository } = await quotaOf(100, [
      { bytes: 30, state: 'dismissed' },
      { bytes: 30, state: 'open' },
      { bytes: 30, state: 'resolved' },
    ]);
    expect(await quota.admit(40)).toBe(true);
    expect(repository.rows.map((row) => row.state)).toEqual(['open', 'resolved']);
    expect(await quota.admit(60)).toBe(false);
    expect(repository.rows.map((row) => row.state)).toEqual(['open']);
  });

  it('should report the fill as the gauges read it', async () => {
    const registry = new Registry();
    const repository = fakeRepository([{ bytes: 7, state: 'open' }]);
    const quota = new QuarantineQuota(
      'NB',
      { quarantineMaxBytes: 1000 } as ProcessDataConfig,
      registry,
      repository as unknown as RefusedMessageRepository,
    );
    await quota.onModuleInit();
    quota.onModuleDestroy();
    const text = await registry.metrics();
    expect(text).toContain('maco_quarantine_bytes{role="NB"} 7');
    expect(text).toContain('maco_quarantine_max_bytes{role="NB"} 1000');
    expect(await quota.usage()).toEqual({
      role: 'NB',
      bytes: 7,
      maxBytes: 1000,
      entries: { open: 1, resolved: 0, dismissed: 0 },
    });
  });
});
