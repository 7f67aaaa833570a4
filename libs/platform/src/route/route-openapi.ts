import type { OpenApiContext, OpenApiObject } from '../openapi/openapi-contribution';
import { BEARER_SCHEME, problemResponses } from '../openapi/service-openapi';
import { queryParametersOpenApi } from './query-parameters';
import type { PathParameter, RouteDescription } from './route-description';

/** A Nest path (`/processes/:key`) as OpenAPI writes it (`/processes/{key}`). */
export const openApiPathOf = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const REQUEST_ID = { $ref: '#/components/parameters/requestId' };
const REQUEST_ID_HEADER = { 'X-Request-Id': { $ref: '#/components/headers/requestId' } };

/**
 * The OpenAPI paths of routes: one operation per path of each route, a later spelling with its path in the operationId
 * (operationIds are unique in a document) and the summary. Nothing here is written by hand per route.
 */
export function routeOperations(
  routes: readonly RouteDescription[],
  context: OpenApiContext,
): Record<string, OpenApiObject> {
  const paths: Record<string, OpenApiObject> = {};
  for (const route of routes) {
    const served = route.paths.map((path) => servedPath(route, path, context));
    served.forEach((path, index) => {
      const documented = documentedPathOf(route, path);
      const operations = (paths[documented] ??= {});
      operations[route.method.toLowerCase()] = operationOf(route, served, index, context);
    });
  }
  return paths;
}

/** A path as this service serves it: the role parameter, if any, is the service's role (`/orders/lf/create`). */
function servedPath(route: RouteDescription, path: string, context: OpenApiContext): string {
  return route.roleParameter ? path.replace(`:${route.roleParameter}`, context.role.toLowerCase()) : path;
}

/** A route's path as the document writes it: its parameters in braces, by the names the document gives them. */
function documentedPathOf(route: RouteDescription, path: string): string {
  return Object.entries(route.pathParameters ?? {}).reduce(
    (documented, [name, parameter]) =>
      parameter.routeName ? documented.replace(`{${parameter.routeName}}`, `{${name}}`) : documented,
    openApiPathOf(path),
  );
}

/** The path of a request as a problem example names it: each parameter's example where it has one. */
function examplePathOf(route: RouteDescription, path: string): string {
  return Object.entries(route.pathParameters ?? {}).reduce(
    (example, [name, parameter]) => (parameter.example ? example.replace(`{${name}}`, parameter.example) : example),
    documentedPathOf(route, path),
  );
}

const pathParameterOf = (name: string, { description, schema, example }: PathParameter): OpenApiObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
  ...(example ? { example } : {}),
});

function operationOf(
  route: RouteDescription,
  served: readonly string[],
  index: number,
  context: OpenApiContext,
): OpenApiObject {
  const path = served[index];
  const pathParameters = Object.entries(route.pathParameters ?? {}).map(([name, parameter]) =>
    pathParameterOf(name, parameter),
  );
  return {
    tags: [route.tag],
    operationId:
      index === 0 ? route.operationId : `${route.operationId}_${path.slice(1).replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: index === 0 ? route.summary : (route.aliasSummary?.(path) ?? `${route.summary} (also served as ${path})`),
    description:
      route.description +
      (served.length > 1 ? ` Served alike as ${served.map((each) => `\`${each}\``).join(', ')}.` : ''),
    ...(route.auth === 'public' ? {} : { security: [{ [BEARER_SCHEME]: [] }] }),
    parameters: [...pathParameters, ...queryParametersOpenApi(route.query ?? {}), ...(route.headers ?? []), REQUEST_ID],
    ...(route.body
      ? {
          requestBody: {
            required: route.body.required,
            ...(route.body.description ? { description: route.body.description } : {}),
            content: {
              'application/json': {
                schema: route.body.schema,
                ...(route.body.example !== undefined ? { example: route.body.example } : {}),
                ...(route.body.examples ? { examples: route.body.examples } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.answers).map(([status, answer]) => [
          status,
          {
            description: answer.description,
            headers: { ...REQUEST_ID_HEADER, ...answer.headers },
            ...(answer.schema
              ? {
                  content: {
                    [answer.contentType ?? 'application/json']: {
                      schema: answer.schema,
                      ...(answer.example !== undefined ? { example: answer.example } : {}),
                      ...(answer.examples ? { examples: answer.examples } : {}),
                    },
                  },
                }
              : {}),
          },
        ]),
      ),
      ...problemResponses(route.problems, context, {
        statusText: route.statusText,
        instance: examplePathOf(route, path),
        errorsOf: route.errorsOf,
      }),
    },
  };
}
