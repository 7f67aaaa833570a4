import { StatementBatcher } from './statement-batcher';

/** A statement that answers when told: each call's items are recorded, `finish(i)` ends call i. */
function controlledRun(answer: (items: string[]) => string[] | Error = (items) => items.map((item) => `done ${item}`)) {
  const calls: { items: string[]; finish: () => void }[] = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        finish: () => {
          const result = answer(items);
          if (result instanceof Error) reject(result);
          else resolve(result);
        },
      });
    });
  return { run, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const keyOf = (item: string) => item.split('#')[0];

describe('StatementBatcher', () => {
  it('should send an item at once while fewer batches than the concurrency run', async () => {
    const { run, calls } = controlledRun();
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 2, size: 10 });

    const first = batcher.submit('a');
    const second = batcher.submit('b');

    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]);
    calls.forEach((call) => call.finish());
    await expect(Promise.all([first, second])).resolves.toEqual(['done a', 'done b']);
  });

  it('should gather the items that arrive while all batches run into the next one, in arrival order', async () => {
    const { run, calls } = controlledRun();
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 10 });

    const results = ['a', 'b', 'c', 'd'].map((item) => batcher.submit(item));
    expect(calls.map((call) => call.items)).toEqual([['a']]);
    expect(batcher.backlog).toBe(3);
    calls[0].finish();
    await settle();

    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1].finish();
    await expect(Promise.all(results)).resolves.toEqual(['done a', 'done b', 'done c', 'done d']);
  });

  it('should hold at most `size` items in a batch', async () => {
    const { run, calls } = controlledRun();
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 2 });

    const results = ['a', 'b', 'c', 'd', 'e'].map((item) => batcher.submit(item));
    for (let i = 0; i < 3; i++) {
      calls[i].finish();
      await settle();
    }
    calls[3]?.finish();

    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    await expect(Promise.all(results)).resolves.toHaveLength(5);
  });

  it('should never put two items of one key into one batch: the later waits for the next', async () => {
    const { run, calls } = controlledRun();
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 10 });

    const results = ['x#0', 'k#1', 'm#1', 'k#2', 'k#3'].map((item) => batcher.submit(item));
    calls[0].finish();
    await settle();
    expect(calls[1].items).toEqual(['k#1', 'm#1']);
    calls[1].finish();
    await settle();
    expect(calls[2].items).toEqual(['k#2']);
    calls[2].finish();
    await settle();
    expect(calls[3].items).toEqual(['k#3']);
    calls[3].finish();
    await expect(Promise.all(results)).resolves.toEqual(['done x#0', 'done k#1', 'done m#1', 'done k#2', 'done k#3']);
  });

  it('should run each item of a failed batch alone, so only the item that fails gets the error', async () => {
    const bad = new Error('bad item');
    const { run, calls } = controlledRun((items) =>
      items.includes('bad') ? bad : items.map((item) => `done ${item}`),
    );
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 10 });

    const first = batcher.submit('a');
    const rest = ['b', 'bad', 'c'].map((item) => batcher.submit(item).catch((error: Error) => error));
    calls[0].finish();
    await settle();
    calls[1].finish();
    await settle();
    // the batch of three failed: three statements of one item each
    expect(calls.slice(2).map((call) => call.items)).toEqual([['b'], ['bad'], ['c']]);
    calls.slice(2).forEach((call) => call.finish());

    await expect(first).resolves.toBe('done a');
    await expect(Promise.all(rest)).resolves.toEqual(['done b', bad, 'done c']);
  });

  it('should reject every item of a batch that answers a different number of results', async () => {
    const { run, calls } = controlledRun(() => ['only one']);
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 10 });

    const results = ['a', 'b', 'c'].map((item) => batcher.submit(item).catch((error: Error) => error.message));
    calls[0].finish();
    await settle();
    calls[1].finish();

    expect(await Promise.all(results)).toEqual([
      'only one',
      'a batch of 2 items answered 1 results',
      'a batch of 2 items answered 1 results',
    ]);
  });

  it('should keep going after a failure: the next items are sent', async () => {
    const { run, calls } = controlledRun((items) =>
      items[0] === 'a' ? new Error('down') : items.map((item) => `done ${item}`),
    );
    const batcher = new StatementBatcher(run, keyOf, { concurrency: 1, size: 10 });

    const first = batcher.submit('a').catch((error: Error) => error.message);
    calls[0].finish();
    expect(await first).toBe('down');
    const second = batcher.submit('b');
    calls[1].finish();
    await expect(second).resolves.toBe('done b');
  });

  it('should refuse limits below one', () => {
    expect(() => new StatementBatcher(async () => [], keyOf, { concurrency: 0, size: 1 })).toThrow(RangeError);
    expect(() => new StatementBatcher(async () => [], keyOf, { concurrency: 1, size: 0 })).toThrow(RangeError);
  });
});
