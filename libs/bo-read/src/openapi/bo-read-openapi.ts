import { type OpenApiContribution, type RouteDescription, routeOperations } from '@maco/platform';
import { IDENTIFY_LOCATION_ROUTE } from '../identify-location/identify-location-route';
import { MASTER_DATA_ROUTE } from '../master-data-import/master-data-import-route';
import { READ_DESCRIPTIONS } from '../reads/read-descriptions';
import { BO_READ_SCHEMAS } from './bo-read-schemas';
import { BO_READ_TAG } from './bo-read-tag';

/** Every route of the group, in the order the document lists them. */
const BO_READ_ROUTES: readonly RouteDescription[] = [
  ...READ_DESCRIPTIONS.values(),
  MASTER_DATA_ROUTE,
  IDENTIFY_LOCATION_ROUTE,
];

/** The group's part of a role's OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function boReadOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'BO4E Lesen',
    description:
      'The middleware reads the master data the backend holds: the business objects booked with processes, by location and key date (or period).',
    tags: [{ name: BO_READ_TAG, description: 'Read business objects by location and key date.' }],
    paths: routeOperations(BO_READ_ROUTES, context),
    components: { schemas: BO_READ_SCHEMAS },
  });
}
