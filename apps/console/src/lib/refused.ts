import type { ProblemDetails } from '@maco/platform/api';
import type { QuarantineUsage, RefusedDetail, RefusedSummary, ResubmitAnswer } from '@maco/process-data/api';
import { type FieldError, fieldErrorsOf } from './field-errors';
import { filtersToApiQuery, normaliseDate } from './filters';

/** The states a list can be filtered by; `all` sends no `state` (the page's default is `open`). */
export const REFUSED_STATES = ['open', 'resolved', 'dismissed', 'all'] as const;
export type RefusedStateFilter = (typeof REFUSED_STATES)[number];

/** The quarantine search as the form holds it; every field but `state` optional (empty = not filtered). */
export interface RefusedFilters {
  state: RefusedStateFilter;
  code?: string;
  pruefidentifikator?: string;
  operation?: string;
  /** A UTC day `YYYY-MM-DD` (from its start) or an ISO date-time. */
  from?: string;
  /** A UTC day `YYYY-MM-DD` (inclusive) or an ISO date-time (exclusive). */
  to?: string;
}

export const REFUSED_FILTER_FIELDS = [
  'state',
  'code',
  'pruefidentifikator',
  'operation',
  'from',
  'to',
] as const satisfies readonly (keyof RefusedFilters)[];

const OPERATIONS = ['create', 'update'];

function isState(value: string | undefined): value is RefusedStateFilter {
  return (REFUSED_STATES as readonly string[]).includes(value ?? '');
}

/** Blanks trimmed, empty values dropped, dates normalised (unreadable dropped), an unknown state or operation dropped. */
export function cleanRefusedFilters(filters: Partial<RefusedFilters>): RefusedFilters {
  const state = filters.state?.trim();
  const clean: RefusedFilters = { state: isState(state) ? state : 'open' };
  const code = filters.code?.trim();
  if (code) clean.code = code;
  const pi = filters.pruefidentifikator?.trim();
  if (pi) clean.pruefidentifikator = pi;
  const operation = filters.operation?.trim();
  if (operation && OPERATIONS.includes(operation)) clean.operation = operation;
  const from = normaliseDate(filters.from);
  if (from) clean.from = from;
  const to = normaliseDate(filters.to);
  if (to) clean.to = to;
  return clean;
}

