import { MALO_ID_PATTERN } from '@maco/domain';
import {
  GUARDED_ROUTE_PROBLEMS,
  cursorParameter,
  describeRoute,
  instantParameter,
  limitParameter,
  oneOfParameter,
  releaseParameter,
  schemaRef as ref,
  textParameter,
  type DescribedRoute,
  type QueryParameters,
  type RouteDescription,
} from '@maco/platform';
import { FINDING_BUCKETS } from '../findings/findings.repository';
import { PROCESS_STATUSES } from '../processes/process-list.repository';
import { TRIGGER_STATUSES } from '../triggers/trigger-list.repository';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

const TAG = 'Operator';
const WHO = 'Bearer token with the service’s role or `OPERATOR`.';
const READ_PROBLEMS = GUARDED_ROUTE_PROBLEMS;
const QUERY_PROBLEMS = ['OPERATOR.INVALID_PARAMETER', ...READ_PROBLEMS];
const errorsOf = (code: string) =>
  code === 'OPERATOR.INVALID_PARAMETER'
    ? [{ pointer: '#/limit', message: `must be a whole number from 1 to ${MAX_LIMIT}` }]
    : undefined;

const PROCESS_KEY = /^[\x21-\x7e]{1,200}$/;
const PRUEFIDENTIFIKATOR = /^\d{5}$/;
/** A finding code (`missing-mandatory-field`); `any` passes too, where a list reads it as "some finding". */
const FINDING_CODE = /^[a-z][a-z0-9-]{0,63}$/;

const pi = () => textParameter('Prüfidentifikator.', PRUEFIDENTIFIKATOR, 'a Prüfidentifikator (5 digits)');
const limit = () => limitParameter(DEFAULT_LIMIT, MAX_LIMIT);

interface ConsoleRead<P extends QueryParameters> {
  operationId: string;
  paths: readonly string[];
  summary: string;
  description: string;
  /** The answer's component schema. */
  schema: string;
  query?: P;
}

/** A read of the console: GET, the role or OPERATOR, its answer a component schema. */
function read<const P extends QueryParameters = Record<never, never>>({
  schema,
  ...route
}: ConsoleRead<P>): DescribedRoute<P> {
  return describeRoute<P>({
    ...route,
    method: 'GET',
    auth: 'role+operator',
    tag: TAG,
    description: `${route.description} ${WHO}`,
    answers: { 200: { description: route.summary, schema: ref(schema) } },
    problems: route.query && Object.keys(route.query).length > 0 ? QUERY_PROBLEMS : READ_PROBLEMS,
    errorsOf,
  });
}

export const SESSION_ROUTE = read({
  operationId: 'OPERATOR_SESSION',
  paths: ['/operator/session'],
  summary: 'The caller’s session',
  description: 'The service’s role, the token’s subject, whether it may write and whether it carries OPERATOR.',
  schema: 'Operator_Session',
});

export const PROCESS_LIST_ROUTE = read({
  operationId: 'OPERATOR_PROCESS_LIST',
  paths: ['/processes'],
  summary: 'Process list',
  description: 'Booked processes, newest first (creation time, then business key, descending), filtered; keyset pages.',
  schema: 'Operator_ProcessPage',
  query: {
    key: textParameter(
      'Any key the process carries (business key, prozessId, sub-process key), exact.',
      PROCESS_KEY,
      '1 to 200 printable characters',
    ),
    maloId: textParameter('A MaLo-ID of the process, exact.', MALO_ID_PATTERN, 'a MaLo-ID (11 digits)'),
    pruefidentifikator: pi(),
    release: releaseParameter('Release of the latest revision, `04/26` or `FV2604`.'),
    status: oneOfParameter('Delivery state of trigger processes.', PROCESS_STATUSES),
    findings: textParameter(
      '`any`: the latest revision has a finding; else a finding code it has.',
      FINDING_CODE,
      '"any" or a finding code such as missing-mandatory-field',
    ),
    from: instantParameter('Created at or after (date-time with offset).'),
    to: instantParameter('Created before (date-time with offset).'),
    limit: limit(),
    cursor: cursorParameter(['timestamp', 'text']),
  },
});

export const TRIGGER_LIST_ROUTE = read({
  operationId: 'OPERATOR_TRIGGER_LIST',
  paths: ['/triggers'],
  summary: 'Trigger deliveries',
  description: 'The trigger outbox, newest first.',
  schema: 'Operator_TriggerPage',
  query: {
    status: { ...oneOfParameter('Delivery state.', TRIGGER_STATUSES), fallback: 'pending' as const },
    limit: limit(),
    cursor: cursorParameter(['timestamp', 'uuid']),
  },
});

export const TRIGGER_EVENTS_ROUTE = read({
  operationId: 'OPERATOR_TRIGGER_EVENTS',
  paths: ['/triggers/events'],
  summary: 'Trigger event catalogue',
  description:
    'The events this role can send in the release (default: the one in force now), with their PIs and required fields.',
  schema: 'Operator_TriggerEvents',
  query: { release: releaseParameter('Release, `04/26` or `FV2604`.') },
});

export const FINDING_SUMMARY_ROUTE = read({
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

export const FINDING_LIST_ROUTE = read({
  operationId: 'OPERATOR_FINDING_LIST',
  paths: ['/findings'],
  summary: 'Findings',
  description: 'The findings behind a count, newest revision first.',
  schema: 'Operator_FindingPage',
  query: {
    code: textParameter('Finding code.', FINDING_CODE, 'a finding code such as missing-mandatory-field'),
    pruefidentifikator: pi(),
    release: releaseParameter('Release, `04/26` or `FV2604`.'),
    from: instantParameter('Received at or after.'),
    to: instantParameter('Received before.'),
    limit: limit(),
    cursor: cursorParameter(['timestamp', 'uuid', 'integer', 'integer']),
  },
});

/** Every route of the group, in the order the document lists them. */
export const OPERATOR_ROUTES: readonly RouteDescription[] = [
  SESSION_ROUTE,
  PROCESS_LIST_ROUTE,
  TRIGGER_LIST_ROUTE,
  TRIGGER_EVENTS_ROUTE,
  FINDING_SUMMARY_ROUTE,
  FINDING_LIST_ROUTE,
];
