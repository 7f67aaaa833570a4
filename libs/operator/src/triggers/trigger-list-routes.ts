import { cursorParameter, oneOfParameter, releaseParameter } from '@maco/platform';
import { consoleRead, limitQuery } from '../operator-read-route';
import { TRIGGER_STATUSES } from './trigger-list.repository';

export const TRIGGER_LIST_ROUTE = consoleRead({
  operationId: 'OPERATOR_TRIGGER_LIST',
  paths: ['/triggers'],
  summary: 'Trigger deliveries',
  description: 'The trigger outbox, newest first.',
  schema: 'Operator_TriggerPage',
  query: {
    status: { ...oneOfParameter('Delivery state.', TRIGGER_STATUSES), fallback: 'pending' as const },
    limit: limitQuery(),
    cursor: cursorParameter(['timestamp', 'uuid']),
  },
});

export const TRIGGER_EVENTS_ROUTE = consoleRead({
  operationId: 'OPERATOR_TRIGGER_EVENTS',
  paths: ['/triggers/events'],
  summary: 'Trigger event catalogue',
  description:
    'The events this role can send in the release (default: the one in force now), with their PIs and required fields.',
  schema: 'Operator_TriggerEvents',
  query: { release: releaseParameter('Release, `04/26` or `FV2604`.') },
});
