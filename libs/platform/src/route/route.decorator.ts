import { applyDecorators, Get, HttpCode, Post, SetMetadata } from '@nestjs/common';
import { IS_OPERATOR_READABLE } from '../http/operator-readable.decorator';
import { IS_PUBLIC } from '../http/public.decorator';
import { type RouteDescription, successStatusOf } from './route-description';

export const ROUTE_DESCRIPTION = 'maco:routeDescription';

/**
 * Registers a handler from its route description: method and every path, the success status, who may call it (the
 * flags the global guards read), and the description itself for whoever lists routes.
 */
export function Route(route: RouteDescription): MethodDecorator {
  const paths = route.paths.map((path) => path.slice(1));
  return applyDecorators(
    route.method === 'GET' ? Get(paths) : Post(paths),
    HttpCode(successStatusOf(route)),
    SetMetadata(ROUTE_DESCRIPTION, route),
    ...(route.auth === 'public' ? [SetMetadata(IS_PUBLIC, true)] : []),
    ...(route.auth === 'role+operator' ? [SetMetadata(IS_OPERATOR_READABLE, true)] : []),
  );
}
