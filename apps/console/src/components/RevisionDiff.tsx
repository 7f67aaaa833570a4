import { Badge, Box, Group, NativeSelect, Table, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import type { RevisionView } from '@maco/process-data/api';
import { revisionDialect } from '../lib/dialect';
import { diffBodies, type DiffRow } from '../lib/diff';
import { DialectBadge } from './DialectBadge';

const ROW_STYLE: Record<DiffRow['kind'], { left?: string; right?: string }> = {
  same: {},
  removed: { left: 'var(--mantine-color-red-1)' },
  added: { right: 'var(--mantine-color-green-1)' },
  changed: { left: 'var(--mantine-color-red-1)', right: 'var(--mantine-color-green-1)' },
};

function Cell({ cell, background, sign }: { cell: DiffRow['left']; background?: string; sign: string }): ReactNode {
  return (
    <>
      <Table.Td c="dimmed" ta="right" style={{ width: 44, userSelect: 'none', background }}>
        {cell?.line ?? ''}
      </Table.Td>
      <Table.Td
        style={{
          background,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 12,
        }}
      >
        {cell ? (
          <>
            {background ? <span aria-label={sign === '-' ? 'removed: ' : 'added: '}>{sign} </span> : '  '}
            {cell.text}
          </>
        ) : null}
      </Table.Td>
    </>
  );
}

/** A side's heading: the revision, and its dialect (an English and a German body differ in every name). */
function SideHeading({ revision }: { revision: RevisionView | undefined }): ReactNode {
  const dialect = revision ? revisionDialect(revision) : null;
  return (
    <Group gap="xs">
      <span>Revision {revision?.revision ?? '–'}</span>
      {dialect && <DialectBadge dialect={dialect} />}
    </Group>
  );
}

/** Two revisions' bodies side by side (defaults: the previous and the latest), removed and added lines highlighted. */
export function RevisionDiff({ revisions }: { revisions: RevisionView[] }): ReactNode {
  const numbers = revisions.map((revision) => revision.revision).sort((a, b) => a - b);
  const latest = numbers[numbers.length - 1];
  const [left, setLeft] = useState<number | undefined>(numbers.length > 1 ? numbers[numbers.length - 2] : latest);
  const [right, setRight] = useState<number | undefined>(latest);
  const diff = useMemo(() => {
    const bodyOf = (revision: number | undefined): unknown => revisions.find((r) => r.revision === revision)?.body;
    return diffBodies(bodyOf(left), bodyOf(right));
  }, [left, right, revisions]);
  const options = numbers.map((n) => ({
    value: String(n),
    label: `Revision ${n} (${revisions.find((r) => r.revision === n)?.operation ?? ''})`,
  }));
  if (numbers.length === 0) return <Text c="dimmed">No revisions.</Text>;
  return (
    <Box>
      <Group align="end" mb="sm">
        <NativeSelect
          label="Left (old) revision"
          data={options}
          value={String(left)}
          onChange={(event) => setLeft(Number(event.currentTarget.value))}
        />
        <NativeSelect
          label="Right (new) revision"
          data={options}
          value={String(right)}
          onChange={(event) => setRight(Number(event.currentTarget.value))}
        />
        <Badge color="red" variant="light">
          −{diff.removed} lines
        </Badge>
        <Badge color="green" variant="light">
          +{diff.added} lines
        </Badge>
      </Group>
      {revisions.every((revision) => revision.body === undefined) && (
        <Text c="dimmed">The service answered without bodies.</Text>
      )}
      <Box style={{ maxHeight: 560, overflow: 'auto' }}>
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={0}
          horizontalSpacing={4}
          aria-label={`Diff of revision ${left} and revision ${right}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th colSpan={2}>
                <SideHeading revision={revisions.find((revision) => revision.revision === left)} />
              </Table.Th>
              <Table.Th colSpan={2}>
                <SideHeading revision={revisions.find((revision) => revision.revision === right)} />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.rows.map((row, index) => (
              <Table.Tr key={index} data-kind={row.kind}>
                <Cell cell={row.left} background={ROW_STYLE[row.kind].left} sign="-" />
                <Cell cell={row.right} background={ROW_STYLE[row.kind].right} sign="+" />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}
