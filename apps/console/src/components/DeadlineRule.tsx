import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A deadline's rule id and, below it, what the rule asks: the first cell of the Due page's and the process page's tables. */
export function DeadlineRule({ rule, description }: { rule: string; description: string | null }): ReactNode {
  return (
    <>
      <Text size="sm" ff="monospace">
        {rule}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </>
  );
}
