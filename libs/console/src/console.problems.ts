import { defineProblems, problemFactory } from '@maco/platform';

export const CONSOLE_PROBLEMS = defineProblems({
  // `GET /console/…`: the service has no built console (apps/console/dist or CONSOLE_DIR lacks index.html).
  'CONSOLE.NOT_BUILT': { status: 404, slug: 'console-not-built', title: 'The operator console is not built' },
});

export type ConsoleProblemCode = keyof typeof CONSOLE_PROBLEMS;

export const consoleProblem = problemFactory(CONSOLE_PROBLEMS);
