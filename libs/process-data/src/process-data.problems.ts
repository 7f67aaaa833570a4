import { JSONB_PROBLEMS } from '@maco/database';
import { defineProblems, problemFactory } from '@maco/platform';

/** What the Prozessdaten group answers when it cannot book: 409 for a conflicting create, 422 for the rest. */
export const PROCESS_DATA_PROBLEMS = defineProblems({
  ...JSONB_PROBLEMS,
  'PROCESS_DATA.BUSINESS_KEY_CONFLICT': {
    status: 409,
    slug: 'business-key-conflict',
    title: 'Business key already booked with a different body',
  },
  'REQUEST.VALIDATION_FAILED': { status: 422, slug: 'invalid', title: 'Request body is invalid' },
  'REQUEST.COMMAND_MISMATCH': { status: 422, slug: 'command-mismatch', title: 'Command does not match the operation' },
  'PROCESS_DATA.BUSINESS_KEY_UNKNOWN': { status: 422, slug: 'business-key-unknown', title: 'Unknown business key' },
  'REQUEST.UNKNOWN_RELEASE': { status: 422, slug: 'unknown-release', title: 'Unknown release' },
  'PROCESS_DATA.MANDATORY_FIELDS_MISSING': {
    status: 422,
    slug: 'mandatory-fields-missing',
    title: 'Fields the AHB makes mandatory for this Prüfidentifikator are missing',
  },
});

export type ProcessDataProblemCode = keyof typeof PROCESS_DATA_PROBLEMS;

export const processDataProblem = problemFactory(PROCESS_DATA_PROBLEMS);
