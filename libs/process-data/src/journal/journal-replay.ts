import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { JournalEntry } from '@maco/journal';
import { isDatabaseUnavailable, parseJsonSafely } from '@maco/platform';
import type { BookingContext } from '../booking/booking-context';
import { ProcessDataService } from '../booking/process-data.service';
import { parsedBody } from '../booking/write-keys';
import type { BookingReceipt } from '../process-data-api';
import { QuarantineService } from '../quarantine/quarantine.service';
import { QuarantineRecorder } from '../quarantine/quarantine-recorder';
import { BookingJournal } from './booking-journal';
import { JournalMetrics, type ReplayOutcome } from './journal-metrics';
import { commandOf, type ReceivedWrite, writeOfJournalEntry } from './received-write';

/** The first retry after the database refused a replay, and the longest wait between retries. */
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 500;

/**
 * Books the write journal's entries, oldest first, through the normal booking path once the database takes writes:
 * idempotency, key resolution and the quarantine apply as to any write, and an entry is removed only after its booking
 * (or its refusal's keeping) committed. Its revision's request id is `journal:<entry>@<received at>`.
 */
@Injectable()
export class JournalReplay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WriteJournal');
  private running?: Promise<void>;
  private stopped = false;
  private wake?: () => void;
  /** The last entry booked: its removal may not be committed yet, so the next one is looked up after it. */
  private lastReplayed = 0;

  constructor(
    private readonly journal: BookingJournal,
    private readonly processData: ProcessDataService,
    private readonly recorder: QuarantineRecorder,
    private readonly quarantine: QuarantineService,
    private readonly metrics: JournalMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.journal.whenAppended(() => this.start());
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private start(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    let booked = 0;
    let retryMs = FIRST_RETRY_MS;
    for (
      let entry = this.journal.first(this.lastReplayed);
      entry && !this.stopped;
      entry = this.journal.first(this.lastReplayed)
    ) {
      try {
        const outcome = await this.replay(entry);
        this.journal.databaseAvailable(true);
        this.metrics.recordReplayed(outcome);
        if (outcome === 'booked') booked += 1;
        this.journal.remove(entry.id);
        this.lastReplayed = entry.id;
        retryMs = FIRST_RETRY_MS;
      } catch (error) {
        if (isDatabaseUnavailable(error)) this.journal.databaseAvailable(false);
        else this.logger.error({ journalEntry: entry.id, err: error }, 'a journal entry could not be booked: retrying');
        await this.pause(retryMs);
        retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
      }
    }
    // Updates another instance took while these processes were in this journal wait in the quarantine for their keys.
    if (booked > 0 && !this.stopped) await this.quarantine.sweep().catch(() => undefined);
  }

  /** One entry through the booking path; throws while the database cannot take it (the entry stays). */
  private async replay(entry: JournalEntry): Promise<ReplayOutcome> {
    const write = writeOfJournalEntry(entry);
    const text = bodyText(write.body);
    if (entry.refused) {
      await this.keepRefused(write, text, entry.refused.status, entry.refused.problem);
      return 'quarantined';
    }
    const context: BookingContext = {
      command: commandOf(write) ?? undefined,
      formatVersion: write.formatVersion ?? undefined,
      tokenSubject: write.tokenSubject ?? undefined,
      requestId: write.requestId,
      jsonText: text ?? '',
    };
    try {
      const body = parseJsonSafely(text ?? '');
      let receipt: BookingReceipt;
      if (write.operation === 'create') receipt = await this.processData.create(body, context);
      else if (this.processData.isMaloIdentAnswer(body))
        receipt = await this.processData.answerMaloIdent(body, context);
      else receipt = await this.processData.update(body, context);
      return receipt.replayed ? 'replayed' : 'booked';
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // Refused now (its keys unknown, say): kept in the quarantine as a live refusal would be.
      const problem = this.quarantine.problemOf(error);
      await this.keepRefused(write, text, Number(problem['status']), problem);
      return 'quarantined';
    }
  }

  private async keepRefused(
    write: ReceivedWrite,
    text: string | undefined,
    status: number,
    problem: Record<string, unknown>,
  ) {
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : parseJsonSafely(text);
    } catch {
      parsed = undefined;
    }
    const instead = await this.recorder.keep(write, parsedBody(parsed), status, problem as never);
    if (instead) throw new Error(`the quarantine cannot keep journal entry ${write.requestId}: ${instead.detail}`);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

// The text the parser kept when the write arrived: UTF-8 without a leading byte order mark (undefined when not UTF-8).
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function bodyText(body: Buffer): string | undefined {
  try {
    const text = UTF8.decode(body);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}
