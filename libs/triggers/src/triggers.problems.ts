import { JSONB_PROBLEMS } from '@maco/database';
import { BODY_VALIDATION_PROBLEMS, defineProblems, problemFactory } from '@maco/platform';

/**
 * What the trigger route answers when a trigger is not (or not yet) sent, besides the body-validation codes it shares
 * with the Prozessdaten group.
 */
export const TRIGGER_PROBLEMS = defineProblems({
  ...JSONB_PROBLEMS,
  ...BODY_VALIDATION_PROBLEMS,
  'TRIGGER.UNKNOWN_EVENT': {
    status: 404,
    slug: 'unknown-event',
    title: 'No such trigger event for this role and release',
  },
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
  'TRIGGER.DELIVERY_FAILED': {
    status: 502,
    slug: 'trigger-delivery-failed',
    title: 'The trigger could not be delivered to the middleware',
  },
  'TRIGGER.NO_MIDDLEWARE': { status: 503, slug: 'no-middleware', title: 'No middleware configured' },
});

export type TriggerProblemCode = keyof typeof TRIGGER_PROBLEMS;

export const triggerProblem = problemFactory(TRIGGER_PROBLEMS);
