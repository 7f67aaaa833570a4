import {
  answerReferencesOf,
  deadlineRulesAnsweredBy,
  isPlainObject,
  type MarketRole,
  type ReleaseName,
  triggerEvent,
} from '@maco/domain';
import { targetBusinessKeyOf } from '../start/trigger-request';

/** What a trigger the middleware accepted answers: the deadline rules of its PI on the process it names. */
export interface TriggerDeadlineAnswer {
  rules: string[];
  pruefidentifikator: string;
  /** The request numbers its body refers to (`answerReferencesOf`); absent: none. */
  references?: string[];
}

/**
 * The deadlines a trigger answers once the middleware accepted it: it names the request's process
 * (`zusatzdaten.targetBusinessKey`) and produces exactly one answer PI of a deadline rule of the role — the one its
 * `transaktionsdaten.pruefidentifikator` names among its event's, else its event's only one. An event that may produce
 * several answers and a body that names none answer nothing here: the middleware's report of the message sent, booked
 * on the trigger's process, names the PI and answers then.
 */
export function triggerDeadlineAnswer(
  role: MarketRole,
  release: ReleaseName,
  eventname: string,
  body: Record<string, unknown>,
): TriggerDeadlineAnswer | undefined {
  if (targetBusinessKeyOf(body) === null) return undefined;
  const event = triggerEvent(release, role, eventname);
  if (!event) return undefined;
  const transaktionsdaten = body['transaktionsdaten'];
  const named = isPlainObject(transaktionsdaten) ? transaktionsdaten['pruefidentifikator'] : undefined;
  const produced =
    typeof named === 'string' && event.pruefidentifikatoren.includes(named) ? [named] : event.pruefidentifikatoren;
  const answering = produced.filter((pi) => deadlineRulesAnsweredBy(role, pi).length > 0);
  if (answering.length !== 1) return undefined;
  const [pruefidentifikator] = answering;
  const references = isPlainObject(transaktionsdaten) ? answerReferencesOf(transaktionsdaten) : undefined;
  return {
    rules: deadlineRulesAnsweredBy(role, pruefidentifikator).map(({ rule }) => rule),
    pruefidentifikator,
    ...(references && { references }),
  };
}
