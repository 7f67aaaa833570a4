import type { MarketRole } from '@maco/domain';

/** A condition's outcome on one body: fulfilled, not fulfilled, or undecided (the data cannot tell). */
export type Decision = boolean | undefined;

/** What a condition may look at: the body, the business object a rule is evaluated for, and who sent the message. */
export interface ConditionContext {
  readonly body: unknown;
  /** The `stammdaten` object ("this SG8" in the AHB's words) a field rule is evaluated for; absent for whole-body rules. */
  readonly scope?: { readonly key: string; readonly object: unknown };
  /** NAD+MR: the service that books the message is its receiver. */
  readonly receiverRole: MarketRole;
  /** NAD+MS: the sender's role(s) from the PI's AHB direction; several (`NB → LF, NBA → NBN`) decide nothing alone. */
  readonly senderRoles: readonly string[];
  /** When the service received the body (epoch ms): dates a message claims to be from before it are checked against it. */
  readonly receivedAt?: number;
}

/** Decides one AHB condition on a body. */
export type Decider = (context: ConditionContext) => Decision;

/**
 * One entry of the condition catalogue: the AHB condition `key` with the text it was written for. The text guards the
 * entry: a release whose AHB gives the key another text leaves the condition undecided there.
 */
export interface ConditionEntry {
  readonly key: number;
  readonly text: string;
  readonly decide: Decider;
  /** `time`: the condition compares dates (counted as a time condition in the coverage report). */
  readonly topic?: 'time';
}

/** A catalogue entry that explains why the data cannot decide the condition (kept so the report can show it). */
export interface UndecidableEntry {
  readonly key: number;
  readonly text: string;
  readonly reason: string;
}

/** The reason of the conditions that came in with PIs derived from their AHB table alone (no mapping-CSV column). */
export const TABLE_ONLY_REASON =
  'not yet decided: the condition came in with the PIs derived from their AHB table alone (no column in the mapping CSV)';
