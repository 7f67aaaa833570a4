import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { routeFlag } from './route-flag';

export const IS_OPERATOR_READABLE = 'maco:isOperatorReadable';

/**
 * Lets a token carrying `OPERATOR` (the operator console) call a route besides the service role. Only for routes that
 * read: a route that books or sends stays the service role's.
 */
export const OperatorReadable = (): MethodDecorator & ClassDecorator => SetMetadata(IS_OPERATOR_READABLE, true);

export function isOperatorReadable(reflector: Reflector, context: ExecutionContext): boolean {
  return routeFlag(reflector, IS_OPERATOR_READABLE, context);
}
