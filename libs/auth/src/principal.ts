import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';

/** Who called: the token's subject, the market roles it may write for, and whether it may read as an operator. */
export interface Principal {
  subject?: string;
  roles: MarketRole[];
  /** The token carries `OPERATOR`: it may call routes marked `@OperatorReadable()` whatever its market roles. */
  operator: boolean;
  /** When the token stops being valid (epoch ms), from its `exp` claim. */
  expiresAt?: number;
  /** When the token was issued (epoch ms), from its `iat` claim: with `expiresAt`, its lifetime. */
  issuedAt?: number;
}

/** Injects the authenticated {@link Principal} into a handler parameter. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal =>
    context.switchToHttp().getRequest<{ user: Principal }>().user,
);
