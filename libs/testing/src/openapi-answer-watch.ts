import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildServiceOpenApi, SERVICE_DEFINITION, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { openApiAnswerRecord } from './openapi-answer-record';
import { type ObservedAnswer, OpenApiAnswerChecker, type OpenApiDocumentShape } from './openapi-answers';

/**
 * Routes every service serves that its OpenAPI document leaves out on purpose, each with the reason. An answer on any
 * other route the document does not have is a violation: a new route must be documented or listed here.
 */
export const ROUTES_OUTSIDE_THE_DOCUMENT: ReadonlyArray<{ route: RegExp; reason: string }> = [
  {
    route: /^\/docs(\/.*)?$/,
    reason: 'the OpenAPI document itself and Swagger UI (static files), served for readers of the contract',
  },
  {
    route: /^\/metrics$/,
    reason: "Prometheus' text exposition for the scraper, an operations endpoint and not part of the API contract",
  },
  {
    route: /^\/console(\/.*)?$/,
    reason: 'the operator console: HTML, JavaScript and CSS files of the single-page app, not an API',
  },
];

const checkers = new WeakMap<ServiceDefinition, OpenApiAnswerChecker>();

/** The checker of the document a service of `definition` serves at `/docs/openapi.json` (built once per definition). */
export function openApiCheckerOf(definition: ServiceDefinition): OpenApiAnswerChecker {
  let checker = checkers.get(definition);
  if (!checker) {
    checker = new OpenApiAnswerChecker(
      buildServiceOpenApi(definition, serviceProblems(definition)) as unknown as OpenApiDocumentShape,
    );
    checkers.set(definition, checker);
  }
  return checker;
}

/**
 * Checks every answer of a service (created, not yet listening) against the OpenAPI document of its definition: an
 * answer on an operation of the document must have a documented status and content type, and a body that validates
 * against the documented schema; an answer on a route the document lacks must be on a route of
 * {@link ROUTES_OUTSIDE_THE_DOCUMENT} or of `routesOutsideTheDocument` (a test's own routes, each with the reason), or be
 * a route the document names for other values of its parameters only (`/prozessdaten/{role}/…` of another role: 404, as
 * for any path the service does not serve).
 * Answers are kept as they are sent and checked after the test (never slowing an answer down); violations and the
 * documented answers seen go to {@link openApiAnswerRecord}, where the integration tier's setup file fails the test that
 * caused them. Fastify's own 404/405 for a path no route matches is not an operation: not checked. A module without the
 * platform (no service definition) is not watched.
 */
export function watchAnswersAgainstOpenApi(
  app: NestFastifyApplication,
  routesOutsideTheDocument: Readonly<Record<string, string>> = {},
): void {
  let definition: ServiceDefinition;
  try {
    definition = app.get<symbol, ServiceDefinition>(SERVICE_DEFINITION, { strict: false });
  } catch {
    return;
  }
  const record = openApiAnswerRecord();
  const seen = record.seen.get(definition.role) ?? new Set<string>();
  record.seen.set(definition.role, seen);
  const outside = (route: string) =>
    route in routesOutsideTheDocument || ROUTES_OUTSIDE_THE_DOCUMENT.some(({ route: pattern }) => pattern.test(route));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      const route = request.routeOptions.url;
      // Fastify's own 404/405 for a path no route matches: no operation of any document.
      if (route === undefined) return done(null, payload);
      const path = request.url.split('?')[0];
      const answer: ObservedAnswer = {
        method: request.method === 'HEAD' ? 'GET' : request.method,
        path,
        status: reply.statusCode,
        contentType: headerText(reply.getHeader('content-type')),
        // A HEAD answer is its GET's without the body: its status is checked, no body.
        body: request.method === 'HEAD' ? undefined : bodyText(payload),
      };
      const where = `${request.method} ${request.url}${route !== path ? ` (route ${route})` : ''} → ${reply.statusCode}`;
      record.pending.push(() => {
        try {
          const checker = openApiCheckerOf(definition);
          const verdict = checker.check(answer);
          if (verdict.kind === 'invalid') record.violations.push(`${where}: ${verdict.problems.join('; ')}`);
          else if (verdict.kind === 'valid' && request.method !== 'HEAD')
            seen.add(`${verdict.answer.method} ${verdict.answer.path} ${verdict.answer.status}`);
          else if (verdict.kind === 'outside' && !outside(route) && !checker.documentsRoute(answer.method, route)) {
            record.violations.push(
              `${where}: the route is not in the OpenAPI document (document it, or list it in ROUTES_OUTSIDE_THE_DOCUMENT with the reason)`,
            );
          }
        } catch (error) {
          record.violations.push(`${where}: could not be checked: ${(error as Error).stack ?? String(error)}`);
        }
      });
      done(null, payload);
    });
}

const headerText = (value: unknown): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);

function bodyText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}
