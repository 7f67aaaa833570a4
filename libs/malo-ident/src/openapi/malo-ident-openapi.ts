import { type OpenApiContribution, type RouteDescription, routeOperations } from '@maco/platform';
import { IDENTIFY_ROUTE, RECORDED_ROUTE } from '../identify/identify-routes';
import { MASTER_DATA_ROUTE } from '../master-data/master-data-route';
import { MALO_IDENT_TAG } from './malo-ident-route-texts';
import { MALO_IDENT_SCHEMAS } from './malo-ident-schemas';

/** Every route of the group, in the order the document lists them. */
const MALO_IDENT_ROUTES: readonly RouteDescription[] = [IDENTIFY_ROUTE, MASTER_DATA_ROUTE, RECORDED_ROUTE];

/** The group's part of the NB OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function maloIdentOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'MaloIdent NB',
    description:
      'The grid operator identifies a market location for a supplier (candidates and the criteria that hit, input of EBD E_0594) and reads the identified one’s master data.',
    tags: [{ name: MALO_IDENT_TAG, description: 'MaLo identification on the grid operator’s side.' }],
    paths: routeOperations(MALO_IDENT_ROUTES, context),
    components: { schemas: MALO_IDENT_SCHEMAS },
  });
}
