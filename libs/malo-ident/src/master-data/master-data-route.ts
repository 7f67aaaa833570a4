import { isCalendarInstant, MALO_ID_PATTERN, RFC3339_DATE_TIME } from '@maco/domain';
import {
  commandNames,
  describeRoute,
  GUARDED_ROUTE_PROBLEMS,
  type QueryParameter,
  schemaRef as ref,
  textParameter,
} from '@maco/platform';
import { MALO_IDENT_PATHS } from '../malo-ident-paths';
import { MALO_IDENT_TAG, PREFIXED_COMMAND } from '../openapi/malo-ident-route-texts';

/** `GET /getMaloidentMarketlocation`: the master data of the identified MaLo. */
export const MASTER_DATA_OPERATION = 'LESEN_MALOIDENT_MARKTLOKATION';

/** `command` of the master data read: its operation, with or without a system prefix. */
const MASTER_DATA_COMMAND: QueryParameter<typeof MASTER_DATA_OPERATION> = {
  description: `\`${MASTER_DATA_OPERATION}\`, with or without a system prefix.`,
  schema: { type: 'string' },
  expected: `${MASTER_DATA_OPERATION}, ${PREFIXED_COMMAND}`,
  parse: (text) => (commandNames(text, MASTER_DATA_OPERATION) ? MASTER_DATA_OPERATION : undefined),
  readsEmpty: true,
};

/** The key date: a date-time with offset (the contract's pattern demands milliseconds, its example has none: both are taken). */
const KEY_DATE: QueryParameter<Date> & { required: true } = {
  description: 'Key date (date-time with offset, with or without milliseconds).',
  schema: { type: 'string', format: 'date-time', example: '2024-06-28T12:18:00Z' },
  required: true,
  expected: 'a date-time with offset (2024-06-28T12:18:00Z or 2024-06-28T12:18:00.000Z), given once',
  parse: (text) => {
    const at = RFC3339_DATE_TIME.test(text) && isCalendarInstant(text) ? new Date(text) : undefined;
    return at && !Number.isNaN(at.getTime()) ? at : undefined;
  },
};

export const MASTER_DATA_ROUTE = describeRoute({
  operationId: MASTER_DATA_OPERATION,
  method: 'GET',
  paths: MALO_IDENT_PATHS.masterData.map((path) => `/${path}`),
  auth: 'role+operator',
  tag: MALO_IDENT_TAG,
  summary: 'Stammdaten der identifizierten MaLo',
  description:
    'The MaLo’s objects in force at the key date from the read model, per kind; an unknown MaLo answers every list empty (200). ' +
    'Always wrapped (`READ_ANSWER_SHAPE` does not apply): one answer carries several kinds.',
  query: {
    parameter1: {
      ...textParameter('MaLo id.', MALO_ID_PATTERN, 'a MaLo id (11 digits), given once', { example: '74018657187' }),
      required: true,
    },
    parameter3: KEY_DATE,
    command: MASTER_DATA_COMMAND,
  },
  answers: {
    200: {
      description:
        'The master data of the MaLo at the key date, in the dialect of `MACO_DIALECT` (`de`: `stammdaten`, `en`: `masterData`).',
      schema: { anyOf: [ref('MaloIdent_MasterData'), ref('MaloIdent_MasterDataEnglish')] },
    },
  },
  problems: ['MALO_IDENT.INVALID_PARAMETER', ...GUARDED_ROUTE_PROBLEMS],
  errorsOf: (code) =>
    code === 'MALO_IDENT.INVALID_PARAMETER' ? [{ pointer: '#/parameter3', message: 'is required' }] : undefined,
});
