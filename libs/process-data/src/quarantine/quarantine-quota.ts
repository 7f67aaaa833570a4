import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';
import { PROCESS_DATA_CONFIG, type ProcessDataConfig } from '../process-data.config';
import type { QuarantineUsage } from '../process-data-api';
import { RefusedMessageRepository } from './refused-message.repository';

/** How often the count is read from the database again: other instances of the role and operators change it too. */
const REFRESH_INTERVAL_MS = 10_000;

/**
 * The quarantine's storage quota (`QUARANTINE_MAX_BYTES` per role): one token could otherwise store refusals as fast as
 * it can send them. A refusal is admitted when its bytes fit, after trimming the oldest resolved and dismissed entries
 * if need be; open entries are never trimmed, so a quarantine full of them refuses to keep more (the write is then
 * answered 503). Admitted bytes count at once, so concurrent refusals cannot overshoot together.
 * `maco_quarantine_bytes{role}` and `maco_quarantine_max_bytes{role}` report it.
 */
@Injectable()
export class QuarantineQuota implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Quarantine');
  private readonly maxBytes: number;
  /** Bytes stored, as last read from the database and counted since. */
  private storedBytes = 0;
  /** Bytes admitted but not stored yet: a refresh must not forget them, or concurrent refusals overshoot together. */
  private pendingBytes = 0;
  private refreshTimer?: NodeJS.Timeout;

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: string,
    @Inject(PROCESS_DATA_CONFIG) config: ProcessDataConfig,
    @Inject(METRICS_REGISTRY) registry: Registry,
    private readonly refused: RefusedMessageRepository,
  ) {
    this.maxBytes = config.quarantineMaxBytes;
    const labels = { role: this.role };
    const used = () => this.used;
    const limit = this.maxBytes;
    new Gauge({
      name: 'maco_quarantine_bytes',
      help: 'Body bytes the quarantine of refused writes holds, by market role.',
      labelNames: ['role'],
      registers: [registry],
      collect() {
        this.set(labels, used());
      },
    });
    new Gauge({
      name: 'maco_quarantine_max_bytes',
      help: 'The quarantine quota (QUARANTINE_MAX_BYTES), by market role.',
      labelNames: ['role'],
      registers: [registry],
      collect() {
        this.set(labels, limit);
      },
    });
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_INTERVAL_MS);
    this.refreshTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.refreshTimer);
  }

  /** Reserves room for `bytes`, trimming finished entries if need be; false when open entries leave no room. */
  async admit(bytes: number): Promise<boolean> {
    if (this.fits(bytes)) return this.reserve(bytes);
    await this.refresh();
    if (this.fits(bytes)) return this.reserve(bytes);
    const freed = await this.refused.trimFinished(this.role, this.used + bytes - this.maxBytes);
    this.storedBytes -= freed.bytes;
    if (freed.entries > 0)
      this.logger.warn(
        { trimmedEntries: freed.entries, trimmedBytes: freed.bytes },
        `quarantine of ${this.role} at its quota: ${freed.entries} resolved or dismissed entries trimmed`,
      );
    return this.fits(bytes) && this.reserve(bytes);
  }

  /** A reservation's entry is stored. */
  stored(bytes: number): void {
    this.pendingBytes = Math.max(0, this.pendingBytes - bytes);
    this.storedBytes += bytes;
  }

  /** Gives back a reservation whose entry was not stored after all. */
  release(bytes: number): void {
    this.pendingBytes = Math.max(0, this.pendingBytes - bytes);
  }

  async usage(): Promise<QuarantineUsage> {
    const { bytes, entries } = await this.refused.usage(this.role);
    this.storedBytes = bytes;
    return { role: this.role, bytes, maxBytes: this.maxBytes, entries };
  }

  get limit(): number {
    return this.maxBytes;
  }

  /** Stored and admitted bytes. */
  get used(): number {
    return this.storedBytes + this.pendingBytes;
  }

  private fits(bytes: number): boolean {
    return this.used + bytes <= this.maxBytes;
  }

  private reserve(bytes: number): true {
    this.pendingBytes += bytes;
    return true;
  }

  private async refresh(): Promise<void> {
    try {
      this.storedBytes = (await this.refused.usage(this.role)).bytes;
    } catch {
      // Kept as it was: the database is away, and a refusal could not be stored now anyway.
    }
  }
}
