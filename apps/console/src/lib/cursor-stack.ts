/**
 * Keyset pages: the API only knows "the page after this cursor", so going back means remembering the cursors of the
 * pages before. `current` is the cursor of the page shown (null: the first page).
 */
export interface CursorStack {
  readonly current: string | null;
  readonly previous: readonly (string | null)[];
}

export const FIRST_PAGE: CursorStack = { current: null, previous: [] };

/** The page after the one shown, reached with the answer's `nextCursor`. */
export function nextPage(stack: CursorStack, nextCursor: string): CursorStack {
  return { current: nextCursor, previous: [...stack.previous, stack.current] };
}

/** The page before; on the first page, the first page. */
export function previousPage(stack: CursorStack): CursorStack {
  if (stack.previous.length === 0) return FIRST_PAGE;
  return { current: stack.previous[stack.previous.length - 1], previous: stack.previous.slice(0, -1) };
}

export function canGoBack(stack: CursorStack): boolean {
  return stack.previous.length > 0;
}

/** 1-based number of the page shown. */
export function pageNumber(stack: CursorStack): number {
  return stack.previous.length + 1;
}
