import { consoleRead } from '../operator-read-route';

export const SESSION_ROUTE = consoleRead({
  operationId: 'OPERATOR_SESSION',
  paths: ['/operator/session'],
  summary: 'The caller’s session',
  description: 'The service’s role, the token’s subject, whether it may write and whether it carries OPERATOR.',
  schema: 'Operator_Session',
});
