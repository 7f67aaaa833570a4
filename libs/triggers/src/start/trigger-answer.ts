import type { ProblemError } from '@maco/platform';
import type { AttemptOutcome } from '../delivery/trigger-deliverer';
import type { TriggerOutcome } from '../metrics/trigger-metrics';
import { triggerProblem } from '../triggers.problems';

/** The middleware started the process: 201. */
export interface TriggerSent {
  prozessId: string;
  businessKey: string | null;
  eventname: string;
  status: 'sent';
}

/** Booked, not delivered yet; the service keeps trying: 202. */
export interface TriggerPending {
  prozessId: string;
  eventname: string;
  status: 'pending';
}

export type TriggerAnswer = TriggerSent | TriggerPending;

/** Outcome label of each problem a trigger request can end in; the others are refusals of the request (`invalid`). */
const OUTCOME_OF_PROBLEM: Partial<Record<string, TriggerOutcome>> = {
  'TRIGGER.REJECTED': 'rejected',
  'TRIGGER.DELIVERY_FAILED': 'failed',
  'TRIGGER.PROZESS_ID_CONFLICT': 'conflict',
  'TRIGGER.UNKNOWN_EVENT': 'unknown_event',
  'TRIGGER.NO_MIDDLEWARE': 'unavailable',
};

export function outcomeOfProblem(problem: ProblemError): TriggerOutcome {
  return OUTCOME_OF_PROBLEM[problem.code] ?? 'invalid';
}

/** What a delivery outcome is answered with: the 201/202 body, or the problem to throw. */
export function answerOf(
  outcome: Exclude<AttemptOutcome, { kind: 'taken-over' }>,
  prozessId: string,
  eventname: string,
): TriggerAnswer | ProblemError {
  switch (outcome.kind) {
    case 'sent':
      return { prozessId, businessKey: outcome.businessKey, eventname, status: 'sent' };
    case 'pending':
      return { prozessId, eventname, status: 'pending' };
    case 'rejected':
      return triggerProblem('TRIGGER.REJECTED', `The middleware rejected ${eventname}: ${outcome.errorCode}.`, {
        prozessId,
        errorCode: outcome.errorCode,
        message: outcome.message,
      });
    case 'failed':
      return triggerProblem('TRIGGER.DELIVERY_FAILED', `${eventname} could not be delivered: ${outcome.reason}.`, {
        prozessId,
        reason: outcome.reason,
      });
  }
}
