import { routeOperations, type OpenApiContribution } from '@maco/platform';
import { MALO_IDENT_ROUTES } from '../http/malo-ident-routes';
import { MALO_IDENT_SCHEMAS } from './malo-ident-schemas';

/** The group's part of the NB OpenAPI document, from its route descriptions. Pure: no app, no database. */
export function maloIdentOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'MaloIdent NB',
    description:
      'The grid operator identifies a market location for a supplier (candidates and the criteria that hit, input of EBD E_0594) and reads the identified one’s master data.',
    tags: [{ name: 'MaloIdent NB', description: 'MaLo identification on the grid operator’s side.' }],
    paths: routeOperations(MALO_IDENT_ROUTES, context),
    components: { schemas: MALO_IDENT_SCHEMAS },
  });
}
