import type { FastifyInstance } from 'fastify';

export interface RecordedRoute {
  method: string;
  /** As Fastify routes it: `:name` parameters, `*` wildcards. */
  path: string;
}

/**
 * Every route `fastify` is given from now on, filled in as they are added: call it before the Nest app initialises,
 * which is when Nest adds its controllers' routes.
 */
export function recordRoutes(fastify: FastifyInstance): RecordedRoute[] {
  const recorded: RecordedRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) recorded.push({ method, path: route.url });
  });
  return recorded;
}

/** Drops the HEAD route Fastify adds beside each GET route: the same handler, behind the same guards. */
export function withoutHeadTwins<T extends RecordedRoute>(routes: readonly T[]): T[] {
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.path));
  return routes.filter((route) => !(route.method === 'HEAD' && gets.has(route.path)));
}
