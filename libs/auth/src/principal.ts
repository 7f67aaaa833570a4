import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';

/** Who called: the token's subject and the market roles it may write for. */
export interface Principal {
  subject?: string;
  roles: MarketRole[];
  /** When the token stops being valid (epoch ms), from its `exp` claim. */
  expiresAt?: number;
}

/** Injects the authenticated {@link Principal} into a handler parameter. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest<{ user: Principal }>().user,
);
