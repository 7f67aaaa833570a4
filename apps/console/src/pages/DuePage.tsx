import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { DeadlineView } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import { PageNavigation } from '../components/PageNavigation';
import { errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE, pageNumber } from '../lib/cursor-stack';
import { dueColour, type DueRow, dueRows, relativeDue } from '../lib/deadlines';
import { routePath } from '../lib/routes';
import { Link } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

const PAGE_SIZE = 50;
/** Overdue deadlines shown on top of the first page at most (one read); more are counted as such. */
const OVERDUE_LIMIT = 200;

/**
 * The answer deadlines the role owes: the overdue ones (missed, not answered since) on top of the first page, then the
 * open ones soonest due first, a page at a time, each coloured by the time left.
 */
export function DuePage(): ReactNode {
  const { api } = useSession();
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [open, setOpen] = useState<Page<DeadlineView> | null>(null);
  const [missed, setMissed] = useState<Page<DeadlineView> | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [refresh, setRefresh] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    Promise.all([
      api.get<Page<DeadlineView>>('/deadlines', {
        state: 'open',
        limit: String(PAGE_SIZE),
        ...(stack.current ? { cursor: stack.current } : {}),
      }),
      api.get<Page<DeadlineView>>('/deadlines', { state: 'missed', limit: String(OVERDUE_LIMIT) }),
    ])
      .then(([openPage, missedPage]) => {
        if (cancelled) return;
        setOpen(openPage);
        setMissed(missedPage);
        setNow(Date.now());
      })
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setOpen(null)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, stack, refresh]);

  const firstPage = pageNumber(stack) === 1;
  const rows = open ? dueRows(firstPage ? (missed?.items ?? []) : [], open.items, now) : [];
  const overdue = rows.filter((row) => row.overdue).length;

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Due
        </Title>
        <Button variant="default" onClick={() => setRefresh((count) => count + 1)}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Answer deadlines this role owes: overdue ones on top, then the open ones soonest due first. Colour by the time
        left: <Badge color="red">overdue</Badge> <Badge color="orange">under 2 h</Badge>{' '}
        <Badge color="yellow">under 24 h</Badge> <Badge color="green">later</Badge>
      </Text>
      {error && (
        <Alert color="red" role="alert" title="Could not read the deadlines">
          {error}
        </Alert>
      )}
      {firstPage && missed?.nextCursor && (
        <Alert color="red" title="More overdue deadlines">
          The {OVERDUE_LIMIT} longest overdue are shown; more are missed.
        </Alert>
      )}
      <Table withTableBorder aria-label="Deadlines, overdue first" aria-busy={loading} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Process</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Time left</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <DueLine
              key={`${row.deadline.businessKey}|${row.deadline.rule}|${row.deadline.requestRevision}`}
              row={row}
              now={now}
            />
          ))}
          {open && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed">Nothing due.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {open && (
        <Text size="sm" c="dimmed">
          {overdue > 0 ? `${overdue} overdue, ` : ''}
          {rows.length - overdue} open on this page
        </Text>
      )}
      <PageNavigation stack={stack} nextCursor={open?.nextCursor} onChange={setStack} loading={loading} />
    </Stack>
  );
}

function DueLine({ row, now }: { row: DueRow; now: number }): ReactNode {
  const { deadline, overdue } = row;
  const colour = overdue ? 'red' : dueColour(deadline.due, now);
  return (
    <Table.Tr data-colour={colour} data-overdue={overdue ? 'true' : 'false'}>
      <Table.Td style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)` }}>
        <Link to={routePath({ page: 'process', key: deadline.businessKey })} ff="monospace" size="sm">
          {deadline.businessKey}
        </Link>
        {deadline.pruefidentifikator && (
          <Text size="xs" c="dimmed">
            PI {deadline.pruefidentifikator}, request revision {deadline.requestRevision}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {deadline.rule}
        </Text>
        {deadline.description && (
          <Text size="xs" c="dimmed">
            {deadline.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td title={deadline.due} style={{ whiteSpace: 'nowrap' }}>
        {formatTime(deadline.due)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge
          color={colour}
          variant="filled"
          tt="none"
          style={{ display: 'inline-flex' }}
          aria-label={`Time left: ${relativeDue(deadline.due, now)}`}
        >
          {relativeDue(deadline.due, now)}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={overdue ? 'red' : 'gray'} variant="light" style={{ display: 'inline-flex' }}>
          {overdue ? 'overdue' : deadline.state}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
