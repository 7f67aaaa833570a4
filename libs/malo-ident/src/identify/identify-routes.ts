import {
  describeRoute,
  GUARDED_ROUTE_PROBLEMS,
  JSON_BODY_PROBLEMS,
  type QueryParameter,
  schemaRef as ref,
  textParameter,
} from '@maco/platform';
import { MALO_IDENT_PATHS } from '../malo-ident-paths';
import { MALO_IDENT_TAG, PREFIXED_COMMAND } from '../openapi/malo-ident-route-texts';
import { IDENTIFY_ANSWER_EITHER } from '../openapi/malo-ident-schemas';
import { FLAG_NAMES } from './flags';
import { IDENTIFY_OPERATIONS, identifyOperationOf } from './identify-command';
import { IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION } from './identify-request';

/** `command` of the identification: either operation, with or without a system prefix; absent: the first. */
const IDENTIFY_COMMAND: QueryParameter<(typeof IDENTIFY_OPERATIONS)[number]> & { fallback: typeof IDENTIFY_OPERATION } =
  {
    description: `${IDENTIFY_OPERATIONS.map((operation) => `\`${operation}\``).join(' or ')}, with or without a system prefix (\`SAP_…\`); absent: \`${IDENTIFY_OPERATION}\`; another operation is 400.`,
    schema: { type: 'string', example: `SAP_${IDENTIFY_OPERATION}` },
    expected: `${IDENTIFY_OPERATIONS.join(' or ')}, ${PREFIXED_COMMAND}`,
    parse: identifyOperationOf,
    fallback: IDENTIFY_OPERATION,
    readsEmpty: true,
  };

/** The key of a recorded request (a path parameter, `:key` in the route): checked like a query parameter. */
export const RECORD_KEY = {
  ...textParameter(
    'The request’s `idempodenzschluessel` (else its `vorgangsnummer`).',
    /^[\x21-\x7e]{1,200}$/,
    '1 to 200 printable characters',
    { maxLength: 200 },
  ),
  readsEmpty: true,
};

const EXAMPLE_ANSWER = {
  maloIdentDaten: [
    {
      lokationsId: '74018657187',
      ...Object.fromEntries(
        FLAG_NAMES.map((flag) => [
          flag,
          [
            'trefferMaloid',
            'trefferAdresse1',
            'trefferAdresse2',
            'trefferMakorelevant',
            'trefferNetzgebiet',
            'trefferNetzgebiet3KJ',
          ].includes(flag),
        ]),
      ),
    },
  ],
};

export const IDENTIFY_ROUTE = describeRoute({
  operationId: IDENTIFY_OPERATION,
  method: 'POST',
  paths: MALO_IDENT_PATHS.identify.map((path) => `/${path}`),
  auth: 'role',
  tag: MALO_IDENT_TAG,
  summary: 'Identifizierung der MaLo / der Lokation',
  description:
    'Candidate MaLos from the read model (booked and imported objects in force at `ausfuehrungsdatum`) with the twelve flags each, strongest first, at most `MALO_IDENT_MAX_CANDIDATES` (default 10); a candidate without a primary hit is not answered. Every request and answer is recorded; the same `idempodenzschluessel` again answers the recorded answer.\n\n' +
    `One route, two operations chosen by \`command\` (as the vendor’s mock): \`${IDENTIFY_OPERATION}\` (Identifizierung der MaLo, also when \`command\` is absent) and \`${LOCATION_IDENTIFY_OPERATION}\` (Identifizierung der Lokation). ` +
    'No published schema of the second goes beyond its name: it takes the same body (MaLo criteria and `transaktionsdaten.ausfuehrungsdatum`) and is answered by the same identification, in the same shape (`maloIdentDaten`).',
  query: { command: IDENTIFY_COMMAND },
  body: {
    required: true,
    description:
      'German BO4E as described, or the vendor’s English dialect (`masterData.MARKET_LOCATION`, `transactionData.executionDate`, …), read in this German form; problems point into the body as sent. A body mixing both dialects is 400 at `#`.',
    schema: ref('MaloIdent_IdentifyRequest'),
  },
  answers: {
    200: {
      description:
        'The candidates; `{"maloIdentDaten": []}` when none. In the dialect of `MACO_DIALECT` (`de`: `MaloIdent_IdentifyAnswer`, `en`: `MaloIdent_IdentifyAnswerEnglish`).',
      schema: IDENTIFY_ANSWER_EITHER,
      example: EXAMPLE_ANSWER,
    },
  },
  problems: [
    'MALO_IDENT.INVALID_REQUEST',
    'MALO_IDENT.INVALID_PARAMETER',
    ...JSON_BODY_PROBLEMS,
    ...GUARDED_ROUTE_PROBLEMS,
  ],
  statusText: {
    400: 'The body is not the contract’s (`errors[]` points at each field), or `command` names another operation.',
  },
  errorsOf: (code) =>
    code === 'MALO_IDENT.INVALID_REQUEST'
      ? [{ pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'is required' }]
      : code === 'MALO_IDENT.INVALID_PARAMETER'
        ? [{ pointer: '#/command', message: `must be ${IDENTIFY_OPERATIONS.join(' or ')}` }]
        : undefined,
});

export const RECORDED_ROUTE = describeRoute({
  operationId: 'MALOIDENT_RECORDED_REQUEST',
  method: 'GET',
  paths: ['/maloIdentRequests/:key'],
  auth: 'role+operator',
  tag: MALO_IDENT_TAG,
  summary: 'Recorded identification request',
  description:
    'For operators: the recorded request and answer (who asked, when, criteria, candidates and flags) under an idempotency key of this role.',
  pathParameters: {
    idempodenzschluessel: { ...RECORD_KEY, routeName: 'key', example: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6' },
  },
  answers: { 200: { description: 'The record.', schema: ref('MaloIdent_Record') } },
  problems: ['MALO_IDENT.INVALID_PARAMETER', 'MALO_IDENT.NOT_RECORDED', ...GUARDED_ROUTE_PROBLEMS],
});
