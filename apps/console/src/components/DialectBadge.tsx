import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { type BodyDialect, DIALECT_BADGE } from '../lib/dialect';

/** The BO4E dialect of a body as a small badge, its meaning in the tooltip (`title`). */
export function DialectBadge({ dialect }: { dialect: BodyDialect }): ReactNode {
  const { label, title, color } = DIALECT_BADGE[dialect];
  return (
    <Badge size="sm" variant="light" color={color} tt="none" title={title}>
      {label}
    </Badge>
  );
}
