import type { QueryConfig } from 'pg';

/** A named prepared statement: PostgreSQL parses and plans it once per connection, not once per request. */
export function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}
