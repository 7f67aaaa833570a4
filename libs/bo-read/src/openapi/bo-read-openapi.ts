import { LOCATION_TYPES } from '@maco/process-store';
import { BEARER_SCHEME, problemResponses, schemaRef as ref, type OpenApiContribution, type OpenApiObject } from '@maco/platform';
import { criterionNames, IDENTIFY_KINDS, IDENTIFY_LOCATION_OPERATION, PAGING, PAGING_ANSWER, TEXT_FIELDS } from '../identify-location';
import { isGermanReadPath, READ_PARAMETERS, READ_ROUTES, type ParameterMeaning, type ReadRoute } from '../read-routes';

/** Problem codes of a read; 401/403 come from the bearer guard. */
const READ_PROBLEMS = ['BO_READ.INVALID_PARAMETER', 'AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'REQUEST.RATE_LIMITED', 'SERVER.INTERNAL', 'SERVER.UNAVAILABLE'];

const STATUS_TEXT: Record<number, string> = {
  400: 'A query parameter is missing or invalid; `errors[]` points at it (`#/parameter3`).',
};

/** Each parameter meaning's description and schema (`ReadRoute.parameters` says which parameter carries it). */
const MEANINGS: Record<ParameterMeaning, { description: string; schema: OpenApiObject }> = {
  locationId: { description: 'Location id (MaLo, MeLo, NeLo, technical or controllable resource, tranche).', schema: { type: 'string', maxLength: 128, example: '50074561188' } },
  locationType: {
    description: 'Location type of the location id. Absent: from the id’s format (11 digits MaLo or tranche, `DE`+31 MeLo, `E`/`D`/`C`+10 NeLo/TR/SR), else MALO.',
    schema: { type: 'string', enum: [...LOCATION_TYPES] },
  },
  from: { description: 'Key date, or the start of the period when a period end is set (date-time with offset).', schema: { type: 'string', format: 'date-time', example: '2024-06-28T12:18:00Z' } },
  to: {
    description: 'End of the period (inclusive, date-time with offset, not before its start). Absent: the start is a key date.',
    schema: { type: 'string', format: 'date-time', example: '2024-12-31T23:00:00Z' },
  },
  lookupId: { description: 'The id the objects are read by (Avis number, ILN of the market participant, definition code).', schema: { type: 'string', maxLength: 128 } },
  obis: { description: 'OBIS code: only energy amounts with a value of it (`energieverbrauch[].obiskennzahl`).', schema: { type: 'string', maxLength: 40, example: '1-1:1.8.0' } },
  billingRelevant: { description: 'Only energy amounts with this `abrechnungsrelevant` (or without the field); `null` ignores it.', schema: { type: 'string', enum: ['true', 'false', 'null'] } },
  balancingRelevant: { description: 'Only energy amounts with this `bilanzierungsrelevant` (or without the field); `null` ignores it.', schema: { type: 'string', enum: ['true', 'false', 'null'] } },
  supplier: { description: 'Role code number (ILN) of the supplier.', schema: { type: 'string', maxLength: 128, example: '9979052000006' } },
  balancingGroup: { description: 'Balancing group from the registration; an authorisation naming another one does not count.', schema: { type: 'string', maxLength: 128 } },
};

/**
 * The group's part of a role's OpenAPI document: one GET per path of `READ_ROUTES` (a drifting spelling or German name
 * documented as the same operation), the answer per kind in both shapes and the problems. Pure: no app, no database.
 */
export function boReadOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'BO4E Lesen',
    description:
      'The middleware reads the master data the backend holds: the business objects booked with processes, by location and key date (or period).',
    tags: [{ name: 'BO4E Lesen', description: 'Read business objects by location and key date.' }],
    paths: {
      ...Object.fromEntries(
      READ_ROUTES.flatMap((route) =>
        route.paths.map((path, index) => [
          path,
          {
            get: {
              tags: ['BO4E Lesen'],
              // operationIds are unique in a document: a second spelling of a path gets a suffix.
              operationId: index === 0 ? route.operationId : `${route.operationId}_${path.slice(1)}`,
              summary: route.summary + (index === 0 ? '' : ` (${isGermanReadPath(path) ? 'German name' : 'spelling'} ${path})`),
              description: descriptionOf(route),
              security: [{ [BEARER_SCHEME]: [] }],
              parameters: parametersOf(route),
              responses: {
                200: {
                  description: route.answer === 'authorization' ? 'Whether the authorisation exists.' : OBJECTS_ANSWER_TEXT,
                  headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
                  content: { 'application/json': answerContentOf(route) },
                },
                ...problemResponses(READ_PROBLEMS, context, { statusText: STATUS_TEXT, instance: path, errorsOf }),
              },
            },
          },
        ]),
      ),
      ),
      '/masterData': { post: importOperation(context) },
      '/identifyLocation': { post: identifyOperation(context) },
    },
    components: {
      schemas: {
        ...Object.fromEntries(READ_ROUTES.map((route) => [answerSchemaName(route), answerSchema(route)])),
        BoRead_ObjectList: OBJECT_LIST,
        BoRead_ImportOutcome: IMPORT_OUTCOME,
        BoRead_LocationCriteria: LOCATION_CRITERIA,
      },
    },
  });
}

