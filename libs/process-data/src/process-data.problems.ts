import { JSONB_PROBLEMS } from '@maco/database';
import { BODY_VALIDATION_PROBLEMS, defineProblems, problemFactory } from '@maco/platform';

/**
 * What the Prozessdaten group answers when it cannot book: 409 for a conflicting create or keys naming two processes,
 * 422 for the rest — and 400 for MaloIdent answers, as that group's contract says.
 */
export const PROCESS_DATA_PROBLEMS = defineProblems({
  ...JSONB_PROBLEMS,
  ...BODY_VALIDATION_PROBLEMS,
  'PROCESS_DATA.BUSINESS_KEY_CONFLICT': {
    status: 409,
    slug: 'business-key-conflict',
    title: 'Business key already booked with a different body',
  },
  'PROCESS_DATA.PROCESS_NOT_FOUND': { status: 404, slug: 'process-not-found', title: 'No process carries this key' },
  'PROCESS_DATA.KEYS_AMBIGUOUS': {
    status: 409,
    slug: 'keys-ambiguous',
    title: 'The request names different processes by its keys',
  },
  'REQUEST.COMMAND_MISMATCH': { status: 422, slug: 'command-mismatch', title: 'Command does not match the operation' },
  'PROCESS_DATA.BUSINESS_KEY_UNKNOWN': { status: 422, slug: 'business-key-unknown', title: 'Unknown business key' },
  'PROCESS_DATA.MANDATORY_FIELDS_MISSING': {
    status: 422,
    slug: 'mandatory-fields-missing',
    title: 'Fields the AHB makes mandatory for this Prüfidentifikator are missing or fail its binding conditions',
  },
  // The MaloIdent group's contract (LF `/updateProcessData`, PI 03002/03003) answers every refusal with 400
  // `{errorCode, message}`: the problem carries both, `errorCode` being the code it would have had elsewhere.
  'MALO_IDENT.REFUSED': { status: 400, slug: 'maloident-refused', title: 'MaloIdent answer refused' },
  // The quarantine of refused writes (operators).
  'REFUSED.INVALID_PARAMETER': { status: 400, slug: 'refused-invalid-parameter', title: 'Invalid parameter' },
  'REFUSED.NOT_FOUND': { status: 404, slug: 'refused-not-found', title: 'No refused message has this id' },
  'REFUSED.DISMISSED': { status: 409, slug: 'refused-dismissed', title: 'The refused message was dismissed' },
  'REFUSED.RESOLVED': { status: 409, slug: 'refused-resolved', title: 'The refused message is already booked' },
  'REFUSED.QUARANTINE_FULL': {
    status: 503,
    slug: 'quarantine-full',
    title: 'The quarantine is full: the refused write could not be kept',
  },
});

export type ProcessDataProblemCode = keyof typeof PROCESS_DATA_PROBLEMS;

export const processDataProblem = problemFactory(PROCESS_DATA_PROBLEMS);
