// The answer deadlines of the market processes: the rules as data (with their sources) and when each is due.
export { deadlineOf, dueOf } from './deadline-due';
export { answerReferencesOf, requestNumbersOf } from './deadline-references';
export {
  DEADLINE_RULES,
  type DeadlineRule,
  deadlineRulesAnsweredBy,
  deadlineRulesStartedBy,
  type DueAt,
} from './deadline-rules';
