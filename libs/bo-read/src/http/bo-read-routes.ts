import {
  describeRoute,
  schemaRef as ref,
  type OpenApiObject,
  type RouteDescription,
  GUARDED_ROUTE_PROBLEMS,
  JSON_BODY_PROBLEMS,
} from '@maco/platform';
import {
  criterionNames,
  IDENTIFY_LOCATION_OPERATION,
  IDENTIFY_QUERY,
  PAGING,
  PAGING_ANSWER,
} from '../identify-location';
import { answerSchemaName, IMPORT_BODY } from '../openapi/bo-read-schemas';
import { readParametersOf } from '../read-parameters';
import { isGermanReadPath, READ_ROUTES, type ReadRoute } from '../read-routes';

const TAG = 'BO4E Lesen';
const COMMON_PROBLEMS = GUARDED_ROUTE_PROBLEMS;
const BODY_PROBLEMS = JSON_BODY_PROBLEMS;

function errorsOf(code: string) {
  if (code === 'BO_READ.INVALID_PARAMETER')
    return [
      { pointer: '#/parameter3', message: 'must be a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z' },
    ];
  if (code === 'BO_READ.INVALID_CRITERIA')
    return [
      { pointer: '#/stammdaten/MARKTLOKATION/0', message: `names no criterion (${criterionNames('MARKTLOKATION')})` },
    ];
  if (code === 'BO_READ.IMPORT_MALFORMED')
    return [{ pointer: '#/stammdaten', message: 'must be an object of business object kinds' }];
  return undefined;
}

const OBJECTS_ANSWER_TEXT =
  'The objects; an empty list when none is known. `READ_ANSWER_SHAPE` of the deployment decides the shape: `wrapped` (default) ' +
  '`{"stammdaten": {"KIND": [ … ]}}`, `array` the bare list `[ … ]`.';

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
    tag: TAG,
    summary: route.summary,
    // A drifting spelling or the German name (the vendor's `_build` specs) is the same operation.
    aliasSummary: (path) => `${route.summary} (${isGermanReadPath(path) ? 'German name' : 'spelling'} ${path})`,
    description: descriptionOf(route),
    query: readParametersOf(route),
    answers: {
      200:
        route.answer === 'authorization'
          ? {
              description: 'Whether the authorisation exists.',
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
              },
            },
    },
    problems: ['BO_READ.INVALID_PARAMETER', ...COMMON_PROBLEMS],
    statusText: { 400: 'A query parameter is missing or invalid; `errors[]` points at it (`#/parameter3`).' },
    errorsOf,
  });
}

/** Each read of `READ_ROUTES` with its description, in the table's order. */
export const READ_DESCRIPTIONS: ReadonlyMap<ReadRoute, RouteDescription> = new Map(
  READ_ROUTES.map((route) => [route, readDescriptionOf(route)]),
);

