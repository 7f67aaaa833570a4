import { defineProblems, problemFactory } from '@maco/platform';

/** What the BO4E reads answer when they cannot read: 400 for bad or missing query parameters, as the contract says; 422
 * when an import (`POST /masterData`) is not `{"stammdaten": {…}}` at all. */
export const BO_READ_PROBLEMS = defineProblems({
  'BO_READ.INVALID_PARAMETER': {
    status: 400,
    slug: 'bo-read-invalid-parameter',
    title: 'Invalid or missing query parameter',
  },
  // `POST /identifyLocation`: the body names no usable criterion, or a criterion field is not a string.
  'BO_READ.INVALID_CRITERIA': { status: 400, slug: 'bo-read-invalid-criteria', title: 'Invalid location criteria' },
  // The import's body as a whole is not `{"stammdaten": {"KIND": [ … ]}}`; single objects are refused in a 200 answer.
  'BO_READ.IMPORT_MALFORMED': {
    status: 422,
    slug: 'bo-read-import-malformed',
    title: 'Master data import is not {"stammdaten": {…}}',
  },
});

export type BoReadProblemCode = keyof typeof BO_READ_PROBLEMS;

export const boReadProblem = problemFactory(BO_READ_PROBLEMS);
