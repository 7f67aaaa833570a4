import { describeRoute, GUARDED_ROUTE_PROBLEMS, type RouteDescription, schemaRef as ref } from '@maco/platform';
import { AUTHORIZATION_NAMES, englishKind } from '../dialect/english-names';
import { answerSchemaName } from '../openapi/bo-read-schemas';
import { BO_READ_TAG } from '../openapi/bo-read-tag';
import { readParametersOf } from './read-parameters';
import { isGermanReadPath, READ_ROUTES, type ReadRoute } from './read-routes';

function errorsOf(code: string) {
  if (code === 'BO_READ.INVALID_PARAMETER')
    return [
      { pointer: '#/parameter3', message: 'must be a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z' },
    ];
  return undefined;
}

const OBJECTS_ANSWER_TEXT =
  'The objects; an empty list when none is known. `READ_ANSWER_SHAPE` of the deployment decides the shape: `wrapped` (default) ' +
  '`{"stammdaten": {"KIND": [ … ]}}`, `array` the bare list `[ … ]`. `MACO_DIALECT` decides the dialect: `de` (default) as ' +
  'stored, `en` the vendor\'s English (`{"masterData": {"MARKET_LOCATION": [ … ]}}`), whatever dialect the objects were booked in.';

function descriptionOf(route: ReadRoute): string {
  if (route.answer === 'authorization') {
    return 'Whether an assignment authorisation (imported master data, kind ZUORDNUNGSERMAECHTIGUNG) of the supplier for the MaLo is in force at the move-in date, with its `zusatzdaten`.';
  }
  const by =
    route.parameters.parameter1?.meaning === 'lookupId' ? 'read by `parameter1`' : 'of the location `parameter1`';
  return (
    `The ${route.kind} objects ${by} in force at the key date, or every version overlapping the period, as booked or imported (unknown fields kept). ` +
    `An unknown id answers 200 with an empty list.${route.condition ? ` ${route.condition.description}` : ''}`
  );
}

/** A BO4E read's description, from its row of `READ_ROUTES`: GET on its paths, the role or OPERATOR, its parameters' kinds. */
function readDescriptionOf(route: ReadRoute): RouteDescription {
  return describeRoute({
    operationId: route.operationId,
    method: 'GET',
    paths: route.paths,
    auth: 'role+operator',
    tag: BO_READ_TAG,
    summary: route.summary,
    // A drifting spelling or the German name (the vendor's `_build` specs) is the same operation.
    aliasSummary: (path) => `${route.summary} (${isGermanReadPath(path) ? 'German name' : 'spelling'} ${path})`,
    description: descriptionOf(route),
    query: readParametersOf(route),
    answers: {
      200:
        route.answer === 'authorization'
          ? {
              description: `Whether the authorisation exists; with \`MACO_DIALECT=en\` as \`{${AUTHORIZATION_NAMES.zusatzdaten}, ${AUTHORIZATION_NAMES.ermaechtigungVorhanden}}\`.`,
              schema: ref(answerSchemaName(route)),
              example: { zusatzdaten: {}, ermaechtigungVorhanden: false },
            }
          : {
              description: OBJECTS_ANSWER_TEXT,
              schema: { oneOf: [ref(answerSchemaName(route)), ref('BoRead_ObjectList')] },
              examples: {
                wrapped: {
                  summary: 'READ_ANSWER_SHAPE=wrapped (default)',
                  value: { stammdaten: { [route.answerKind ?? route.kind]: [] } },
                },
                array: { summary: 'READ_ANSWER_SHAPE=array', value: [] },
                english: {
                  summary: 'MACO_DIALECT=en, READ_ANSWER_SHAPE=wrapped',
                  value: { masterData: { [englishKind(route.answerKind ?? route.kind)]: [] } },
                },
              },
            },
    },
    problems: ['BO_READ.INVALID_PARAMETER', ...GUARDED_ROUTE_PROBLEMS],
    statusText: { 400: 'A query parameter is missing or invalid; `errors[]` points at it (`#/parameter3`).' },
    errorsOf,
  });
}

/** Each read of `READ_ROUTES` with its description, in the table's order. */
export const READ_DESCRIPTIONS: ReadonlyMap<ReadRoute, RouteDescription> = new Map(
  READ_ROUTES.map((route) => [route, readDescriptionOf(route)]),
);
