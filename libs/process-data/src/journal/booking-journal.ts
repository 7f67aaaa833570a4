import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WriteJournal } from '@maco/journal';
import {
  type DegradedReadiness,
  isDatabaseUnavailable,
  parseJsonSafely,
  type ProblemDetails,
  type ReadinessFallback,
  ReadinessFallbacks,
  SERVICE_CONFIG,
  SERVICE_ROLE,
  type ServiceConfig,
  withholdAnswer,
} from '@maco/platform';
import { keysOf, parsedBody } from '../booking/write-keys';
import { PROCESS_DATA_CONFIG, type ProcessDataConfig } from '../process-data.config';
import type { JournaledReceipt, JournalUsage, RefusedOperation } from '../process-data-api';
import { JournalMetrics } from './journal-metrics';
import { journalEntryOf, type ReceivedWrite, receivedWriteOf } from './received-write';

/** The process keys of a body kept as bytes (an entry from before a restart, a refusal): none when it is no JSON. */
function keysOfBytes(body: Uint8Array): string[] {
  try {
    return keysOf(parsedBody(parseJsonSafely(Buffer.from(body).toString('utf8'))));
  } catch {
    return [];
  }
}

/**
 * The booking side of the write journal (libs/journal): a write the database cannot take is kept on the instance's
 * own disk and answered once it is there; while entries wait, new writes queue behind them (arrival order). While the
 * journal is empty and the database up, a booking asks one number of it.
 */
