import { routeOperations, type OpenApiContribution } from '@maco/platform';
import { OPERATOR_ROUTES } from '../http/operator-routes';
import { OPERATOR_SCHEMAS } from './operator-schemas';

/** The group's part of every role's OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function operatorOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'Operator',
    description:
      'The operator console reads processes, trigger deliveries and AHB findings (tokens with the role or `OPERATOR`).',
    tags: [{ name: 'Operator', description: 'Reads of the operator console.' }],
    paths: routeOperations(OPERATOR_ROUTES, context),
    components: { schemas: OPERATOR_SCHEMAS },
  });
}
