import type { QueryConfig } from 'pg';

/** A named prepared statement: PostgreSQL parses and plans it once per connection, not once per request. */
export function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}

/**
 * A statement planned at each execution, for one whose best plan depends on how large a table has grown since the
 * connection's first use (a cached generic plan keeps the one made then). Its name goes into a leading comment, for
 * logs and the single-key check.
 */
export function plannedEachTime(name: string, text: string, values: unknown[]): QueryConfig {
  return { text: `/* ${name} */${text}`, values };
}
