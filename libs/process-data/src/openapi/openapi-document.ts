import type { OpenAPIObject } from '@nestjs/swagger';
import { type MarketRole, type ProcessOperation, toEnglish } from '@maco/domain';
import {
  buildServiceOpenApi,
  type OpenApiContribution,
  renderServiceOpenApi,
  type RouteDescription,
  routeOperations,
  schemaRef as ref,
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
import { englishEnvelopeName, englishEnvelopeSchemas } from './english-envelope-schemas';
import { envelopeSchemas } from './envelope-schemas';
import type { OpenApiExample, OpenApiExamples } from './openapi-examples';
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

/** An example's English twin, made by the domain's own `toEnglish`: what the vendor's English path sends. */
function englishExample({ name, summary, value }: OpenApiExample): OpenApiExample {
  return {
    name: `${name}-en`,
    summary: `${summary}, in the English dialect`,
    description: `The example \`${name}\` in the vendor's English dialect, translated by the service's own tables (\`toEnglish\` of @maco/domain).`,
    value: toEnglish(value) as Record<string, unknown>,
  };
}

/**
 * A booking route whose body is either form: the role's German envelope or its English twin (exclusive, since each
 * requires its own `transactionData`/`transaktionsdaten`), with each German example and its English twin.
 */
function bilingualBookingRoute(
  operation: ProcessOperation,
  role: MarketRole,
  envelope: string,
  examples: readonly OpenApiExample[],
): RouteDescription {
  const route = bookingRouteOf(operation, role, envelope, [
    ...examples,
    ...examples.map((example) => englishExample(example)),
  ]);
  if (!route.body) throw new Error(`The ${operation} route documents no body`);
  return {
    ...route,
    body: {
      ...route.body,
      description:
        `${route.body.description ?? ''} German BO4E (\`stammdaten\`, \`transaktionsdaten\`, \`zusatzdaten\`) or the ` +
        "vendor's English dialect (`masterData`, `transactionData`, `additionalData`), never both in one body.",
      schema: { oneOf: [ref(envelope), ref(englishEnvelopeName(role, operation))] },
    },
  };
}

/**
 * The group's part of a role's OpenAPI document, from its route descriptions: both Prozessdaten operations with the
 * role's request body schemas (from the class-validator metadata of `@maco/domain`, each with its English twin) and
 * `examples` (each with its English twin) as request examples, the process read and the quarantine. Pure: no app, no
 * database, no file access.
 */
export function processDataOpenApi(examples: OpenApiExamples): OpenApiContribution {
  return (context) => {
    const { role } = context;
    const { bodies, schemas } = envelopeSchemas(role);
    const english = englishEnvelopeSchemas(role, bodies, schemas);
    const clash = Object.keys(english).find((name) => name in schemas || name in PROCESS_DATA_SCHEMAS);
    if (clash) throw new Error(`The English schema ${clash} would replace a schema of the same name`);
    const booking = (['create', 'update'] as const).map((operation) =>
      bilingualBookingRoute(operation, role, bodies[operation], examples[role][operation] ?? []),
    );
    return {
      title: 'Prozessdaten',
      description:
        "MACO APP books market processes here, in German BO4E or in the vendor's English dialect. Bodies are validated against the schemas below; members they do not declare are accepted and stored verbatim.",
      tags: [PROZESSDATEN_TAG, QUARANTINE_TAG, JOURNAL_TAG],
      paths: routeOperations([...booking, ...ROLE_INDEPENDENT_ROUTES], context),
      components: {
        parameters: BOOKING_PARAMETERS,
        schemas: {
          ...schemas,
          ...english,
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
