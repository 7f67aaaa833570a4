import { defineLogFields, matching, oneOf } from '@maco/platform';

/** The reads of the operator console, as its log lines and metrics name them. */
export const OPERATOR_READS = [
  'session',
  'processes',
  'triggers',
  'trigger-events',
  'findings-summary',
  'findings',
  'deadlines',
  'bookings-summary',
] as const;
export type OperatorRead = (typeof OPERATOR_READS)[number];

/** What the console's reads add to their request's log line: which read, which filters (names only), how many rows. */
export const OPERATOR_LOG_FIELDS = defineLogFields({
  operatorRead: oneOf(...OPERATOR_READS),
  // Names of the filters given (`pruefidentifikator,from`), never their values: a key or MaLo-ID stays out of the log.
  operatorFilters: matching(/^[A-Za-z]+(?:,[A-Za-z]+){0,15}$/),
  operatorRows: matching(/^\d{1,7}$/),
  operatorPage: oneOf('first', 'next'),
});
