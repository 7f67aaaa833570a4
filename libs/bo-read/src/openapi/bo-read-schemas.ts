import { INVALID_MESSAGE, type OpenApiObject } from '@maco/platform';
import { LOCATION_CRITERIA } from '../identify-location/identify-location';
import { READ_ROUTES, type ReadRoute } from '../reads/read-routes';

/** The component a read's answer is described by: its kind's wrapped answer, or the authorisation's. */
export const answerSchemaName = (route: ReadRoute): string =>
  route.answer === 'authorization' ? 'BoRead_Zuordnungsermaechtigung' : `BoRead_${route.answerKind ?? route.kind}`;

const AUTHORIZATION_ANSWER: OpenApiObject = {
  type: 'object',
  required: ['zusatzdaten', 'ermaechtigungVorhanden'],
  properties: {
    zusatzdaten: {
      type: 'object',
      additionalProperties: true,
      description: 'The authorisation’s own `zusatzdaten`; `{}` when it has none or none exists.',
    },
    ermaechtigungVorhanden: { type: 'boolean' },
  },
};

/** The wrapped answer of a read of `kind`. */
const objectsOf = (kind: string): OpenApiObject => ({
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
});

/** What `POST /masterData` refuses as a whole (422): `stammdaten` that is no object. Its objects are refused one by one (`refused[]`). */
export const IMPORT_STAMMDATEN: OpenApiObject = {
  type: 'object',
  [INVALID_MESSAGE]: 'an object of business object kinds',
};

/** The body of `POST /masterData`: the objects per kind, in the shape the reads answer. */
export const IMPORT_BODY: OpenApiObject = {
  type: 'object',
  required: ['stammdaten'],
  properties: {
    stammdaten: {
      ...IMPORT_STAMMDATEN,
      additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
  },
};

/** The group's component schemas: each read's answer, the bare list, the import's outcome, the identification's body. */
export const BO_READ_SCHEMAS: Record<string, OpenApiObject> = {
  ...Object.fromEntries(
    READ_ROUTES.map((route) => [
      answerSchemaName(route),
      route.answer === 'authorization' ? AUTHORIZATION_ANSWER : objectsOf(route.answerKind ?? route.kind),
    ]),
  ),
  BoRead_ObjectList: {
    type: 'array',
    description:
      'The bare list of a read (`READ_ANSWER_SHAPE=array`): BO4E objects as booked, every field the market sent, unknown ones included.',
    items: { type: 'object', additionalProperties: true },
  },
  BoRead_ImportOutcome: {
    type: 'object',
    required: ['imported', 'unchanged', 'refused'],
    properties: {
      imported: { type: 'integer', description: 'New versions stored.' },
      unchanged: {
        type: 'integer',
        description: 'Objects equal to the latest version of the same (kind, id): not stored again.',
      },
      refused: {
        type: 'array',
        description:
          'Objects the per-kind rules cannot describe (unknown kind, not an object, no id, an id twice in the request).',
        items: {
          type: 'object',
          required: ['pointer', 'message'],
          properties: {
            pointer: { type: 'string', example: '#/stammdaten/MARKTLOKATION/3' },
            message: { type: 'string' },
          },
        },
      },
    },
  },
  BoRead_LocationCriteria: LOCATION_CRITERIA,
};
