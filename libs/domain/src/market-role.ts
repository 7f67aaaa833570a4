import type { MarketRole } from './domain-api';

export type { MarketRole, ProcessOperation } from './domain-api';

export const MARKET_ROLES: readonly MarketRole[] = Object.freeze(['LF', 'NB', 'MSB'] as const);
