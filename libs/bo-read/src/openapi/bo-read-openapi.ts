import { routeOperations, type OpenApiContribution } from '@maco/platform';
import { BO_READ_ROUTES } from '../http/bo-read-routes';
import { BO_READ_SCHEMAS } from './bo-read-schemas';

/** The group's part of a role's OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function boReadOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'BO4E Lesen',
    description:
      'The middleware reads the master data the backend holds: the business objects booked with processes, by location and key date (or period).',
    tags: [{ name: 'BO4E Lesen', description: 'Read business objects by location and key date.' }],
    paths: routeOperations(BO_READ_ROUTES, context),
    components: { schemas: BO_READ_SCHEMAS },
  });
}
