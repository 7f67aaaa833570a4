import { JSONB_PROBLEMS } from '@maco/database';
import { defineProblems, problemFactory } from '@maco/platform';

/**
 * What the trigger route answers when a trigger is not (or not yet) sent. `REQUEST.*` codes are the ones the
 * Prozessdaten group registers, with the same definitions (a shared code must be registered identically).
 */
export const TRIGGER_PROBLEMS = defineProblems({
  ...JSONB_PROBLEMS,
  'REQUEST.VALIDATION_FAILED': { status: 422, slug: 'invalid', title: 'Request body is invalid' },
  'REQUEST.UNKNOWN_RELEASE': { status: 422, slug: 'unknown-release', title: 'Unknown release' },
  'TRIGGER.UNKNOWN_EVENT': { status: 404, slug: 'unknown-event', title: 'No such trigger event for this role and release' },
  'TRIGGER.MANDATORY_FIELDS_MISSING': {
    status: 422,
    slug: 'trigger-fields-missing',
    title: 'Fields the event requires are missing',
  },
  'TRIGGER.PROZESS_ID_CONFLICT': {
    status: 409,
    slug: 'prozess-id-conflict',
    title: 'prozessId already used for another process or another trigger body',
  },
  'TRIGGER.REJECTED': { status: 422, slug: 'trigger-rejected', title: 'The middleware rejected the trigger' },
  'TRIGGER.DELIVERY_FAILED': { status: 502, slug: 'trigger-delivery-failed', title: 'The trigger could not be delivered to the middleware' },
  'TRIGGER.NO_MIDDLEWARE': { status: 503, slug: 'no-middleware', title: 'No middleware configured' },
});

export type TriggerProblemCode = keyof typeof TRIGGER_PROBLEMS;

export const triggerProblem = problemFactory(TRIGGER_PROBLEMS);