export const MASTER_DATA_ROUTE = describeRoute({
  operationId: 'IMPORTIEREN_STAMMDATEN',
  method: 'POST',
  paths: ['/masterData'],
  auth: 'role',
  tag: TAG,
  summary: 'Stammdaten importieren',
  description:
    'Imports master data the company already has, in the shape the reads answer, into the read model under the same per-kind rules as bookings. ' +
    'An object equal to its latest version is not stored again; objects that cannot be described are refused one by one (200 with `refused[]`), the others imported. ' +
    'A later booking of the same object supersedes the imported version from its validity start (else from the booking).',
  body: {
    schema: IMPORT_BODY,
    required: true,
    example: { stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50074561188' }] } },
  },
  answers: {
    200: {
      description: 'The import ran; `refused[]` lists the objects it could not take.',
      schema: ref('BoRead_ImportOutcome'),
    },
  },
  problems: ['BO_READ.IMPORT_MALFORMED', ...BODY_PROBLEMS, ...COMMON_PROBLEMS],
  statusText: { 422: 'The body is not `{"stammdaten": {…}}`, or it exceeds the JSON limits (nesting, array length).' },
  errorsOf,
});

const pagingHeader = (name: string, description: string, schema: OpenApiObject): OpenApiObject => ({
  name,
  in: 'header',
  required: false,
  description,
  schema,
});
const answerHeader = (description: string, schema: OpenApiObject): OpenApiObject => ({ description, schema });

export const IDENTIFY_LOCATION_ROUTE = describeRoute({
  operationId: IDENTIFY_LOCATION_OPERATION,
  method: 'POST',
  paths: ['/identifyLocation'],
  auth: 'role',
  tag: TAG,
  summary: 'Lokation identifizieren',
  description:
    'Finds the role’s locations in force now (the body carries no key date, as in the vendor’s mock) that match any criterion, as stored in the read model (booked or imported, unknown fields kept). ' +
    'A criterion naming an id finds that location whatever address it sends (`00000000000` finds nothing); one without an id finds the locations whose address and name fields all equal those sent. ' +
    'Ordered by the number of address and name fields that equal those of a criterion (most first), then by location id. ' +
    `Paged by the request headers \`${PAGING.limitHeader}\` (default ${PAGING.defaultLimit}, at most ${PAGING.maxLimit}) and \`${PAGING.offsetHeader}\` (default 0, at most ${PAGING.maxOffset}).`,
  query: IDENTIFY_QUERY,
  headers: [
    pagingHeader(PAGING.limitHeader, 'Page size.', {
      type: 'integer',
      minimum: 1,
      maximum: PAGING.maxLimit,
      default: PAGING.defaultLimit,
    }),
    pagingHeader(PAGING.offsetHeader, 'Matches to skip.', {
      type: 'integer',
      minimum: 0,
      maximum: PAGING.maxOffset,
      default: 0,
    }),
  ],
  body: {
    schema: ref('BoRead_LocationCriteria'),
    required: true,
    example: {
      stammdaten: {
        MARKTLOKATION: [
          {
            boTyp: 'MARKTLOKATION',
            marktlokationsId: '50754496000',
            lokationsadresse: { postleitzahl: '65189', ort: 'Wiesbaden' },
          },
        ],
      },
    },
  },
  answers: {
    200: {
      description: 'The matching locations of this page; `[]` when none.',
      headers: {
        [PAGING_ANSWER.count]: answerHeader('Locations in this answer.', { type: 'integer' }),
        [PAGING_ANSWER.total]: answerHeader('Matching locations in all.', { type: 'integer' }),
        [PAGING_ANSWER.more]: answerHeader('Whether more follow after this page.', {
          type: 'string',
          enum: ['true', 'false'],
        }),
        [PAGING_ANSWER.offset]: answerHeader('The offset of this page.', { type: 'integer' }),
      },
      schema: { type: 'array', items: { type: 'object', additionalProperties: true } },
      example: [],
    },
  },
  problems: ['BO_READ.INVALID_PARAMETER', 'BO_READ.INVALID_CRITERIA', ...BODY_PROBLEMS, ...COMMON_PROBLEMS],
  statusText: {
    400: `A paging header or \`command\` is invalid (\`BO_READ.INVALID_PARAMETER\`, pointer \`#/header/${PAGING.limitHeader}\`), or the criteria are (\`BO_READ.INVALID_CRITERIA\`).`,
  },
  errorsOf: (code) =>
    code === 'BO_READ.INVALID_PARAMETER'
      ? [{ pointer: `#/header/${PAGING.limitHeader}`, message: `must be one integer from 1 to ${PAGING.maxLimit}` }]
      : errorsOf(code),
});

/** Every route of the group, in the order the document lists them. */
export const BO_READ_ROUTES: readonly RouteDescription[] = [
  ...READ_DESCRIPTIONS.values(),
  MASTER_DATA_ROUTE,
  IDENTIFY_LOCATION_ROUTE,
];
