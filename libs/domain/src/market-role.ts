/** Market roles a MaCo backend can serve; each app is configured for exactly one. */
export type MarketRole = 'LF' | 'NB' | 'MSB';

export const MARKET_ROLES: readonly MarketRole[] = Object.freeze(['LF', 'NB', 'MSB'] as const);

/** The two writing Prozessdaten operations: `createProcessData` and `updateProcessData`. */
export type ProcessOperation = 'create' | 'update';
