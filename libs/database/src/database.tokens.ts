/** Injection token of the {@link DatabaseConnection} (URL, embedded server) the service runs on. */
export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

/** Injection token of the service's one pg `Pool`: every repository of every group queries through it. */
export const PG_POOL = Symbol('PG_POOL');
