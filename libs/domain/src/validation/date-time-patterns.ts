/**
 * The date-time the HTTP contracts accept in query parameters and request fields: RFC 3339 with seconds, up to nine
 * fraction digits and a mandatory offset, `T`/`Z` in either case. Shape only — `isDateTime` also checks the calendar.
 */
export const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
