import { Box, Button, Code, Group, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { expandablePaths, flattenTree, togglePath } from '../lib/tree';

const KIND_COLOR: Record<string, string> = { string: 'teal.8', number: 'blue.8', boolean: 'grape.8', null: 'gray.7' };

/** A JSON value as a collapsible tree (keys, arrays with indexes, scalars); each node a button with aria-expanded. */
export function JsonTree({
  value,
  label,
  initialDepth = 0,
}: {
  value: unknown;
  label: string;
  initialDepth?: number;
}): ReactNode {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(initialDepth > 0 ? expandablePaths(value, initialDepth - 1) : []),
  );
  const rows = useMemo(() => flattenTree(value, expanded), [value, expanded]);
  return (
    <Box>
      <Group gap="xs" mb="xs">
        <Button size="compact-xs" variant="default" onClick={() => setExpanded(new Set(expandablePaths(value)))}>
          Expand all
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setExpanded(new Set())}>
          Collapse all
        </Button>
      </Group>
      <Box
        component="ul"
        role="tree"
        aria-label={label}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
        }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={row.path}
            role="treeitem"
            aria-level={row.depth + 1}
            aria-expanded={row.expandable ? row.expanded : undefined}
            style={{ paddingLeft: row.depth * 18 }}
          >
            {row.expandable ? (
              <UnstyledButton
                onClick={() => setExpanded((current) => togglePath(current, row.path))}
                aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${row.label}`}
                className="console-tree-toggle"
              >
                <Text span ff="monospace" size="sm">
                  {row.expanded ? '▾' : '▸'} <b>{row.label}</b>{' '}
                  <Text span c="dimmed" size="sm">
                    {row.text}
                  </Text>
                </Text>
              </UnstyledButton>
            ) : (
              <Text span ff="monospace" size="sm">
                {'  '}
                <b>{row.label}</b>:{' '}
                <Text span c={KIND_COLOR[row.kind]} size="sm">
                  {row.text}
                </Text>
              </Text>
            )}
          </Box>
        ))}
      </Box>
      {rows.length === 0 && <Code>empty</Code>}
    </Box>
  );
}
