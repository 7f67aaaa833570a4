import { INVALID_MESSAGE, type OpenApiObject } from '@maco/platform';
import { AUTHORIZATION_NAMES, englishKind } from '../dialect/english-names';
import { LOCATION_CRITERIA_ENGLISH } from '../identify-location/english-criteria';
import { LOCATION_CRITERIA } from '../identify-location/identify-location';
import { READ_ROUTES, type ReadRoute } from '../reads/read-routes';

/** The component a read's answer is described by: its kind's wrapped answer, or the authorisation's. */
export const answerSchemaName = (route: ReadRoute): string =>
  route.answer === 'authorization' ? 'BoRead_Zuordnungsermaechtigung' : `BoRead_${route.answerKind ?? route.kind}`;

/** `{zusatzdaten, ermaechtigungVorhanden}` by the names of a dialect. */
const authorizationOf = (names: { zusatzdaten: string; ermaechtigungVorhanden: string }): OpenApiObject => ({
  type: 'object',
  required: [names.zusatzdaten, names.ermaechtigungVorhanden],
  properties: {
    [names.zusatzdaten]: {
      type: 'object',
      additionalProperties: true,
      description: 'The authorisation’s own `zusatzdaten`; `{}` when it has none or none exists.',
    },
    [names.ermaechtigungVorhanden]: { type: 'boolean' },
  },
});

const AUTHORIZATION_ANSWER: OpenApiObject = {
  description:
    '`MACO_DIALECT=de` (default): `{zusatzdaten, ermaechtigungVorhanden}`; `en`: the same by the English names, ' +
    `\`{${AUTHORIZATION_NAMES.zusatzdaten}, ${AUTHORIZATION_NAMES.ermaechtigungVorhanden}}\`.`,
  oneOf: [
    authorizationOf({ zusatzdaten: 'zusatzdaten', ermaechtigungVorhanden: 'ermaechtigungVorhanden' }),
    authorizationOf(AUTHORIZATION_NAMES),
  ],
};

/** `{container: {kind: [ … ]}}`: the wrapped answer in one dialect's names. */
const wrapped = (container: string, kind: string, items: string): OpenApiObject => ({
  type: 'object',
  required: [container],
  properties: {
    [container]: {
      type: 'object',
      required: [kind],
      properties: {
        [kind]: { type: 'array', description: items, items: { type: 'object', additionalProperties: true } },
      },
    },
  },
});

/** The wrapped answer of a read of `kind`, in German or in English (`MACO_DIALECT`). */
const objectsOf = (kind: string): OpenApiObject => ({
  description:
    'The wrapped answer of a read (`READ_ANSWER_SHAPE=wrapped`, the default): `stammdaten` with `MACO_DIALECT=de` ' +
    "(default), `masterData` with `en` (kinds and fields by the vendor's English names).",
  oneOf: [
    wrapped(
      'stammdaten',
      kind,
      'BO4E objects as booked (`boTyp`, `versionStruktur`, every field the market sent, unknown ones included).',
    ),
    wrapped(
      'masterData',
      englishKind(kind),
      'The same objects in English (`boType`, `structureVersion`, …), whatever dialect they were booked in; fields the name map does not name keep theirs.',
    ),
  ],
});

/** What `POST /masterData` refuses as a whole (422): `stammdaten` that is no object. Its objects are refused one by one (`refused[]`). */
export const IMPORT_STAMMDATEN: OpenApiObject = {
  type: 'object',
  [INVALID_MESSAGE]: 'an object of business object kinds',
};

const OBJECTS_PER_KIND: OpenApiObject = {
  ...IMPORT_STAMMDATEN,
  additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
};

/** The body of `POST /masterData`: the objects per kind, in the shape the reads answer, German or English. */
export const IMPORT_BODY: OpenApiObject = {
  oneOf: [
    { type: 'object', required: ['stammdaten'], properties: { stammdaten: OBJECTS_PER_KIND } },
    {
      type: 'object',
      description:
        "The vendor's English dialect (kinds and fields by their English names), imported as its German form; " +
        '`refused[]` points into it as sent. A body with both `stammdaten` and `masterData` is refused.',
      required: ['masterData'],
      properties: { masterData: OBJECTS_PER_KIND },
    },
  ],
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
      'The bare list of a read (`READ_ANSWER_SHAPE=array`): BO4E objects as booked, every field the market sent, unknown ones included; in English with `MACO_DIALECT=en`.',
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
  BoRead_LocationCriteriaEnglish: LOCATION_CRITERIA_ENGLISH,
};
