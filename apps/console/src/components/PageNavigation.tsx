import { Button, Group, type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { canGoBack, type CursorStack, nextPage, pageNumber, previousPage } from '../lib/cursor-stack';

/** Previous / "Page N" / Next under a keyset-paged list; `loading` disables both while a page is on its way. */
export function PageNavigation({
  stack,
  nextCursor,
  onChange,
  loading = false,
  size,
}: {
  stack: CursorStack;
  nextCursor: string | null | undefined;
  onChange: (stack: CursorStack) => void;
  loading?: boolean;
  size?: MantineSize;
}): ReactNode {
  return (
    <Group>
      <Button
        variant="default"
        size={size}
        disabled={!canGoBack(stack) || loading}
        onClick={() => onChange(previousPage(stack))}
      >
        Previous page
      </Button>
      <Text size="sm" aria-live="polite">
        Page {pageNumber(stack)}
        {loading ? ' (loading…)' : ''}
      </Text>
      <Button
        variant="default"
        size={size}
        disabled={!nextCursor || loading}
        onClick={() => nextCursor && onChange(nextPage(stack, nextCursor))}
      >
        Next page
      </Button>
    </Group>
  );
}
