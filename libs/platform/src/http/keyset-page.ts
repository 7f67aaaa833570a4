import type { Page } from '../platform-api';
import { encodeCursor } from './keyset-cursor';

/**
 * The page of rows read with `LIMIT limit + 1`: the extra row only tells that there is a next page, whose cursor is the
 * sort key of the page's last row.
 */
export function pageOf<R, T>(
  rows: readonly R[],
  limit: number,
  sortKeyOf: (row: R) => readonly (string | number)[],
  itemOf: (row: R) => T,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(itemOf),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(sortKeyOf(last)) : null,
  };
}
