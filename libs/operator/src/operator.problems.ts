import { defineProblems, problemFactory } from '@maco/platform';

/** What the operator console's reads answer when they cannot. */
export const OPERATOR_PROBLEMS = defineProblems({
  // A query parameter is invalid (a limit out of range, a date-time without offset, a cursor of another list…);
  // `errors[]` points at each (`#/limit`).
  'OPERATOR.INVALID_PARAMETER': { status: 400, slug: 'operator-invalid-parameter', title: 'Invalid query parameter' },
});

export type OperatorProblemCode = keyof typeof OPERATOR_PROBLEMS;

export const operatorProblem = problemFactory(OPERATOR_PROBLEMS);
