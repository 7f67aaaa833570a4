/** The process search as the form holds it; every field optional (empty = not filtered). */
export interface ProcessFilters {
  key?: string;
  maloId?: string;
  pruefidentifikator?: string;
  release?: string;
  status?: string;
  /** `any` or one finding code. */
  findings?: string;
  /** A UTC day `YYYY-MM-DD` (from its start) or an ISO date-time. */
  from?: string;
  /** A UTC day `YYYY-MM-DD` (inclusive: up to the end of that day) or an ISO date-time (exclusive). */
  to?: string;
}

export const FILTER_FIELDS = [
  'key',
  'maloId',
  'pruefidentifikator',
  'release',
  'status',
  'findings',
  'from',
  'to',
] as const satisfies readonly (keyof ProcessFilters)[];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as `YYYY-MM-DD`, a date-time as its UTC ISO form, anything unreadable as undefined. */
export function normaliseDate(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const day = DAY.exec(value);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    // 2026-02-30 rolls over: not a day.
    return date.toISOString().slice(0, 10) === value ? value : undefined;
  }
  // Only full date-times: Date.parse takes far more than ISO 8601.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The filters with blanks trimmed, empty values dropped and dates normalised (unreadable dates dropped). */
export function cleanFilters(filters: ProcessFilters): ProcessFilters {
  const clean: ProcessFilters = {};
  for (const field of FILTER_FIELDS) {
    const value = field === 'from' || field === 'to' ? normaliseDate(filters[field]) : filters[field]?.trim();
    if (value) clean[field] = value;
  }
  return clean;
}

/** The filters as the page's URL query (`?key=…&from=2026-04-01`), fields in a fixed order; '' without any. */
export function filtersToSearch(filters: ProcessFilters): string {
  const clean = cleanFilters(filters);
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) if (clean[field]) params.set(field, clean[field]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters of a URL query; unknown parameters ignored. */
export function filtersFromSearch(search: string): ProcessFilters {
  const params = new URLSearchParams(search);
  const filters: ProcessFilters = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value !== null) filters[field] = value;
  }
  return cleanFilters(filters);
}

/** `from` of the API: a day starts at 00:00 UTC. */
function apiFrom(value: string): string {
  return DAY.test(value) ? `${value}T00:00:00.000Z` : value;
}

/** `to` of the API is exclusive: a day given as the last day shown ends at the next day's 00:00 UTC. */
function apiTo(value: string): string {
  if (!DAY.test(value)) return value;
  const next = new Date(`${value}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The query of `GET /processes` for the filters, a page cursor and a page size. */
export function filtersToApiQuery(
  filters: ProcessFilters,
  page: { cursor?: string | null; limit?: number } = {},
): URLSearchParams {
  const clean = cleanFilters(filters);
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = clean[field];
    if (!value) continue;
    params.set(field, field === 'from' ? apiFrom(value) : field === 'to' ? apiTo(value) : value);
  }
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  return params;
}