function descriptionOf(route: ReadRoute): string {
  if (route.answer === 'authorization') {
    return 'Whether an assignment authorisation (imported master data, kind ZUORDNUNGSERMAECHTIGUNG) of the supplier for the MaLo is in force at the move-in date, with its `zusatzdaten`.';
  }
  const by = route.parameters.parameter1?.meaning === 'lookupId' ? 'read by `parameter1`' : 'of the location `parameter1`';
  const condition = route.condition ? ` ${route.condition.description}` : '';
  return (
    `The ${route.kind} objects ${by} in force at the key date, or every version overlapping the period, as booked or imported (unknown fields kept). ` +
    `An unknown id answers 200 with an empty list.${condition}${servedAs(route)}`
  );
}

/** The names a read answers under (one operation, the same answer); the German one is the vendor's `_build` specs'. */
const servedAs = (route: ReadRoute) => (route.paths.length > 1 ? ` Served alike as ${route.paths.map((path) => `\`${path}\``).join(', ')}.` : '');

function parametersOf(route: ReadRoute): OpenApiObject[] {
  return [
    ...READ_PARAMETERS.flatMap((name) => {
      const spec = route.parameters[name];
      return spec ? [{ name, in: 'query', required: spec.required, description: MEANINGS[spec.meaning].description, schema: MEANINGS[spec.meaning].schema }] : [];
    }),
    {
      name: 'command',
      in: 'query',
      required: false,
      description:
        `The operationId \`${route.operationId}\`, with or without a system prefix (\`SAP_${route.operationId}\`)` +
        (route.commandAliases ? `; also spelled ${route.commandAliases.map((alias) => `\`${alias}\``).join(', ')}` : '') +
        '; another operation is 400.',
      schema: { type: 'string', example: `SAP_${route.operationId}` },
    },
    { $ref: '#/components/parameters/requestId' },
  ];
}

const OBJECTS_ANSWER_TEXT =
  'The objects; an empty list when none is known. `READ_ANSWER_SHAPE` of the deployment decides the shape: `wrapped` (default) ' +
  '`{"stammdaten": {"KIND": [ … ]}}`, `array` the bare list `[ … ]`.';

function answerContentOf(route: ReadRoute): OpenApiObject {
  if (route.answer === 'authorization') return { schema: ref(answerSchemaName(route)), example: { zusatzdaten: {}, ermaechtigungVorhanden: false } };
  return {
    schema: { oneOf: [ref(answerSchemaName(route)), ref('BoRead_ObjectList')] },
    examples: {
      wrapped: { summary: 'READ_ANSWER_SHAPE=wrapped (default)', value: { stammdaten: { [route.answerKind ?? route.kind]: [] } } },
      array: { summary: 'READ_ANSWER_SHAPE=array', value: [] },
    },
  };
}

const answerSchemaName = (route: ReadRoute) => (route.answer === 'authorization' ? 'BoRead_Zuordnungsermaechtigung' : `BoRead_${route.answerKind ?? route.kind}`);

const AUTHORIZATION_ANSWER: OpenApiObject = {
  type: 'object',
  required: ['zusatzdaten', 'ermaechtigungVorhanden'],
  properties: {
    zusatzdaten: { type: 'object', additionalProperties: true, description: 'The authorisation’s own `zusatzdaten`; `{}` when it has none or none exists.' },
    ermaechtigungVorhanden: { type: 'boolean' },
  },
};

const OBJECT_LIST: OpenApiObject = {
  type: 'array',
  description: 'The bare list of a read (`READ_ANSWER_SHAPE=array`): BO4E objects as booked, every field the market sent, unknown ones included.',
  items: { type: 'object', additionalProperties: true },
};

function answerSchema(route: ReadRoute): OpenApiObject {
  if (route.answer === 'authorization') return AUTHORIZATION_ANSWER;
  const kind = route.answerKind ?? route.kind;
  return {
    type: 'object',
    description: 'The wrapped answer of a read (`READ_ANSWER_SHAPE=wrapped`, the default).',
    required: ['stammdaten'],
    properties: {
      stammdaten: {
        type: 'object',
        required: [kind],
        properties: {
          [kind]: {
            type: 'array',
            description: `BO4E objects as booked (\`boTyp\`, \`versionStruktur\`, every field the market sent, unknown ones included).`,
            items: { type: 'object', additionalProperties: true },
          },
        },
      },
    },
  };
}

