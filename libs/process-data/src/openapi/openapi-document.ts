import type { OpenAPIObject } from '@nestjs/swagger';
import type { MarketRole } from '@maco/domain';
import {
  buildServiceOpenApi,
  type OpenApiContribution,
  renderServiceOpenApi,
  type RouteDescription,
  routeOperations,
  type ServiceDefinition,
  serviceProblems,
} from '@maco/platform';
import { BOOKING_PARAMETERS, bookingRouteOf } from '../booking/booking-routes';
import { JOURNAL_USAGE_ROUTE } from '../journal/journal-routes';
import { PROCESS_DATA_PROBLEMS } from '../process-data.problems';
import { PROCESS_READ_ROUTE } from '../process-read/process-read-routes';
import {
  REFUSED_DISMISS_ROUTE,
  REFUSED_ENTRY_ROUTE,
  REFUSED_LIST_ROUTE,
  REFUSED_RESUBMIT_ROUTE,
  REFUSED_USAGE_ROUTE,
} from '../quarantine/quarantine-routes';
import { envelopeSchemas } from './envelope-schemas';
import type { OpenApiExamples } from './openapi-examples';
import { OPENAPI_EXAMPLES } from './openapi-examples.generated';
import { JOURNALED_MALO_IDENT_RECEIPT, MALO_IDENT_RECEIPT, PROCESS_DATA_SCHEMAS } from './process-data-schemas';
import { JOURNAL_TAG, PROZESSDATEN_TAG, QUARANTINE_TAG } from './route-tags';

/** The routes every role documents alike: the process read and the quarantine's. */
const ROLE_INDEPENDENT_ROUTES: readonly RouteDescription[] = [
  PROCESS_READ_ROUTE,
  REFUSED_LIST_ROUTE,
  REFUSED_USAGE_ROUTE,
  REFUSED_ENTRY_ROUTE,
  REFUSED_RESUBMIT_ROUTE,
  REFUSED_DISMISS_ROUTE,
  JOURNAL_USAGE_ROUTE,
];

/**
 * The group's part of a role's OpenAPI document, from its route descriptions: both Prozessdaten operations with the
 * role's request body schemas (from the class-validator metadata of `@maco/domain`) and `examples` as request examples,
 * the process read and the quarantine. Pure: no app, no database, no file access.
 */
export function processDataOpenApi(examples: OpenApiExamples): OpenApiContribution {
  return (context) => {
    const { role } = context;
    const { bodies, schemas } = envelopeSchemas(role);
    const booking = (['create', 'update'] as const).map((operation) =>
      bookingRouteOf(operation, role, bodies[operation], examples[role][operation] ?? []),
    );
    return {
      title: 'Prozessdaten',
      description:
        'MACO APP books market processes here. Bodies are validated against the schemas below; members they do not declare are accepted and stored verbatim.',
      tags: [PROZESSDATEN_TAG, QUARANTINE_TAG, JOURNAL_TAG],
      paths: routeOperations([...booking, ...ROLE_INDEPENDENT_ROUTES], context),
      components: {
        parameters: BOOKING_PARAMETERS,
        schemas: {
          ...schemas,
          ...PROCESS_DATA_SCHEMAS,
          ...(role === 'LF'
            ? { MaloIdentReceipt: MALO_IDENT_RECEIPT, JournaledMaloIdentReceipt: JOURNALED_MALO_IDENT_RECEIPT }
            : {}),
        },
      },
    };
  };
}

/** A service of `role` that offers this group alone: what the group's own tests document. */
const processDataOnly = (role: MarketRole, examples: OpenApiExamples): ServiceDefinition => ({
  role,
  groups: [
    {
      name: 'process-data',
      module: class ProcessDataOnly {},
      problems: PROCESS_DATA_PROBLEMS,
      openApi: processDataOpenApi(examples),
    },
  ],
});

/** The OpenAPI document of a service of `role` that offers the Prozessdaten group alone. */
export function buildOpenApiDocument(role: MarketRole, examples: OpenApiExamples = OPENAPI_EXAMPLES): OpenAPIObject {
  const definition = processDataOnly(role, examples);
  return buildServiceOpenApi(definition, serviceProblems(definition));
}

/** {@link buildOpenApiDocument}, rendered as committed. */
export function renderOpenApiDocument(role: MarketRole, examples: OpenApiExamples = OPENAPI_EXAMPLES): string {
  const definition = processDataOnly(role, examples);
  return renderServiceOpenApi(definition, serviceProblems(definition));
}
