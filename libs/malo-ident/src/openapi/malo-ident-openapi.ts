import { MALO_ID_PATTERN } from '@maco/domain';
import { BEARER_SCHEME, problemResponses, schemaRef as ref, type OpenApiContribution, type OpenApiObject } from '@maco/platform';
import { FLAG_NAMES } from '../flags';
import { MALO_IDENT_PATHS } from '../http/malo-ident-paths';
import { IDENTIFY_OPERATIONS } from '../identify-command';
import { IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION, MASTER_DATA_OPERATION } from '../identify-request';
import { MASTER_DATA_KINDS } from '../master-data.service';

const COMMON_PROBLEMS = ['AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'REQUEST.RATE_LIMITED', 'SERVER.INTERNAL', 'SERVER.UNAVAILABLE'];
const TAG = 'MaloIdent NB';

const FLAG_TEXT: Record<string, string> = {
  trefferMaloid: 'The complete 11-digit MaLo id equals the requested one.',
  trefferTrancheId: 'A requested tranche id (11 digits) is a tranche of the MaLo.',
  trefferAdresse1:
    'Postcode, street (folded; a street ending in "straße"/"str."/"strasse" is a prefix, the contract’s "*"), house number with suffix, place and country agree; without address: cadastre tuple or coordinates (4 decimals).',
  trefferKundennummer: 'A requested customer number at the previous supplier equals the MaLo customer’s (trimmed only).',
  trefferName: 'Names agree after folding (umlauts, case, legal forms, titles): first/surname in any order, "first and surname" against each field, company against name1/name2/both; one typo in words of 5+ letters.',
  trefferGeraetenummer: 'A requested meter number equals one of the MaLo’s meters of the last 36 months (case-sensitive; white space, leading and trailing zeros ignored).',
  trefferMeloid: 'A requested MeLo id (33 characters) is a MeLo of the MaLo.',
  trefferAdresse2: 'Complete address check: trefferAdresse1 and the full street, place, Ortsteil, Adresszusatz and Postfach given agree.',
  trefferMakorelevant: 'The MaLo takes part in market communication at the date (not marked `makorelevant: false`, a grid-operator role in force).',
  trefferStillgelegt: 'The MaLo is decommissioned at the date (`marktlokationsTyp` RUHENDE_MARKTLOKATION in force, `stilllegungsdatum` reached or `stillgelegt`).',
  trefferNetzgebiet: 'The MaLo’s grid area (`netzgebietNr`) at the date is served as "eigener Service" (`MALO_IDENT_OWN_GRID_AREAS`; unset: all).',
  trefferNetzgebiet3KJ: 'The MaLo was in such a grid area at some point since 1 January of the third calendar year back.',
};

const ADDRESS: OpenApiObject = {
  type: 'object',
  additionalProperties: true,
  properties: Object.fromEntries(['postleitzahl', 'ort', 'ortsteil', 'strasse', 'hausnummer', 'adresszusatz', 'postfach', 'landescode'].map((field) => [field, { type: 'string', maxLength: 200 }])),
};

const REQUEST: OpenApiObject = {
  type: 'object',
  required: ['stammdaten', 'transaktionsdaten'],
  properties: {
    stammdaten: {
      type: 'object',
      required: ['MARKTLOKATION'],
      properties: {
        MARKTLOKATION: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            required: ['energierichtung'],
            additionalProperties: true,
            properties: {
              marktlokationsId: { type: 'string', pattern: MALO_ID_PATTERN.source },
              energierichtung: { type: 'string', enum: ['AUSSP', 'EINSP'] },
              lokationsadresse: ADDRESS,
              katasterinformation: { type: 'object', additionalProperties: true },
              geokoordinaten: { type: 'object', additionalProperties: true },
            },
          },
        },
        TRANCHE: { type: 'array', maxItems: 20, items: { type: 'object', additionalProperties: true, properties: { tranchenId: { type: 'string', pattern: MALO_ID_PATTERN.source } } } },
        MESSLOKATION: { type: 'array', maxItems: 20, items: { type: 'object', additionalProperties: true, properties: { messlokationsId: { type: 'string', pattern: '^DE[A-Z0-9]{31}$' } } } },
        ZAEHLER: { type: 'array', maxItems: 20, items: { type: 'object', additionalProperties: true, properties: { zaehlernummer: { type: 'string', maxLength: 200 } } } },
        ENERGIELIEFERVERTRAG: { type: 'array', maxItems: 20, items: { type: 'object', additionalProperties: true } },
      },
    },
    transaktionsdaten: {
      type: 'object',
      required: ['vorgangsnummer', 'ausfuehrungsdatum', 'absender', 'empfaenger'],
      additionalProperties: true,
      properties: {
        vorgangsnummer: { type: 'string' },
        ausfuehrungsdatum: { type: 'string', format: 'date-time' },
        nachrichtendatum: { type: 'string' },
        idempodenzschluessel: { type: 'string', description: 'The same key again (per role) answers the recorded answer; absent: `vorgangsnummer` is the key.' },
        absender: { type: 'object', required: ['rollencodenummer'], properties: { rollencodenummer: { type: 'string' } } },
        empfaenger: { type: 'object', required: ['rollencodenummer'], properties: { rollencodenummer: { type: 'string' } } },
      },
    },
  },
};

