// The answer deadlines of the market processes: the rules as data (with their sources) and when each is due.
export { deadlineOf, dueOf } from './deadline-due';
export { answerReferencesOf, requestNumbersOf } from './deadline-references';
export { requestDateOf, type RequestMessage } from './request-dates';
export {
  type CountedForward,
  DEADLINE_RULES,
  type DeadlineRule,
  deadlineRulesAnsweredBy,
  deadlineRulesStartedBy,
  type DueAt,
  type RequestDate,
} from './deadline-rules';
