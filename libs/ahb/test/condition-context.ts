import type { MarketRole } from '@maco/domain';
import type { ConditionContext } from '../src/conditions/condition-context';

/** What a condition spec varies of the context a decider sees: the object in scope, the booking role, the senders. */
export interface ContextOptions {
  readonly scope?: { readonly key: string; readonly object: unknown };
  readonly receiverRole?: MarketRole;
  readonly senderRoles?: readonly string[];
}

/** The context a decider sees for `body`, booked by `options.receiverRole`, else `defaultRole`. */
export function conditionContext(
  body: unknown,
  options: ContextOptions = {},
  defaultRole: MarketRole = 'LF',
): ConditionContext {
  return {
    body,
    scope: options.scope,
    receiverRole: options.receiverRole ?? defaultRole,
    senderRoles: options.senderRoles ?? [],
  };
}