const ANSWER: OpenApiObject = {
  type: 'object',
  required: ['maloIdentDaten'],
  properties: {
    maloIdentDaten: {
      type: 'array',
      description: 'Candidates, strongest first (ids, meter, address, customer number, name; then the secondary flags); `[]` when none.',
      items: {
        type: 'object',
        required: ['lokationsId', ...FLAG_NAMES],
        properties: { lokationsId: { type: 'string', example: '74018657187' }, ...Object.fromEntries(FLAG_NAMES.map((flag) => [flag, { type: 'boolean', description: FLAG_TEXT[flag] }])) },
      },
    },
  },
};

const EXAMPLE_ANSWER = {
  maloIdentDaten: [
    {
      lokationsId: '74018657187',
      ...Object.fromEntries(FLAG_NAMES.map((flag) => [flag, ['trefferMaloid', 'trefferAdresse1', 'trefferAdresse2', 'trefferMakorelevant', 'trefferNetzgebiet', 'trefferNetzgebiet3KJ'].includes(flag)])),
    },
  ],
};

const MASTER_DATA: OpenApiObject = {
  type: 'object',
  required: ['stammdaten'],
  properties: {
    stammdaten: {
      type: 'object',
      required: ['MARKTLOKATION'],
      properties: Object.fromEntries(MASTER_DATA_KINDS.map((kind) => [kind, { type: 'array', items: { type: 'object', additionalProperties: true } }])),
    },
  },
};

const RECORD: OpenApiObject = {
  type: 'object',
  properties: {
    role: { type: 'string' },
    idempotencyKey: { type: 'string' },
    vorgangsnummer: { type: 'string', nullable: true },
    tokenSubject: { type: 'string', nullable: true, description: 'The `sub` of the token that asked.' },
    receivedAt: { type: 'string', format: 'date-time' },
    request: { type: 'object', additionalProperties: true, description: 'The request body as received.' },
    answer: ref('MaloIdent_IdentifyAnswer'),
    candidateCount: { type: 'integer' },
  },
};

/** The group's part of the NB OpenAPI document. Pure: no app, no database. */
export function maloIdentOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'MaloIdent NB',
    description: 'The grid operator identifies a market location for a supplier (candidates and the criteria that hit, input of EBD E_0594) and reads the identified one’s master data.',
    tags: [{ name: TAG, description: 'MaLo identification on the grid operator’s side.' }],
    paths: {
      ...Object.fromEntries(MALO_IDENT_PATHS.identify.map((path, index) => [`/${path}`, { post: identifyOperation(context, path, index) }])),
      ...Object.fromEntries(MALO_IDENT_PATHS.masterData.map((path, index) => [`/${path}`, { get: masterDataOperation(context, path, index) }])),
      '/maloIdentRequests/{idempodenzschluessel}': {
        get: {
          tags: [TAG],
          operationId: 'MALOIDENT_RECORDED_REQUEST',
          summary: 'Recorded identification request',
          description: 'For operators: the recorded request and answer (who asked, when, criteria, candidates and flags) under an idempotency key of this role.',
          security: [{ [BEARER_SCHEME]: [] }],
          parameters: [
            { name: 'idempodenzschluessel', in: 'path', required: true, description: 'The request’s `idempodenzschluessel` (else its `vorgangsnummer`).', schema: { type: 'string', maxLength: 200 } },
            { $ref: '#/components/parameters/requestId' },
          ],
          responses: {
            200: { description: 'The record.', headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } }, content: { 'application/json': { schema: ref('MaloIdent_Record') } } },
            ...problemResponses(['MALO_IDENT.INVALID_PARAMETER', 'MALO_IDENT.NOT_RECORDED', ...COMMON_PROBLEMS], context, { instance: '/maloIdentRequests/f81d4fae-7dec-11d0-a765-00a0c91e6bf6' }),
          },
        },
      },
    },
    components: {
      schemas: { MaloIdent_IdentifyRequest: REQUEST, MaloIdent_IdentifyAnswer: ANSWER, MaloIdent_MasterData: MASTER_DATA, MaloIdent_Record: RECORD },
    },
  });
}

type Context = Parameters<OpenApiContribution>[0];

