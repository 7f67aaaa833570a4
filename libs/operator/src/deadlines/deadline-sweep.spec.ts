import { Logger } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DEADLINE_RULES } from '@maco/domain';
import type { DeadlineListRepository } from './deadline-list.repository';
import { DeadlineMetrics } from './deadline-metrics';
import { DeadlineSweep } from './deadline-sweep';

/** A repository answering what the test says, or failing as the database would. */
function fakeRepository(answers: { open?: Map<string, number> | Error; missed?: string[] | Error }) {
  return {
    countOpen: jest.fn(async () => {
      if (answers.open instanceof Error) throw answers.open;
      return answers.open ?? new Map<string, number>();
    }),
    markMissed: jest.fn(async () => {
      if (answers.missed instanceof Error) throw answers.missed;
      return answers.missed ?? [];
    }),
  } as unknown as DeadlineListRepository & { countOpen: jest.Mock; markMissed: jest.Mock };
}

const valueOf = async (registry: Registry, name: string) =>
  (await registry.getSingleMetric(name)?.get())?.values.map(({ labels, value }) => ({ labels, value })) ?? [];

describe('deadline metrics and sweep', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('should report every rule of the role as open, 0 when none', async () => {
    const registry = new Registry();
    new DeadlineMetrics(registry, 'NB', fakeRepository({ open: new Map([['GPKE_ANMELDUNG_ANTWORT', 3]]) }));
    const nbRules = DEADLINE_RULES.filter(({ role }) => role === 'NB').map(({ rule }) => rule);
    expect(nbRules).toContain('WIM_ANMELDUNG_MSB_ANTWORT');
    expect(await valueOf(registry, 'maco_deadlines_open')).toEqual(
      nbRules.map((rule) => ({ labels: { role: 'NB', rule }, value: rule === 'GPKE_ANMELDUNG_ANTWORT' ? 3 : 0 })),
    );
    expect(await valueOf(registry, 'maco_deadlines_missed_total')).toEqual(
      nbRules.map((rule) => ({ labels: { role: 'NB', rule }, value: 0 })),
    );
  });

  it('should keep the scrape answering while the count fails, and warn once per outage', async () => {
    const registry = new Registry();
    const repository = fakeRepository({ open: new Error('connection refused') });
    new DeadlineMetrics(registry, 'LF', repository);
    await expect(registry.metrics()).resolves.toContain('maco_deadlines_missed_total');
    await registry.metrics();
    expect(await valueOf(registry, 'maco_deadlines_open')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('should label the series with the rules of its own role only', async () => {
    const registry = new Registry();
    new DeadlineMetrics(registry, 'MSB', fakeRepository({}));
    const labelled = (await valueOf(registry, 'maco_deadlines_open')).map(({ labels }) => labels['rule']);
    expect(labelled).toEqual(DEADLINE_RULES.filter(({ role }) => role === 'MSB').map(({ rule }) => rule));
    expect(labelled).toContain('WIM_KUENDIGUNG_MSB_ANTWORT');
    expect(labelled).not.toContain('GPKE_KUENDIGUNG_ANTWORT');
  });

  it('should count each row a sweep marked missed under its rule', async () => {
    const registry = new Registry();
    const repository = fakeRepository({
      missed: ['GPKE_KUENDIGUNG_ANTWORT', 'GPKE_KUENDIGUNG_ANTWORT', 'GPKE_LIEFERENDE_NB_ANTWORT'],
    });
    const sweep = new DeadlineSweep('LF', repository, new DeadlineMetrics(registry, 'LF', repository));
    expect(await sweep.sweep()).toBe(3);
    expect(repository.markMissed).toHaveBeenCalledWith('LF');
    const missed = await valueOf(registry, 'maco_deadlines_missed_total');
    expect(missed).toContainEqual({ labels: { role: 'LF', rule: 'GPKE_KUENDIGUNG_ANTWORT' }, value: 2 });
    expect(missed).toContainEqual({ labels: { role: 'LF', rule: 'GPKE_LIEFERENDE_NB_ANTWORT' }, value: 1 });
    expect(missed).toContainEqual({ labels: { role: 'LF', rule: 'GPKE_BEENDIGUNG_ZUORDNUNG_ANTWORT' }, value: 0 });
  });

  it('should log a failed sweep at warn and not reject', async () => {
    const repository = fakeRepository({ missed: new Error('database unavailable') });
    const sweep = new DeadlineSweep('LF', repository, new DeadlineMetrics(new Registry(), 'LF', repository));
    await expect(sweep.sweep()).resolves.toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('database unavailable'));
  });

  it('should sweep at start-up, then every minute, until destroyed', async () => {
    jest.useFakeTimers();
    const repository = fakeRepository({ missed: [] });
    const sweep = new DeadlineSweep('NB', repository, new DeadlineMetrics(new Registry(), 'NB', repository));
    sweep.onApplicationBootstrap();
    await sweep.idle();
    expect(repository.markMissed).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(repository.markMissed).toHaveBeenCalledTimes(2);
    await sweep.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(180_000);
    expect(repository.markMissed).toHaveBeenCalledTimes(2);
  });
});