function errorsOf(code: string) {
  if (code === 'BO_READ.INVALID_PARAMETER') return [{ pointer: '#/parameter3', message: 'must be a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z' }];
  if (code === 'BO_READ.INVALID_CRITERIA') return [{ pointer: '#/stammdaten/MARKTLOKATION/0', message: `names no criterion (${criterionNames('MARKTLOKATION')})` }];
  if (code === 'BO_READ.IMPORT_MALFORMED') return [{ pointer: '#/stammdaten', message: 'must be an object of business object kinds' }];
  return undefined;
}

const IMPORT_PROBLEMS = ['BO_READ.IMPORT_MALFORMED', 'REQUEST.MALFORMED_JSON', 'AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'REQUEST.RATE_LIMITED', 'SERVER.INTERNAL', 'SERVER.UNAVAILABLE'];

const IMPORT_OUTCOME: OpenApiObject = {
  type: 'object',
  required: ['imported', 'unchanged', 'refused'],
  properties: {
    imported: { type: 'integer', description: 'New versions stored.' },
    unchanged: { type: 'integer', description: 'Objects equal to the latest version of the same (kind, id): not stored again.' },
    refused: {
      type: 'array',
      description: 'Objects the per-kind rules cannot describe (unknown kind, not an object, no id, an id twice in the request).',
      items: { type: 'object', required: ['pointer', 'message'], properties: { pointer: { type: 'string', example: '#/stammdaten/MARKTLOKATION/3' }, message: { type: 'string' } } },
    },
  },
};

function importOperation(context: Parameters<OpenApiContribution>[0]): OpenApiObject {
  return {
    tags: ['BO4E Lesen'],
    operationId: 'IMPORTIEREN_STAMMDATEN',
    summary: 'Stammdaten importieren',
    description:
      'Imports master data the company already has, in the shape the reads answer, into the read model under the same per-kind rules as bookings. ' +
      'An object equal to its latest version is not stored again; objects that cannot be described are refused one by one (200 with `refused[]`), the others imported. ' +
      'A later booking of the same object supersedes the imported version from its validity start (else from the booking).',
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [{ $ref: '#/components/parameters/requestId' }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['stammdaten'], properties: { stammdaten: { type: 'object', additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } } } } },
          example: { stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50074561188' }] } },
        },
      },
    },
    responses: {
      200: {
        description: 'The import ran; `refused[]` lists the objects it could not take.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
        content: { 'application/json': { schema: ref('BoRead_ImportOutcome') } },
      },
      ...problemResponses(IMPORT_PROBLEMS, context, { statusText: { 422: 'The body is not `{"stammdaten": {…}}`.' }, instance: '/masterData', errorsOf }),
    },
  };
}

const IDENTIFY_PROBLEMS = [
  'BO_READ.INVALID_PARAMETER',
  'BO_READ.INVALID_CRITERIA',
  'REQUEST.MALFORMED_JSON',
  'AUTH.UNAUTHENTICATED',
  'AUTH.ROLE_NOT_PERMITTED',
  'REQUEST.RATE_LIMITED',
  'SERVER.INTERNAL',
  'SERVER.UNAVAILABLE',
];

/** The address and name objects a criterion of `kind` may send, each with its text fields. */
const textObjectsOf = (kind: string) => {
  const objects: Record<string, OpenApiObject> = {};
  for (const [object, field] of TEXT_FIELDS[kind] ?? []) {
    const properties = ((objects[object] ??= { type: 'object', properties: {} })['properties'] ?? {}) as Record<string, OpenApiObject>;
    properties[field] = { type: 'string', maxLength: 256 };
  }
  return objects;
};

const ID_PROPERTIES: Record<string, OpenApiObject> = {
  marktlokationsId: { type: 'string', example: '50754496000' },
  messlokationsId: { type: 'string' },
  netzlokationsId: { type: 'string' },
  technischeRessourceId: { type: 'string' },
  steuerbareRessourceId: { type: 'string' },
  ressourcenId: { type: 'string' },
  tranchenId: { type: 'string' },
};

