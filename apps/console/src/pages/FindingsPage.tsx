import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { FindingBucket, FindingSummary, FindingView } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import { PageNavigation } from '../components/PageNavigation';
import { errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE } from '../lib/cursor-stack';
import { filtersToApiQuery } from '../lib/filters';
import { findingsQueryOfCount, sortSummary } from '../lib/findings';
import { routePath } from '../lib/routes';
import { Link, useLocation } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

/** The findings a link asks to list (`?code=…&from=…&to=…[&pruefidentifikator=…]`, the overview's); null without a code. */
function linkedFindings(search: string): Record<string, string> | null {
  const params = new URLSearchParams(search);
  if (!params.get('code')) return null;
  const query: Record<string, string> = {};
  for (const name of ['code', 'pruefidentifikator', 'release', 'from', 'to']) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Finding counts per day (or hour) × PI × release × code; a count (or a link with `?code=`) lists the findings behind it. */
export function FindingsPage(): ReactNode {
  const { api } = useSession();
  const { search } = useLocation();
  const [range, setRange] = useState({ from: daysAgo(29), to: daysAgo(0), bucket: 'day' as FindingBucket });
  const [applied, setApplied] = useState(range);
  const [summary, setSummary] = useState<FindingSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Record<string, string> | null>(() => linkedFindings(search));
  useEffect(() => {
    const linked = linkedFindings(search);
    if (linked) setSelected(linked);
  }, [search]);

  useEffect(() => {
    let cancelled = false;
    const query = filtersToApiQuery({ from: applied.from, to: applied.to });
    query.set('bucket', applied.bucket);
    api
      .get<FindingSummary>('/findings/summary', query)
      .then((answer) => !cancelled && (setSummary(answer), setError(null)))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setSummary(null)));
    return () => {
      cancelled = true;
    };
  }, [api, applied]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setApplied(range);
    setSelected(null);
  };
  const sorted = summary ? sortSummary(summary.rows) : null;

  return (
    <Stack>
      <Title order={1} size="h2">
        Findings
      </Title>
      <form onSubmit={submit} aria-label="Findings period">
        <Group align="end">
          <TextInput
            type="date"
            label="From (UTC day)"
            value={range.from}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setRange((current) => ({ ...current, from: value }));
            }}
          />
          <TextInput
            type="date"
            label="To (UTC day, inclusive)"
            value={range.to}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setRange((current) => ({ ...current, to: value }));
            }}
          />
          <NativeSelect
            label="Per"
            data={[
              { value: 'day', label: 'day' },
              { value: 'hour', label: 'hour' },
            ]}
            value={range.bucket}
            onChange={(event) => {
              const value = event.currentTarget.value as FindingBucket;
              setRange((current) => ({ ...current, bucket: value }));
            }}
          />
          <Button type="submit">Show</Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert" title="Could not read the summary">
          {error}
        </Alert>
      )}
      {sorted && summary && (
        <>
          <Text size="sm" c="dimmed">
            {sorted.total} finding(s) of revisions received from {summary.from} to {summary.to} (exclusive)
          </Text>
          <Table striped withTableBorder aria-label="Finding counts" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{summary.bucket === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}</Table.Th>
                <Table.Th>PI</Table.Th>
                <Table.Th>Release</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Count</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.rows.map((row) => {
                const query = findingsQueryOfCount(row, summary.bucket);
                return (
                  <Table.Tr key={`${row.bucketStart}|${row.pruefidentifikator}|${row.release}|${row.code}`}>
                    <Table.Td>
                      {summary.bucket === 'hour'
                        ? row.bucketStart.slice(0, 16).replace('T', ' ')
                        : row.bucketStart.slice(0, 10)}
                    </Table.Td>
                    <Table.Td>{row.pruefidentifikator ?? '–'}</Table.Td>
                    <Table.Td>{row.release}</Table.Td>
                    <Table.Td>
                      <Badge color="orange" variant="light" tt="none">
                        {row.code}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        onClick={() => setSelected(query)}
                        aria-label={`${row.count} findings ${row.code} of PI ${row.pruefidentifikator ?? 'none'} on ${row.bucketStart}: list them`}
                      >
                        {row.count}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {sorted.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">No findings in the period.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </>
      )}
      {selected && <FindingList query={selected} />}
    </Stack>
  );
}

function FindingList({ query }: { query: Record<string, string> }): ReactNode {
  const { api } = useSession();
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [page, setPage] = useState<Page<FindingView> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);

  useEffect(() => setStack(FIRST_PAGE), [queryKey]);
  useEffect(() => {
    let cancelled = false;
    const params = new URLSearchParams(JSON.parse(queryKey) as Record<string, string>);
    params.set('limit', '50');
    if (stack.current) params.set('cursor', stack.current);
    api
      .get<Page<FindingView>>('/findings', params)
      .then((answer) => !cancelled && (setPage(answer), setError(null)))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setPage(null)));
    return () => {
      cancelled = true;
    };
  }, [api, queryKey, stack]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="finding-list-title">
      <Title order={2} size="h4" id="finding-list-title">
        Findings {query['code']} · PI {query['pruefidentifikator'] ?? '–'} · {query['release'] ?? '–'} · {query['from']}{' '}
        – {query['to']}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Table withTableBorder fz="sm" aria-label="Findings behind the count">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Process</Table.Th>
            <Table.Th>Revision</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Pointer</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((item, index) => (
            <Table.Tr key={`${item.businessKey}:${item.revision}:${index}`}>
              <Table.Td>
                <Link to={routePath({ page: 'process', key: item.businessKey })} ff="monospace" size="sm">
                  {item.businessKey}
                </Link>
              </Table.Td>
              <Table.Td>{item.revision}</Table.Td>
              <Table.Td>{formatTime(item.receivedAt)}</Table.Td>
              <Table.Td>{item.pointer === null ? '–' : <Code>{item.pointer}</Code>}</Table.Td>
              <Table.Td>{item.message ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PageNavigation stack={stack} nextCursor={page?.nextCursor} onChange={setStack} size="xs" />
    </Stack>
  );
}
