/** How many batches may run at once and how many items one may hold. */
export interface BatcherLimits {
  /** Batches in flight at the same time (each holds one pool connection while it runs). */
  concurrency: number;
  /** Items in one batch at most. */
  size: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs items through one statement per batch instead of one per item. An item submitted while fewer than
 * `concurrency` batches run goes out at once, alone — no waiting at low load; items that arrive while all run wait and
 * leave together when one finishes. PostgreSQL then plans, executes and commits once for many bookings, and the driver
 * sends and parses one message for them.
 *
 * Items with the same `keyOf` never share a batch (a later one waits for the next), so within a batch every item is
 * about a different key and one row per key is written. A batch that fails is split: each of its items runs alone and
 * gets its own result or error — one bad item never fails another.
 */
export class StatementBatcher<Item, Result> {
  private readonly waiting: Waiting<Item, Result>[] = [];
  private running = 0;

  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly keyOf: (item: Item) => string,
    private readonly limits: BatcherLimits,
  ) {
    if (!(limits.concurrency >= 1 && limits.size >= 1))
      throw new RangeError('a batcher needs a concurrency and a size of at least 1');
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.dispatch();
    });
  }

  /** Items waiting for a batch (for tests and metrics). */
  get backlog(): number {
    return this.waiting.length;
  }

  private dispatch(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      const batch = this.take();
      this.running++;
      void this.execute(batch).finally(() => {
        this.running--;
        this.dispatch();
      });
    }
  }

  /** The oldest waiting items, at most `size`, no key twice; the rest keep their order. */
  private take(): Waiting<Item, Result>[] {
    if (this.waiting.length === 1 || this.limits.size === 1) return this.waiting.splice(0, 1);
    const batch: Waiting<Item, Result>[] = [];
    const keys = new Set<string>();
    let kept = 0;
    for (let index = 0; index < this.waiting.length; index++) {
      const entry = this.waiting[index];
      const key = this.keyOf(entry.item);
      if (batch.length < this.limits.size && !keys.has(key)) {
        keys.add(key);
        batch.push(entry);
      } else {
        this.waiting[kept++] = entry;
      }
    }
    this.waiting.length = kept;
    return batch;
  }

  private async execute(batch: Waiting<Item, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.run(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // Which item failed the statement is unknown: each runs alone, so the error reaches only the one it belongs to.
      await Promise.all(batch.map((entry) => this.execute([entry])));
      return;
    }
    if (results.length !== batch.length) {
      const error = new Error(`a batch of ${batch.length} items answered ${results.length} results`);
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]));
  }
}
