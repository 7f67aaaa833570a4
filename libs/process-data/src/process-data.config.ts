import { type ConfigVariable, defineGroupConfig } from '@maco/platform';

/** How AHB findings are handled: `report` books and records them, `strict` refuses what the AHB makes binding. */
export const AHB_RULE_MODES = ['report', 'strict'] as const;
export type AhbRuleMode = (typeof AHB_RULE_MODES)[number];

/** The group's own settings, read at start-up with platform's (`PROCESS_DATA_CONFIG`). */
export interface ProcessDataConfig {
  /**
   * `AHB_RULE_MODE` (default `report`): `report` books and records AHB findings; `strict` refuses a body that lacks a
   * field its Prüfidentifikator's AHB makes mandatory (or fails a binding condition).
   */
  ahbRuleMode: AhbRuleMode;
  /**
   * `QUARANTINE_MAX_BYTES` (default 2 GiB): the most body bytes the role's quarantine keeps. Beyond it the oldest
   * resolved and dismissed entries are trimmed; when open ones fill it, a write that would be kept is answered 503.
   */
  quarantineMaxBytes: number;
  /**
   * `JOURNAL_DIR` (default `<MACO_DATA_DIR>/<role>/journal`): the folder of the instance's write journal, which keeps
   * the writes that arrive while the database cannot take them. One folder per instance.
   */
  journalDir?: string;
  /** `JOURNAL_MAX_BYTES` (default 1 GiB): the most body bytes the write journal holds. */
  journalMaxBytes: number;
}

export const PROCESS_DATA_CONFIG = Symbol('PROCESS_DATA_CONFIG');

export const PROCESS_DATA_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'AHB_RULE_MODE',
    meaning:
      '`report`: book and record AHB findings on the revision; `strict`: refuse (422) a body missing a field its ' +
      "Prüfidentifikator's AHB makes mandatory, failing a binding AHB condition, or with an identifier that fails a " +
      'format condition the AHB binds there',
  },
  {
    name: 'QUARANTINE_MAX_BYTES',
    meaning:
      "body bytes the role's quarantine keeps; at the quota the oldest resolved and dismissed entries are trimmed, " +
      'and when open ones fill it a refused write is answered 503 `quarantine-full` (`GET /refused/usage`, ' +
      '`maco_quarantine_bytes`)',
  },
  {
    name: 'JOURNAL_DIR',
    unset: '`<MACO_DATA_DIR>/<role>/journal`',
    meaning:
      "the instance's write journal: writes the database cannot take (unreachable, shutting down, read-only) are kept " +
      'here on disk, answered 200 `journaled: true` and booked once it is back. Owner-only files; one folder per instance',
  },
  {
    name: 'JOURNAL_MAX_BYTES',
    meaning:
      'body bytes the write journal holds (default 1 GiB, about 200,000 writes of 5 KB); when it is full and the ' +
      'database away, a write is answered by closing the connection (the middleware retries transport failures)',
  },
];

/**
 * `AHB_RULE_MODE`, `QUARANTINE_MAX_BYTES`, `JOURNAL_DIR`, `JOURNAL_MAX_BYTES`. The release a booking falls back to (`DEFAULT_RELEASE`) is platform's: the triggers read it too.
 */
export const processDataConfig = defineGroupConfig(
  PROCESS_DATA_CONFIG,
  (read): ProcessDataConfig => ({
    ahbRuleMode: read.choice('AHB_RULE_MODE', AHB_RULE_MODES, 'report'),
    quarantineMaxBytes: read.integer('QUARANTINE_MAX_BYTES', 2 * 1024 ** 3, { min: 1024 ** 2, max: 1024 ** 4 }),
    journalDir: read.text('JOURNAL_DIR'),
    journalMaxBytes: read.integer('JOURNAL_MAX_BYTES', 1024 ** 3, { min: 64 * 1024, max: 1024 ** 4 }),
  }),
  PROCESS_DATA_CONFIG_VARIABLES,
);
