import { type OpenApiContribution, routeOperations } from '@maco/platform';
import { FORMAT_VERSION, triggerRoute } from '../start/trigger-route';
import { TRIGGER_SCHEMAS } from './triggers-schemas';

/**
 * The group's part of a role's OpenAPI document, from its route description: `POST /triggers/{eventname}` with the
 * role's events of every release. Pure: no app, no database, no file access.
 */
export function triggersOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'Triggers',
    description:
      'The backend starts processes at the middleware (MACO APP) with triggers: booked first, then sent to its `POST /inbound`, retried in the background while it is unreachable.',
    tags: [{ name: 'Triggers', description: 'Start a market process at the middleware.' }],
    paths: routeOperations([triggerRoute(context.role)], context),
    components: {
      parameters: {
        triggerFormatVersion: {
          name: 'X-Format-Version',
          in: 'header',
          required: false,
          description: FORMAT_VERSION.description,
          schema: FORMAT_VERSION.schema,
        },
      },
      schemas: TRIGGER_SCHEMAS,
    },
  });
}
