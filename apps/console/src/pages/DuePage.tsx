import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { DeadlineView } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import { DeadlineRule } from '../components/DeadlineRule';
import { PageNavigation } from '../components/PageNavigation';
import { errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE, pageNumber } from '../lib/cursor-stack';
import {
  dueColour,
  type DueRow,
  dueRows,
  OVERDUE_QUERY,
  type OverdueList,
  relativeDue,
  withOverduePage,
} from '../lib/deadlines';
import { routePath } from '../lib/routes';
import { Link } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

/** Rows per read, of the open deadlines and of the overdue ones alike. */
const PAGE_SIZE = 50;

/**
 * The answer deadlines the role owes: the overdue ones (missed, not answered since) on top of the first page, a page
 * more at a time on request ("Show more overdue"), then the open ones soonest due first, a page at a time, each
 * coloured by the time left.
 */
export function DuePage(): ReactNode {
  const { api } = useSession();
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [open, setOpen] = useState<Page<DeadlineView> | null>(null);
  const [overdue, setOverdue] = useState<OverdueList | null>(null);
  /**
   * The overdue page to read: `cursor` null the first (again after a refresh), else the next one asked for. A new object
   * each time, so asking again after a failed read reads again.
   */
  const [overdueRead, setOverdueRead] = useState<{ cursor: string | null }>({ cursor: null });
  const [now, setNow] = useState(() => Date.now());
  const [refresh, setRefresh] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [overdueError, setOverdueError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [overdueLoading, setOverdueLoading] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    api
      .get<Page<DeadlineView>>('/deadlines', {
        state: 'open',
        limit: String(PAGE_SIZE),
        ...(stack.current ? { cursor: stack.current } : {}),
      })
      .then((page) => !cancelled && (setOpen(page), setNow(Date.now())))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setOpen(null)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, stack, refresh]);

  // Its own reads and cursor: paging the open ones leaves the overdue ones read so far as they are.
  useEffect(() => {
    let cancelled = false;
    setOverdueLoading(true);
    setOverdueError(null);
    api
      .get<Page<DeadlineView>>('/deadlines', {
        ...OVERDUE_QUERY,
        limit: String(PAGE_SIZE),
        ...(overdueRead.cursor ? { cursor: overdueRead.cursor } : {}),
      })
      .then(
        (page) =>
          !cancelled && (setOverdue((list) => withOverduePage(list, page, overdueRead.cursor)), setNow(Date.now())),
      )
      .catch((failure: unknown) => !cancelled && setOverdueError(errorText(failure)))
      .finally(() => !cancelled && setOverdueLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, overdueRead]);

  const firstPage = pageNumber(stack) === 1;
  const shownOverdue = firstPage ? (overdue?.items ?? []) : [];
  const rows = dueRows(shownOverdue, open?.items ?? [], now);
  const overdueRows = rows.slice(0, shownOverdue.length);
  const openRows = rows.slice(shownOverdue.length);
  const overdueCount = rows.filter((row) => row.overdue).length;
  const moreOverdue = firstPage ? overdue?.nextCursor : null;
  const line = (row: DueRow) => (
    <DueLine
      key={`${row.deadline.businessKey}|${row.deadline.rule}|${row.deadline.requestRevision}`}
      row={row}
      now={now}
    />
  );

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Due
        </Title>
        <Button
          variant="default"
          onClick={() => {
            // Both reads again from their first page (the open ones: the page shown).
            setOverdueRead({ cursor: null });
            setRefresh((count) => count + 1);
          }}
        >
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Answer deadlines this role owes: overdue ones on top (longest overdue first, {PAGE_SIZE} more at a time), then
        the open ones soonest due first. Colour by the time left: <Badge color="red">overdue</Badge>{' '}
        <Badge color="orange">under 2 h</Badge> <Badge color="yellow">under 24 h</Badge>{' '}
        <Badge color="green">later</Badge>
      </Text>
      {error && (
        <Alert color="red" role="alert" title="Could not read the deadlines">
          {error}
        </Alert>
      )}
      {overdueError && (
        <Alert color="red" role="alert" title="Could not read the overdue deadlines">
          {overdueError}
        </Alert>
      )}
      <Table withTableBorder aria-label="Deadlines, overdue first" aria-busy={loading || overdueLoading} fz="sm">
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
          {overdueRows.map(line)}
          {moreOverdue && (
            <Table.Tr data-more-overdue="true">
              <Table.Td colSpan={5} style={{ borderLeft: '4px solid var(--mantine-color-red-6)' }}>
                <Group gap="sm">
                  <Text size="sm">{shownOverdue.length} overdue shown; more are overdue.</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={overdueLoading}
                    onClick={() => setOverdueRead({ cursor: moreOverdue })}
                  >
                    Show more overdue
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
          {openRows.map(line)}
          {open && overdue && rows.length === 0 && (
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
          {overdueCount > 0 ? `${overdueCount} overdue, ` : ''}
          {rows.length - overdueCount} open on this page
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
            {deadline.requestReferences && `, ${deadline.requestReferences.join(' · ')}`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <DeadlineRule rule={deadline.rule} description={deadline.description} />
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
