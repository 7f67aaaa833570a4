import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some route of `fastify` answers on `path` (parameters and wildcards resolved by Fastify's own router):
 * empty when the path is unknown altogether. Asked only for requests that matched no route, so its cost is no concern.
 */
export function allowedMethods(fastify: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null);
}