@Injectable()
export class BookingJournal implements OnModuleInit, OnApplicationShutdown, ReadinessFallback {
  private readonly logger = new Logger('WriteJournal');
  private journal?: WriteJournal;
  private readonly appendedListeners: (() => void)[] = [];
  /** When the journal last went from empty to holding entries, and how many it took since. */
  private journalingSince?: Date;
  private journaledSince = 0;
  /** The last append failed (no room, a disk error) and nothing was removed since: readiness says not ready then. */
  private failing = false;
  /** The last booking or replay found the database unavailable (and none succeeded since). */
  private databaseDown = false;
  /** The process keys the waiting entries name (how many entries name each): a write naming one queues behind them. */
  private readonly waitingKeys = new Map<string, number>();
  private readonly keysOfEntry = new Map<number, string[]>();

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    @Inject(SERVICE_CONFIG) private readonly serviceConfig: ServiceConfig,
    @Inject(PROCESS_DATA_CONFIG) private readonly config: ProcessDataConfig,
    private readonly metrics: JournalMetrics,
    private readonly readiness: ReadinessFallbacks,
  ) {}

  onModuleInit(): void {
    const dir = this.config.journalDir ?? join(this.serviceConfig.dataDir, this.role.toLowerCase(), 'journal');
    this.journal = WriteJournal.open(dir, this.config.journalMaxBytes);
    this.metrics.readUsageFrom(() => this.journal?.usage() ?? { entries: 0, bytes: 0 });
    this.readiness.register(this);
    for (const entry of this.journal.entries()) this.index(entry.id, keysOfBytes(entry.body));
    const { entries, oldestReceivedAt } = this.journal.usage();
    if (entries > 0) {
      this.journalingSince = new Date(oldestReceivedAt ?? Date.now());
      this.logger.warn(
        { journalEntries: entries, journalDir: dir },
        `the write journal holds ${entries} entries from before the start: booking them`,
      );
    }
  }

  /**
   * Closed last, after the HTTP server (Nest's shutdown hooks run after it closed): a request still in flight while the
   * database pool closes is kept, and the replay has stopped by then (its hook is `onModuleDestroy`).
   */
  async onApplicationShutdown(): Promise<void> {
    // Forgotten before it closes: LMDB must see no read while it closes (a read then throws from a timer).
    const journal = this.journal;
    this.journal = undefined;
    await journal?.close();
  }

  /** Entries wait for the database: a new write goes behind them. */
  get holding(): boolean {
    return (this.journal?.size ?? 0) > 0;
  }

  /** Hears of every append (the replay starts on it). */
  whenAppended(listener: () => void): void {
    this.appendedListeners.push(listener);
  }

  /** The database took a write again (the replay booked an entry), or refused one for being unavailable. */
  databaseAvailable(available: boolean): void {
    this.databaseDown = !available;
  }

  /**
   * Books a write through `booking`, or keeps it in the journal when the database cannot take it, answering
   * `journaled()` once it is on disk. While entries wait, a write goes behind them when the database is still away or
   * it names a process key one of them names (arrival order per process); any other is booked at once, so the journal
   * drains under a load faster than its replay. When the journal cannot take a write either, the connection is closed.
   */
  async book<T>(
    operation: RefusedOperation,
    request: FastifyRequest,
    reply: FastifyReply,
    journaled: () => JournaledReceipt,
    booking: () => Promise<T>,
  ): Promise<T | JournaledReceipt> {
    const keys = this.holding ? keysOf(parsedBody(request.body)) : undefined;
    const queued = keys !== undefined && (this.databaseDown || keys.some((key) => this.waitingKeys.has(key)));
    if (!queued) {
      try {
        return await booking();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || !this.journal) throw error;
        this.databaseDown = true;
      }
    }
    // Judged before it is kept: a body the booking would refuse is refused now (and kept as a refusal).
    const receipt = journaled();
    const write = receivedWriteOf(operation, request, reply);
    try {
      await this.append(write, undefined, keys ?? keysOf(parsedBody(request.body)));
      return receipt;
    } catch (error) {
      // Queued behind waiting entries but the journal has no room: the database may take it (the order then yields).
      if (queued) {
        try {
          return await booking();
        } catch (bookingError) {
          if (!isDatabaseUnavailable(bookingError)) throw bookingError;
        }
      }
      this.metrics.recordWithheld(operation);
      this.logger.error(
        { requestId: request.id, err: error, journalBytes: this.journal?.usage().bytes },
        'neither the database nor the write journal could take a write: its connection is closed, so the middleware retries it',
      );
      throw withholdAnswer(request, 'neither the database nor the write journal could take the write');
    }
  }

  /** Keeps a refusal the quarantine could not store (the database is away): the replay stores it there. */
  async keepRefusal(write: ReceivedWrite, status: number, problem: ProblemDetails): Promise<void> {
    await this.append(write, { status, problem }, keysOfBytes(write.body));
  }

  /** The oldest entry after `afterId`, next to be booked. */
  first(afterId = 0) {
    return this.journal?.first(afterId);
  }

  /** An entry the database took (booked, replayed or quarantined); its removal commits with the next batch. */
  remove(id: number): void {
    this.unindex(id);
    this.journal
      ?.remove(id)
      .catch((error: unknown) =>
        this.logger.error(
          { journalEntry: id, err: error },
          'a booked journal entry could not be removed: it will be booked again as a replay',
        ),
      );
    this.failing = false;
    if (this.journal?.size === 0 && this.journalingSince) {
      const seconds = (Date.now() - this.journalingSince.getTime()) / 1000;
      this.logger.log(
        { journaled: this.journaledSince, journalingSeconds: Math.round(seconds) },
        `the database takes writes again: the write journal is empty (${this.journaledSince} writes journaled over ${Math.round(seconds)} s)`,
      );
      this.journalingSince = undefined;
      this.journaledSince = 0;
    }
  }

  usage(): JournalUsage {
    const usage = this.journal?.usage() ?? { entries: 0, bytes: 0 };
    return {
      role: this.role,
      entries: usage.entries,
      bytes: usage.bytes,
      maxBytes: this.config.journalMaxBytes,
      oldestReceivedAt: usage.oldestReceivedAt ?? null,
      journalingSince: this.journalingSince?.toISOString() ?? null,
    };
  }

  /** The readiness check's question while the database is down: this instance takes writes on while there is room. */
  whileDatabaseDown(): DegradedReadiness | undefined {
    if (!this.journal || this.failing) return undefined;
    return { detail: 'database unavailable, journaling', journal: this.usage() };
  }

  private index(id: number, keys: string[]): void {
    if (keys.length === 0) return;
    this.keysOfEntry.set(id, keys);
    for (const key of keys) this.waitingKeys.set(key, (this.waitingKeys.get(key) ?? 0) + 1);
  }

  private unindex(id: number): void {
    for (const key of this.keysOfEntry.get(id) ?? []) {
      const left = (this.waitingKeys.get(key) ?? 1) - 1;
      if (left > 0) this.waitingKeys.set(key, left);
      else this.waitingKeys.delete(key);
    }
    this.keysOfEntry.delete(id);
  }

  private async append(
    write: ReceivedWrite,
    refused: { status: number; problem: ProblemDetails } | undefined,
    keys: string[],
  ): Promise<void> {
    if (!this.journal) throw new Error('the write journal is closed');
    const wasEmpty = this.journal.size === 0;
    let id: number;
    try {
      id = await this.journal.append({ ...journalEntryOf(write), ...(refused ? { refused } : {}) });
    } catch (error) {
      this.failing = true;
      throw error;
    }
    this.failing = false;
    this.index(id, keys);
    this.metrics.recordJournaled(write.operation);
    this.journaledSince += 1;
    if (wasEmpty && !this.journalingSince) {
      this.journalingSince = new Date();
      this.logger.warn(
        { journalEntry: id, requestId: write.requestId },
        'the database cannot take writes: keeping them in the write journal until it can',
      );
    }
    for (const listener of this.appendedListeners) listener();
  }
}