/** The filters as the page's URL query, fields in a fixed order; the default state (`open`) is left out. */
export function refusedFiltersToSearch(filters: Partial<RefusedFilters>): string {
  const clean = cleanRefusedFilters(filters);
  const params = new URLSearchParams();
  for (const field of REFUSED_FILTER_FIELDS) {
    const value = clean[field];
    if (!value || (field === 'state' && value === 'open')) continue;
    params.set(field, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters of a URL query (no `state`: open); unknown parameters ignored. */
export function refusedFiltersFromSearch(search: string): RefusedFilters {
  const params = new URLSearchParams(search);
  const filters: Partial<RefusedFilters> = {};
  for (const field of REFUSED_FILTER_FIELDS) {
    const value = params.get(field);
    if (value !== null) (filters as Record<string, string>)[field] = value;
  }
  return cleanRefusedFilters(filters);
}

/** The query of `GET /refused`: days as [00:00 UTC, next day 00:00 UTC), `all` as no state, then limit and cursor. */
export function refusedApiQuery(
  filters: Partial<RefusedFilters>,
  page: { cursor?: string | null; limit?: number } = {},
): URLSearchParams {
  const clean = cleanRefusedFilters(filters);
  const params = new URLSearchParams();
  if (clean.state !== 'all') params.set('state', clean.state);
  if (clean.code) params.set('code', clean.code);
  if (clean.pruefidentifikator) params.set('pruefidentifikator', clean.pruefidentifikator);
  if (clean.operation) params.set('operation', clean.operation);
  // The same day arithmetic as the process search.
  for (const [field, value] of filtersToApiQuery({ from: clean.from, to: clean.to })) params.set(field, value);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  return params;
}

/** The code a refusal for an update whose process is not there (yet) carries; it resolves itself once one is booked. */
export const WAITING_CODE = 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN';

export const STATE_COLOR = { open: 'red', resolved: 'green', dismissed: 'gray' } as const;

/** An entry's state in one sentence, for the detail page; `time` formats the timestamps (default: as they came). */
export function describeState(
  entry: Pick<RefusedDetail, 'state' | 'code'> & Partial<RefusedDetail>,
  time: (value: string) => string = (value) => value,
): string {
  if (entry.state === 'open') {
    return entry.code === WAITING_CODE
      ? 'Open: waiting for its process. It is booked automatically once a write brings one of its keys, or by a resubmit.'
      : 'Open: waiting for an operator to resubmit or dismiss it.';
  }
  if (entry.state === 'resolved') {
    const how =
      entry.resolvedBy === 'automatic' ? 'automatically' : entry.resolvedBy === 'resubmit' ? 'by a resubmit' : '';
    const as = entry.resolvedBusinessKey
      ? ` as ${entry.resolvedBusinessKey}${entry.resolvedRevision != null ? ` revision ${entry.resolvedRevision}` : ''}`
      : '';
    return `Resolved${how ? ` ${how}` : ''}${entry.resolvedAt ? ` on ${time(entry.resolvedAt)}` : ''}${as}.`;
  }
  const by = entry.dismissedBy ? ` by ${entry.dismissedBy}` : '';
  const when = entry.dismissedAt ? ` on ${time(entry.dismissedAt)}` : '';
  return `Dismissed${by}${when}${entry.dismissedReason ? `: ${entry.dismissedReason}` : '.'}`;
}

/** Which actions an entry offers a session that may write: only an open entry can be resubmitted or dismissed. */
export function refusedActions(
  entry: Pick<RefusedSummary, 'state'>,
  canWrite: boolean,
): { resubmit: boolean; dismiss: boolean } {
  const open = canWrite && entry.state === 'open';
  return { resubmit: open, dismiss: open };
}

/** The field errors of a problem (pointer and message), anything malformed left out. */
export function problemErrors(problem: unknown): FieldError[] {
  return fieldErrorsOf(problem);
}

/** What a resubmit came to: booked (with the process to link to) or refused again (with the problem). */
export type ResubmitResult =
  | { kind: 'booked'; businessKey: string; revision: number; replayed: boolean; findingCount: number }
  | { kind: 'refused'; problem: ProblemDetails };

export function resubmitResult(answer: ResubmitAnswer): ResubmitResult {
  if (answer.outcome === 'booked') {
    const { receipt } = answer;
    // An update's receipt names its sub-process key in businessKey; the process to open is the one the entry resolved to.
    const businessKey = answer.entry.resolvedBusinessKey ?? receipt.processBusinessKey ?? receipt.businessKey;
    return {
      kind: 'booked',
      businessKey,
      revision: receipt.revision,
      replayed: receipt.replayed,
      findingCount: receipt.findings.length,
    };
  }
  return { kind: 'refused', problem: answer.problem };
}

/** The reason a dismiss sends, or null while it is empty (the route requires one). */
export function dismissReason(text: string): string | null {
  const reason = text.trim();
  return reason ? reason : null;
}

/** A byte count for people: `512 B`, `1.5 KiB`, `2.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

/** A text cut to `max` characters with an ellipsis, for table cells. */
export function shorten(text: string, max = 120): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** How to show a stored body: as a tree when it parsed as JSON, else as its raw text (a JSON `null` body is a tree too). */
export function bodyView(
  entry: Pick<RefusedDetail, 'body' | 'bodyText'>,
): { kind: 'tree'; value: unknown } | { kind: 'text'; text: string } {
  if (entry.body !== null && entry.body !== undefined) return { kind: 'tree', value: entry.body };
  if (entry.bodyText.trim() === 'null') return { kind: 'tree', value: null };
  return { kind: 'text', text: entry.bodyText };
}

/** The quarantine's fill as a sentence, and its share of the quota (0–1). */
export function quarantineFillText(usage: QuarantineUsage): { text: string; share: number } {
  const share = usage.maxBytes > 0 ? usage.bytes / usage.maxBytes : 0;
  const { open, resolved, dismissed } = usage.entries;
  return {
    share,
    text:
      `Quarantine holds ${formatBytes(usage.bytes)} of its ${formatBytes(usage.maxBytes)} quota ` +
      `(${(share * 100).toFixed(1)} %): ${open} open, ${resolved} resolved, ${dismissed} dismissed. ` +
      'At the quota the oldest resolved and dismissed entries are trimmed; open ones are never, and a write that ' +
      'cannot be kept is then answered 503.',
  };
}
