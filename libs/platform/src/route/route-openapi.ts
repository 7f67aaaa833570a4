import type { OpenApiContext, OpenApiObject } from '../openapi/openapi-contribution';
import { BEARER_SCHEME, problemResponses } from '../openapi/service-openapi';
import { queryParametersOpenApi } from './query-parameters';
import type { RouteDescription } from './route-description';

/** A Nest path (`/processes/:key`) as OpenAPI writes it (`/processes/{key}`). */
export const openApiPathOf = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const REQUEST_ID = { $ref: '#/components/parameters/requestId' };
const REQUEST_ID_HEADER = { 'X-Request-Id': { $ref: '#/components/headers/requestId' } };

/**
 * The OpenAPI paths of routes: one operation per path of each route, a later spelling with its path in the operationId
 * (operationIds are unique in a document) and the summary. Nothing here is written by hand per route.
 */
export function routeOperations(routes: readonly RouteDescription[], context: OpenApiContext): Record<string, OpenApiObject> {
  const paths: Record<string, OpenApiObject> = {};
  for (const route of routes) {
    const served = route.paths.map((path) => servedPath(route, path, context));
    served.forEach((path, index) => {
      const documented = openApiPathOf(path);
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

function operationOf(route: RouteDescription, served: readonly string[], index: number, context: OpenApiContext): OpenApiObject {
  const path = served[index];
  const pathParameters = Object.entries(route.pathParameters ?? {}).map(([name, parameter]) => ({ name, in: 'path', required: true, ...parameter }));
  return {
    tags: [route.tag],
    operationId: index === 0 ? route.operationId : `${route.operationId}_${path.slice(1).replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: index === 0 ? route.summary : (route.aliasSummary?.(path) ?? `${route.summary} (also served as ${path})`),
    description: route.description + (served.length > 1 ? ` Served alike as ${served.map((each) => `\`${each}\``).join(', ')}.` : ''),
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
      ...problemResponses(route.problems, context, { statusText: route.statusText, instance: openApiPathOf(path), errorsOf: route.errorsOf }),
    },
  };
}
