import { DEADLINE_RULES } from '@maco/domain';
import { booleanParameter, cursorParameter, instantParameter, oneOfParameter } from '@maco/platform';
import { consoleRead, limitQuery } from '../operator-read-route';
import { DEADLINE_STATES } from './deadline-list.repository';

/** The ids of every deadline rule (of any role: another role's rule finds nothing here). */
export const DEADLINE_RULE_IDS = DEADLINE_RULES.map((rule) => rule.rule);

export const DEADLINE_LIST_ROUTE = consoleRead({
  operationId: 'OPERATOR_DEADLINE_LIST',
  paths: ['/deadlines'],
  summary: 'Answer deadlines',
  description:
    'The answer deadlines this role owes, soonest due first (then record, rule, request revision); an open one past ' +
    'its due reads as missed (`state=missed&answered=false`: the overdue ones, no answer booked since); keyset pages.',
  schema: 'Operator_DeadlinePage',
  query: {
    state: oneOfParameter('State as read (an open deadline past its due is missed).', DEADLINE_STATES),
    dueBefore: instantParameter('Due before (date-time with offset).'),
    rule: oneOfParameter('Deadline rule.', DEADLINE_RULE_IDS),
    // Met, or missed and answered late; `state=missed&answered=false` is what is overdue.
    answered: booleanParameter('`true`: only deadlines whose answer is booked; `false`: only those without one.'),
    limit: limitQuery(),
    cursor: cursorParameter(['timestamp', 'uuid', 'text', 'integer']),
  },
});
