import {
  type DescribedRoute,
  describeRoute,
  GUARDED_ROUTE_PROBLEMS,
  limitParameter,
  type QueryParameters,
  schemaRef as ref,
  textParameter,
} from '@maco/platform';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** The tag of every route of the group in the OpenAPI document. */
export const OPERATOR_TAG = 'Operator';
const WHO = 'Bearer token with the service’s role or `OPERATOR`.';
const READ_PROBLEMS = GUARDED_ROUTE_PROBLEMS;
const QUERY_PROBLEMS = ['OPERATOR.INVALID_PARAMETER', ...READ_PROBLEMS];
const errorsOf = (code: string) =>
  code === 'OPERATOR.INVALID_PARAMETER'
    ? [{ pointer: '#/limit', message: `must be a whole number from 1 to ${MAX_LIMIT}` }]
    : undefined;

const PRUEFIDENTIFIKATOR = /^\d{5}$/;
/** A finding code (`missing-mandatory-field`); `any` passes too, where a list reads it as "some finding". */
export const FINDING_CODE = /^[a-z][a-z0-9-]{0,63}$/;

/** The `pruefidentifikator` filter of the process and finding lists. */
export const pruefidentifikatorQuery = () =>
  textParameter('Prüfidentifikator.', PRUEFIDENTIFIKATOR, 'a Prüfidentifikator (5 digits)');
/** The page size of every list. */
export const limitQuery = () => limitParameter(DEFAULT_LIMIT, MAX_LIMIT);

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
export function consoleRead<const P extends QueryParameters = Record<never, never>>({
  schema,
  ...route
}: ConsoleRead<P>): DescribedRoute<P> {
  return describeRoute<P>({
    ...route,
    method: 'GET',
    auth: 'role+operator',
    tag: OPERATOR_TAG,
    description: `${route.description} ${WHO}`,
    answers: { 200: { description: route.summary, schema: ref(schema) } },
    problems: route.query && Object.keys(route.query).length > 0 ? QUERY_PROBLEMS : READ_PROBLEMS,
    errorsOf,
  });
}
