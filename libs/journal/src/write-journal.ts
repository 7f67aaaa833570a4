import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { takeOwnerLock } from './owner-lock';

/** A write as the service received it, kept until the database books it. */
export interface JournalEntry {
  /** Arrival order within this journal. */
  id: number;
  receivedAt: string;
  operation: 'create' | 'update';
  /** The path as called (one of the three namings), with its query. */
  url: string;
  contentType: string;
  requestId: string;
  tokenSubject?: string;
  /** Headers the booking reads (`x-format-version`), lower-case names. */
  headers: Record<string, string>;
  /** The body's bytes as received. */
  body: Uint8Array;
  /**
   * Set when the write was refused (its answer went out) but the quarantine could not keep it: on replay it goes to
   * the quarantine with this answer instead of being booked.
   */
  refused?: { status: number; problem: Record<string, unknown> };
}

export type NewJournalEntry = Omit<JournalEntry, 'id'>;

/** The journal cannot take the entry: it would pass `maxBytes`. */
export class JournalFullError extends Error {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`the write journal holds ${bytes} of ${maxBytes} bytes: no room for another entry`);
  }
}

export interface JournalUsage {
  entries: number;
  /** Body bytes held. */
  bytes: number;
  oldestReceivedAt?: string;
}

/**
 * The service's write journal on its own disk (LMDB: crash-safe copy-on-write commits, so an entry is there whole or
 * not at all). An append resolves only once its commit is flushed to disk: the write may be answered 200 after it.
 * One instance owns a journal folder; entries come back in arrival order.
 */
export class WriteJournal {
  private lastId: number;
  private count = 0;
  private bytes = 0;

  private constructor(
    private readonly db: RootDatabase<JournalEntry, number>,
    private readonly dir: string,
    readonly maxBytes: number,
    private readonly releaseLock: () => void,
  ) {
    this.lastId = 0;
    for (const { key, value } of db.getRange()) {
      this.lastId = key;
      this.count += 1;
      this.bytes += value.body.byteLength;
    }
  }

  /**
   * Opens (or creates) the journal in `dir`, readable and writable by the service's user only (it holds personal data),
   * as its only writer: `JournalInUseError` while another live process holds it.
   */
  static open(dir: string, maxBytes: number): WriteJournal {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const releaseLock = takeOwnerLock(dir, join(dir, 'owner.pid'));
    try {
      const db = open<JournalEntry, number>({
        path: join(dir, 'journal.mdb'),
        compression: false,
        keyEncoding: 'uint32',
      });
      const journal = new WriteJournal(db, dir, maxBytes, releaseLock);
      journal.ownerOnly();
      return journal;
    } catch (error) {
      releaseLock();
      throw error;
    }
  }

  /** Opens a journal to read it beside its owner (`npm run journal -- list`): nothing may be appended or removed. */
  static read(dir: string): ReadonlyJournal {
    const db = open<JournalEntry, number>({
      path: join(dir, 'journal.mdb'),
      compression: false,
      keyEncoding: 'uint32',
      readOnly: true,
    });
    return {
      entries: () => entriesOf(db),
      get: (id) => copyOf(db.get(id)),
      close: () => db.close(),
    };
  }

  /** Appends `entry`; resolves with its id once it is durable. */
  async append(entry: NewJournalEntry): Promise<number> {
    const size = entry.body.byteLength;
    if (this.bytes + size > this.maxBytes) throw new JournalFullError(this.bytes, this.maxBytes);
    const id = (this.lastId += 1);
    this.count += 1;
    this.bytes += size;
    try {
      await this.db.put(id, { ...entry, id });
      await this.db.flushed;
    } catch (error) {
      this.count -= 1;
      this.bytes -= size;
      throw error;
    }
    return id;
  }

  /** The entries in arrival order. */
  entries(): Generator<JournalEntry> {
    return entriesOf(this.db);
  }

  /** The oldest entry, or the oldest after `afterId` (the next to replay while earlier removals still commit). */
  first(afterId = 0): JournalEntry | undefined {
    const [oldest] = this.db.getRange({ start: afterId + 1, limit: 1 });
    return copyOf(oldest?.value);
  }

  get(id: number): JournalEntry | undefined {
    return copyOf(this.db.get(id));
  }

  /**
   * Removes an entry once its booking committed; counted out at once, its removal committed with the next batch (the
   * promise). A removal lost in a crash only books the entry once more, which the booking recognises as a replay.
   */
  remove(id: number): Promise<boolean> {
    const entry = this.db.get(id);
    if (!entry) return Promise.resolve(false);
    this.count -= 1;
    this.bytes -= entry.body.byteLength;
    return this.db.remove(id);
  }

  /** Entries held: the booking path's one question while the database is up. */
  get size(): number {
    return this.count;
  }

  usage(): JournalUsage {
    const [oldest] = this.db.getRange({ limit: 1 });
    return { entries: this.count, bytes: this.bytes, ...(oldest ? { oldestReceivedAt: oldest.value.receivedAt } : {}) };
  }

  async close(): Promise<void> {
    await this.db.close();
    this.releaseLock();
  }

  private ownerOnly(): void {
    for (const file of readdirSync(this.dir)) chmodSync(join(this.dir, file), 0o600);
  }
}

/** A journal opened beside its owner, for reading. */
export interface ReadonlyJournal {
  entries(): Generator<JournalEntry>;
  get(id: number): JournalEntry | undefined;
  close(): Promise<void>;
}

function* entriesOf(db: RootDatabase<JournalEntry, number>): Generator<JournalEntry> {
  for (const { value } of db.getRange()) yield copyOf(value) as JournalEntry;
}

// LMDB hands out views into its memory map, valid only until the next write: the body is copied out.
function copyOf(value: JournalEntry | undefined): JournalEntry | undefined {
  return value && { ...value, body: new Uint8Array(value.body) };
}