// operationIds are unique in a document: the German name of an operation gets a suffix, as the reads' other spellings do.
const operationIdOf = (operationId: string, path: string, index: number) => (index === 0 ? operationId : `${operationId}_${path}`);
const summaryOf = (summary: string, path: string, index: number) => (index === 0 ? summary : `${summary} (German name /${path})`);
const servedAs = (paths: readonly string[]) => ` Served alike as ${paths.map((path) => `\`/${path}\``).join(' and ')}.`;

function identifyOperation(context: Context, path: string, index: number): OpenApiObject {
  return {
    tags: [TAG],
    operationId: operationIdOf(IDENTIFY_OPERATION, path, index),
    summary: summaryOf('Identifizierung der MaLo / der Lokation', path, index),
    description:
      'Candidate MaLos from the read model (booked and imported objects in force at `ausfuehrungsdatum`) with the twelve flags each, strongest first, at most `MALO_IDENT_MAX_CANDIDATES` (default 10); a candidate without a primary hit is not answered. Every request and answer is recorded; the same `idempodenzschluessel` again answers the recorded answer.\n\n' +
      `One route, two operations chosen by \`command\` (as the vendor’s mock): \`${IDENTIFY_OPERATION}\` (Identifizierung der MaLo, also when \`command\` is absent) and \`${LOCATION_IDENTIFY_OPERATION}\` (Identifizierung der Lokation). ` +
      'No published schema of the second goes beyond its name: it takes the same body (MaLo criteria and `transaktionsdaten.ausfuehrungsdatum`) and is answered by the same identification, in the same shape (`maloIdentDaten`).' +
      servedAs(MALO_IDENT_PATHS.identify),
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [
      {
        name: 'command',
        in: 'query',
        required: false,
        description: `${IDENTIFY_OPERATIONS.map((operation) => `\`${operation}\``).join(' or ')}, with or without a system prefix (\`SAP_…\`); absent: \`${IDENTIFY_OPERATION}\`; another operation is 400.`,
        schema: { type: 'string', example: `SAP_${IDENTIFY_OPERATION}` },
      },
      { $ref: '#/components/parameters/requestId' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: ref('MaloIdent_IdentifyRequest') } } },
    responses: {
      200: {
        description: 'The candidates; `{"maloIdentDaten": []}` when none.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
        content: { 'application/json': { schema: ref('MaloIdent_IdentifyAnswer'), example: EXAMPLE_ANSWER } },
      },
      ...problemResponses(['MALO_IDENT.INVALID_REQUEST', 'MALO_IDENT.INVALID_PARAMETER', 'REQUEST.MALFORMED_JSON', ...COMMON_PROBLEMS], context, {
        statusText: { 400: 'The body is not the contract’s (`errors[]` points at each field), or `command` names another operation.' },
        instance: `/${path}`,
        errorsOf: (code) =>
          code === 'MALO_IDENT.INVALID_REQUEST'
            ? [{ pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'is required' }]
            : code === 'MALO_IDENT.INVALID_PARAMETER'
              ? [{ pointer: '#/command', message: `must be ${IDENTIFY_OPERATIONS.join(' or ')}` }]
              : undefined,
      }),
    },
  };
}

function masterDataOperation(context: Context, path: string, index: number): OpenApiObject {
  return {
    tags: [TAG],
    operationId: operationIdOf(MASTER_DATA_OPERATION, path, index),
    summary: summaryOf('Stammdaten der identifizierten MaLo', path, index),
    description:
      'The MaLo’s objects in force at the key date from the read model, per kind; an unknown MaLo answers every list empty (200). ' +
      'Always wrapped (`READ_ANSWER_SHAPE` does not apply): one answer carries several kinds.' +
      servedAs(MALO_IDENT_PATHS.masterData),
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [
      { name: 'parameter1', in: 'query', required: true, description: 'MaLo id.', schema: { type: 'string', pattern: MALO_ID_PATTERN.source, example: '74018657187' } },
      { name: 'parameter3', in: 'query', required: true, description: 'Key date (date-time with offset, with or without milliseconds).', schema: { type: 'string', format: 'date-time', example: '2024-06-28T12:18:00Z' } },
      { name: 'command', in: 'query', required: false, description: `\`${MASTER_DATA_OPERATION}\`, with or without a system prefix.`, schema: { type: 'string' } },
      { $ref: '#/components/parameters/requestId' },
    ],
    responses: {
      200: {
        description: 'The master data of the MaLo at the key date.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
        content: { 'application/json': { schema: ref('MaloIdent_MasterData') } },
      },
      ...problemResponses(['MALO_IDENT.INVALID_PARAMETER', ...COMMON_PROBLEMS], context, {
        instance: `/${path}`,
        errorsOf: (code) => (code === 'MALO_IDENT.INVALID_PARAMETER' ? [{ pointer: '#/parameter3', message: 'is required' }] : undefined),
      }),
    },
  };
}
