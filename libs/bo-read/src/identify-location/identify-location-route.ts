import { toEnglish } from '@maco/domain';
import {
  describeRoute,
  GUARDED_ROUTE_PROBLEMS,
  JSON_BODY_PROBLEMS,
  type OpenApiObject,
  schemaRef as ref,
} from '@maco/platform';
import { BO_READ_TAG } from '../openapi/bo-read-tag';
import {
  criterionNames,
  IDENTIFY_LOCATION_OPERATION,
  IDENTIFY_QUERY,
  PAGING,
  PAGING_ANSWER,
} from './identify-location';

const pagingHeader = (name: string, description: string, schema: OpenApiObject): OpenApiObject => ({
  name,
  in: 'header',
  required: false,
  description,
  schema,
});
const answerHeader = (description: string, schema: OpenApiObject): OpenApiObject => ({ description, schema });

const CRITERIA_EXAMPLE = {
  stammdaten: {
    MARKTLOKATION: [
      {
        boTyp: 'MARKTLOKATION',
        marktlokationsId: '50754496000',
        lokationsadresse: { postleitzahl: '65189', ort: 'Wiesbaden' },
      },
    ],
  },
};

export const IDENTIFY_LOCATION_ROUTE = describeRoute({
  operationId: IDENTIFY_LOCATION_OPERATION,
  method: 'POST',
  paths: ['/identifyLocation'],
  auth: 'role',
  tag: BO_READ_TAG,
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
    schema: { oneOf: [ref('BoRead_LocationCriteria'), ref('BoRead_LocationCriteriaEnglish')] },
    required: true,
    description: "German (`stammdaten`) or the vendor's English (`masterData`), whatever `MACO_DIALECT` says.",
    examples: {
      german: { summary: 'German', value: CRITERIA_EXAMPLE },
      english: { summary: 'English', value: toEnglish(CRITERIA_EXAMPLE) },
    },
  },
  answers: {
    200: {
      description:
        "The matching locations of this page; `[]` when none. In the service's dialect (`MACO_DIALECT`), not the request's.",
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
  problems: ['BO_READ.INVALID_PARAMETER', 'BO_READ.INVALID_CRITERIA', ...JSON_BODY_PROBLEMS, ...GUARDED_ROUTE_PROBLEMS],
  statusText: {
    400: `A paging header or \`command\` is invalid (\`BO_READ.INVALID_PARAMETER\`, pointer \`#/header/${PAGING.limitHeader}\`), or the criteria are (\`BO_READ.INVALID_CRITERIA\`; a body mixing German and English containers at \`#\`).`,
  },
  errorsOf: (code) =>
    code === 'BO_READ.INVALID_PARAMETER'
      ? [{ pointer: `#/header/${PAGING.limitHeader}`, message: `must be one integer from 1 to ${PAGING.maxLimit}` }]
      : code === 'BO_READ.INVALID_CRITERIA'
        ? [
            {
              pointer: '#/stammdaten/MARKTLOKATION/0',
              message: `names no criterion (${criterionNames('MARKTLOKATION')})`,
            },
          ]
        : undefined,
});