const criterionOf = (kind: string): OpenApiObject => ({
  type: 'object',
  additionalProperties: true,
  description:
    `One ${kind} criterion in the shape of the location object; unknown fields (\`boTyp\`, …) are ignored, at least one known field is required (${criterionNames(kind)}). ` +
    'Ids (`marktlokationsId`, `messlokationsId`, `netzlokationsId`, `technischeRessourceId`, `steuerbareRessourceId`, `tranchenId`/`trancheId`, `ressourcenId` = the kind’s own id) ' +
    'match the location itself or the locations it is linked to; every id given must match. ' +
    '**A criterion with an id matches by its ids alone**, as the vendor’s mock: its address and name fields then only rank the matches (more equal fields first). ' +
    '**Without an id** every address and name field given must match (a search by address). Fields compare case-insensitively and exactly (no prefix or fuzzy match).',
  properties: { ...ID_PROPERTIES, ...textObjectsOf(kind) },
});

const LOCATION_CRITERIA: OpenApiObject = {
  type: 'object',
  required: ['stammdaten'],
  properties: {
    stammdaten: {
      type: 'object',
      description: 'Criteria per location kind; any criterion matches (OR).',
      additionalProperties: false,
      properties: Object.fromEntries(Object.keys(IDENTIFY_KINDS).map((kind) => [kind, { type: 'array', maxItems: 100, items: criterionOf(kind) }])),
    },
  },
};

function identifyOperation(context: Parameters<OpenApiContribution>[0]): OpenApiObject {
  const header = (description: string, schema: OpenApiObject) => ({ description, schema });
  return {
    tags: ['BO4E Lesen'],
    operationId: IDENTIFY_LOCATION_OPERATION,
    summary: 'Lokation identifizieren',
    description:
      'Finds the role’s locations in force now (the body carries no key date, as in the vendor’s mock) that match any criterion, as stored in the read model (booked or imported, unknown fields kept). ' +
      'A criterion naming an id finds that location whatever address it sends (`00000000000` finds nothing); one without an id finds the locations whose address and name fields all equal those sent. ' +
      'Ordered by the number of address and name fields that equal those of a criterion (most first), then by location id. ' +
      `Paged by the request headers \`${PAGING.limitHeader}\` (default ${PAGING.defaultLimit}, at most ${PAGING.maxLimit}) and \`${PAGING.offsetHeader}\` (default 0, at most ${PAGING.maxOffset}).`,
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [
      { name: PAGING.limitHeader, in: 'header', required: false, description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: PAGING.maxLimit, default: PAGING.defaultLimit } },
      { name: PAGING.offsetHeader, in: 'header', required: false, description: 'Matches to skip.', schema: { type: 'integer', minimum: 0, maximum: PAGING.maxOffset, default: 0 } },
      {
        name: 'command',
        in: 'query',
        required: false,
        description: `The operationId \`${IDENTIFY_LOCATION_OPERATION}\`, with or without a system prefix (\`SAP_${IDENTIFY_LOCATION_OPERATION}\`); another operation is 400.`,
        schema: { type: 'string', example: `SAP_${IDENTIFY_LOCATION_OPERATION}` },
      },
      { $ref: '#/components/parameters/requestId' },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref('BoRead_LocationCriteria'),
          example: { stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50754496000', lokationsadresse: { postleitzahl: '65189', ort: 'Wiesbaden' } }] } },
        },
      },
    },
    responses: {
      200: {
        description: 'The matching locations of this page; `[]` when none.',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/requestId' },
          [PAGING_ANSWER.count]: header('Locations in this answer.', { type: 'integer' }),
          [PAGING_ANSWER.total]: header('Matching locations in all.', { type: 'integer' }),
          [PAGING_ANSWER.more]: header('Whether more follow after this page.', { type: 'string', enum: ['true', 'false'] }),
          [PAGING_ANSWER.offset]: header('The offset of this page.', { type: 'integer' }),
        },
        content: { 'application/json': { schema: { type: 'array', items: { type: 'object', additionalProperties: true } }, example: [] } },
      },
      ...problemResponses(IDENTIFY_PROBLEMS, context, {
        statusText: { 400: `A paging header or \`command\` is invalid (\`BO_READ.INVALID_PARAMETER\`, pointer \`#/header/${PAGING.limitHeader}\`), or the criteria are (\`BO_READ.INVALID_CRITERIA\`).` },
        instance: '/identifyLocation',
        errorsOf: (code: string) =>
          code === 'BO_READ.INVALID_PARAMETER' ? [{ pointer: `#/header/${PAGING.limitHeader}`, message: `must be one integer from 1 to ${PAGING.maxLimit}` }] : errorsOf(code),
      }),
    },
  };
}
