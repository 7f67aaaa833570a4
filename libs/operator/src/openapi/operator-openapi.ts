import { type OpenApiContribution, type RouteDescription, routeOperations } from '@maco/platform';
import { BOOKING_SUMMARY_ROUTE } from '../bookings/bookings-routes';
import { DEADLINE_LIST_ROUTE } from '../deadlines/deadline-list-route';
import { FINDING_LIST_ROUTE, FINDING_SUMMARY_ROUTE } from '../findings/findings-routes';
import { OPERATOR_TAG } from '../operator-read-route';
import { PROCESS_LIST_ROUTE } from '../processes/process-list-route';
import { SESSION_ROUTE } from '../session/session-route';
import { TRIGGER_EVENTS_ROUTE, TRIGGER_LIST_ROUTE } from '../triggers/trigger-list-routes';
import { OPERATOR_SCHEMAS } from './operator-schemas';

/** Every route of the group, in the order the document lists them. */
const OPERATOR_ROUTES: readonly RouteDescription[] = [
  SESSION_ROUTE,
  PROCESS_LIST_ROUTE,
  TRIGGER_LIST_ROUTE,
  TRIGGER_EVENTS_ROUTE,
  FINDING_SUMMARY_ROUTE,
  FINDING_LIST_ROUTE,
  DEADLINE_LIST_ROUTE,
  BOOKING_SUMMARY_ROUTE,
];

/** The group's part of every role's OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function operatorOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'Operator',
    description:
      'The operator console reads processes, trigger deliveries, AHB findings, answer deadlines and booking counts (tokens with the role or `OPERATOR`).',
    tags: [{ name: OPERATOR_TAG, description: 'Reads of the operator console.' }],
    paths: routeOperations(OPERATOR_ROUTES, context),
    components: { schemas: OPERATOR_SCHEMAS },
  });
}
