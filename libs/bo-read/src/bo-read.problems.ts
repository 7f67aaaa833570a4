import { defineProblems, problemFactory } from '@maco/platform';

/** What the BO4E reads answer when they cannot read: 400 for bad or missing query parameters, as the contract says. */
export const BO_READ_PROBLEMS = defineProblems({
  'BO_READ.INVALID_PARAMETER': { status: 400, slug: 'bo-read-invalid-parameter', title: 'Invalid or missing query parameter' },
});

export type BoReadProblemCode = keyof typeof BO_READ_PROBLEMS;

export const boReadProblem = problemFactory(BO_READ_PROBLEMS);
