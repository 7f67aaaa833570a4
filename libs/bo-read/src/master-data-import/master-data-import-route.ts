import { toEnglish } from '@maco/domain';
import { describeRoute, GUARDED_ROUTE_PROBLEMS, JSON_BODY_PROBLEMS, schemaRef as ref } from '@maco/platform';
import { IMPORT_BODY } from '../openapi/bo-read-schemas';
import { BO_READ_TAG } from '../openapi/bo-read-tag';

const IMPORT_EXAMPLE = {
  stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50074561188' }] },
};

export const MASTER_DATA_ROUTE = describeRoute({
  operationId: 'IMPORTIEREN_STAMMDATEN',
  method: 'POST',
  paths: ['/masterData'],
  auth: 'role',
  tag: BO_READ_TAG,
  summary: 'Stammdaten importieren',
  description:
    'Imports master data the company already has, in the shape the reads answer, into the read model under the same per-kind rules as bookings. ' +
    'An object equal to its latest version is not stored again; objects that cannot be described are refused one by one (200 with `refused[]`), the others imported. ' +
    'A later booking of the same object supersedes the imported version from its validity start (else from the booking). ' +
    "An English document (`masterData`, the vendor's names) is imported as its German form.",
  body: {
    schema: IMPORT_BODY,
    required: true,
    examples: {
      german: { summary: 'German', value: IMPORT_EXAMPLE },
      english: { summary: "The vendor's English dialect", value: toEnglish(IMPORT_EXAMPLE) },
    },
  },
  answers: {
    200: {
      description: 'The import ran; `refused[]` lists the objects it could not take.',
      schema: ref('BoRead_ImportOutcome'),
    },
  },
  problems: ['BO_READ.IMPORT_MALFORMED', ...JSON_BODY_PROBLEMS, ...GUARDED_ROUTE_PROBLEMS],
  statusText: {
    422: 'The body is not `{"stammdaten": {…}}` (nor `{"masterData": {…}}`, or mixes both), or it exceeds the JSON limits (nesting, array length).',
  },
  errorsOf: (code) =>
    code === 'BO_READ.IMPORT_MALFORMED'
      ? [{ pointer: '#/stammdaten', message: 'must be an object of business object kinds' }]
      : undefined,
});
