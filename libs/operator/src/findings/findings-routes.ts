import { cursorParameter, instantParameter, oneOfParameter, releaseParameter, textParameter } from '@maco/platform';
import { consoleRead, FINDING_CODE, limitQuery, pruefidentifikatorQuery } from '../operator-read-route';
import { FINDING_BUCKETS } from './findings.repository';

export const FINDING_SUMMARY_ROUTE = consoleRead({
  operationId: 'OPERATOR_FINDING_SUMMARY',
  paths: ['/findings/summary'],
  summary: 'Finding counts',
  description:
    'Findings of revisions received in [from, to) (default: the last 30 days), per UTC bucket, PI, release and code.',
  schema: 'Operator_FindingSummary',
  query: {
    from: instantParameter('Start, inclusive (date-time with offset).'),
    to: instantParameter('End, exclusive (default now).'),
    bucket: { ...oneOfParameter('Bucket size.', FINDING_BUCKETS), fallback: 'day' as const },
  },
});

export const FINDING_LIST_ROUTE = consoleRead({
  operationId: 'OPERATOR_FINDING_LIST',
  paths: ['/findings'],
  summary: 'Findings',
  description: 'The findings behind a count, newest revision first.',
  schema: 'Operator_FindingPage',
  query: {
    code: textParameter('Finding code.', FINDING_CODE, 'a finding code such as missing-mandatory-field'),
    pruefidentifikator: pruefidentifikatorQuery(),
    release: releaseParameter('Release, `04/26` or `FV2604`.'),
    from: instantParameter('Received at or after.'),
    to: instantParameter('Received before.'),
    limit: limitQuery(),
    cursor: cursorParameter(['timestamp', 'uuid', 'integer', 'integer']),
  },
});
