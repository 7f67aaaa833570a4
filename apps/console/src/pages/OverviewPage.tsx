import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { BookingSummary, DeadlineView, FindingSummary, TriggerDeliveryView } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import type { QuarantineUsage } from '@maco/process-data/api';
import { errorText } from '../lib/api';
import { OVERDUE_QUERY } from '../lib/deadlines';
import {
  bookingChart,
  countOfPage,
  countText,
  findingsByCode,
  type OverviewPeriod,
  periodQuery,
} from '../lib/overview';
import { routePath } from '../lib/routes';
import { Link } from '../navigation';
import { useSession } from '../session';

const COLOURS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];
const OTHER_COLOUR = 'gray.5';
/** The counts of the cards read one page of this size: more shows as `200+`. */
const COUNT_LIMIT = '200';
const DAY_MS = 86_400_000;

interface Counts {
  refusedOpen: number;
  pending: { count: number; more: boolean };
  failed: { count: number; more: boolean };
  dueSoon: { count: number; more: boolean };
  missed: { count: number; more: boolean };
  /** Missed and not answered since (read on their own: the page of missed ones may not hold them all). */
  overdue: { count: number; more: boolean };
}

/** A read that may fail on its own: the card shows its error, the other cards their numbers. */
type Loaded<T> = { kind: 'loading' } | { kind: 'done'; value: T } | { kind: 'error'; text: string };

/** The console's first page: bookings and findings of the last 24 h or 7 days as charts, and what waits on someone. */
export function OverviewPage(): ReactNode {
  const { api } = useSession();
  const [period, setPeriod] = useState<OverviewPeriod>('24h');
  const [now] = useState(() => new Date());
  const query = useMemo(() => periodQuery(period, now), [period, now]);
  const [bookings, setBookings] = useState<Loaded<BookingSummary>>({ kind: 'loading' });
  const [findings, setFindings] = useState<Loaded<FindingSummary>>({ kind: 'loading' });
  const [counts, setCounts] = useState<Loaded<Counts>>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const load = <T,>(path: string, set: (loaded: Loaded<T>) => void) => {
      set({ kind: 'loading' });
      api
        .get<T>(path, query)
        .then((value) => !cancelled && set({ kind: 'done', value }))
        .catch((failure: unknown) => !cancelled && set({ kind: 'error', text: errorText(failure) }));
    };
    load<BookingSummary>('/bookings/summary', setBookings);
    load<FindingSummary>('/findings/summary', setFindings);
    return () => {
      cancelled = true;
    };
  }, [api, query]);

  useEffect(() => {
    let cancelled = false;
    const pageOf = <T,>(path: string, params: Record<string, string>) =>
      api.get<Page<T>>(path, { ...params, limit: COUNT_LIMIT });
    Promise.all([
      api.get<QuarantineUsage>('/refused/usage'),
      pageOf<TriggerDeliveryView>('/triggers', { status: 'pending' }),
      pageOf<TriggerDeliveryView>('/triggers', { status: 'failed' }),
      pageOf<DeadlineView>('/deadlines', {
        state: 'open',
        dueBefore: new Date(now.getTime() + DAY_MS).toISOString(),
      }),
      pageOf<DeadlineView>('/deadlines', { state: 'missed' }),
      pageOf<DeadlineView>('/deadlines', OVERDUE_QUERY),
    ])
      .then(
        ([usage, pending, failed, dueSoon, missed, overdue]) =>
          !cancelled &&
          setCounts({
            kind: 'done',
            value: {
              refusedOpen: usage.entries.open,
              pending: countOfPage(pending),
              failed: countOfPage(failed),
              dueSoon: countOfPage(dueSoon),
              missed: countOfPage(missed),
              overdue: countOfPage(overdue),
            },
          }),
      )
      .catch((failure: unknown) => !cancelled && setCounts({ kind: 'error', text: errorText(failure) }));
    return () => {
      cancelled = true;
    };
  }, [api, now]);

  const bucketWord = query.bucket === 'hour' ? 'hour' : 'day';
  const periodWords = period === '24h' ? 'the last 24 hours' : 'the last 7 days';

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Overview
        </Title>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(value) => setPeriod(value as OverviewPeriod)}
          data={[
            { value: '24h', label: '24 hours' },
            { value: '7d', label: '7 days' },
          ]}
        />
      </Group>
      {counts.kind === 'error' && (
        <Alert color="red" role="alert" title="Could not read the counts">
          {counts.text}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <CountCard
          title="Deadlines due within 24 h"
          label="Deadlines due within 24 hours"
          value={counts.kind === 'done' ? countText(counts.value.dueSoon) : null}
          colour="yellow"
          to={routePath({ page: 'due' })}
          linkText="Due page"
        />
        <CountCard
          title="Deadlines missed"
          label="Deadlines missed"
          value={counts.kind === 'done' ? countText(counts.value.missed) : null}
          note={counts.kind === 'done' ? `${countText(counts.value.overdue)} not answered since` : undefined}
          colour="red"
          to={routePath({ page: 'due' })}
          linkText="Due page"
        />
        <CountCard
          title="Trigger deliveries"
          label="Trigger deliveries pending"
          value={counts.kind === 'done' ? countText(counts.value.pending) : null}
          unit="pending"
          colour="yellow"
          to={`${routePath({ page: 'triggers' })}?status=pending`}
          linkText="Pending deliveries"
          second={
            counts.kind === 'done'
              ? {
                  label: 'Trigger deliveries failed',
                  value: countText(counts.value.failed),
                  unit: 'failed',
                  colour: 'red',
                  to: `${routePath({ page: 'triggers' })}?status=failed`,
                  linkText: 'Failed deliveries',
                }
              : undefined
          }
        />
        <CountCard
          title="Refused writes open"
          label="Refused writes open"
          value={counts.kind === 'done' ? String(counts.value.refusedOpen) : null}
          colour="orange"
          to={routePath({ page: 'refused' })}
          linkText="Refused list"
        />
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="overview-bookings">
        <Title order={2} size="h4" id="overview-bookings">
          Bookings per {bucketWord} by PI, {periodWords}
        </Title>
        <Loadable loaded={bookings}>{(summary) => <BookingsChart summary={summary} />}</Loadable>
      </Card>

      <Card withBorder component="section" aria-labelledby="overview-findings">
        <Title order={2} size="h4" id="overview-findings">
          Findings by code, {periodWords}
        </Title>
        <Loadable loaded={findings}>{(summary) => <FindingsChart summary={summary} />}</Loadable>
      </Card>
    </Stack>
  );
}

function Loadable<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ReactNode }): ReactNode {
  if (loaded.kind === 'loading')
    return (
      <Text c="dimmed" size="sm">
        Loading…
      </Text>
    );
  if (loaded.kind === 'error')
    return (
      <Alert color="red" role="alert">
        {loaded.text}
      </Alert>
    );
  return children(loaded.value);
}

interface CountLine {
  label: string;
  value: string | null;
  unit?: string;
  colour: string;
  to: string;
  linkText: string;
}

function CountCard({
  title,
  note,
  second,
  ...first
}: CountLine & { title: string; note?: string; second?: CountLine }): ReactNode {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      {[first, ...(second ? [second] : [])].map((line) => (
        <Group key={line.label} justify="space-between" align="baseline" mt="xs" gap="xs">
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text fz={28} fw={700} aria-label={`Number of ${line.label.toLowerCase()}`} data-count={line.value ?? ''}>
              {line.value ?? '…'}
            </Text>
            {line.unit && (
              <Badge color={line.colour} variant="light" style={{ display: 'inline-flex', flexShrink: 0 }}>
                {line.unit}
              </Badge>
            )}
          </Group>
          <Link to={line.to} size="sm">
            {line.linkText}
          </Link>
        </Group>
      ))}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

function BookingsChart({ summary }: { summary: BookingSummary }): ReactNode {
  const chart = useMemo(() => bookingChart(summary), [summary]);
  const processes = (pi?: string) =>
    `${routePath({ page: 'processes' })}?${new URLSearchParams({
      ...(pi ? { pruefidentifikator: pi } : {}),
      from: summary.from,
    }).toString()}`;
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" c="dimmed">
        {chart.total} revision(s) booked since {new Date(summary.from).toLocaleString('de-DE')}.{' '}
        <Link to={processes()} size="sm">
          Processes created since
        </Link>
      </Text>
      {chart.total === 0 ? (
        <Text c="dimmed">Nothing booked in the period.</Text>
      ) : (
        <>
          <BarChart
            h={260}
            data={chart.data}
            dataKey="bucket"
            type="stacked"
            yAxisProps={{ allowDecimals: false }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={chart.series.map((series, index) => ({
              name: series.name,
              label: series.label,
              color: series.name === 'other' ? OTHER_COLOUR : COLOURS[index % COLOURS.length],
            }))}
            aria-label="Bookings chart"
          />
          <Group gap="xs" aria-label="Bookings per PI">
            {chart.series
              .filter((series) => series.name.startsWith('pi') && series.label !== 'no PI')
              .map((series) => (
                <Link key={series.name} to={processes(series.label)} size="sm">
                  PI {series.label}: {series.total}
                </Link>
              ))}
          </Group>
        </>
      )}
    </Stack>
  );
}

function FindingsChart({ summary }: { summary: FindingSummary }): ReactNode {
  const codes = useMemo(() => findingsByCode(summary), [summary]);
  const listOf = (code: string) =>
    `${routePath({ page: 'findings' })}?${new URLSearchParams({ code, from: summary.from, to: summary.to }).toString()}`;
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" c="dimmed">
        {codes.reduce((sum, code) => sum + code.count, 0)} finding(s).{' '}
        <Link to={routePath({ page: 'findings' })} size="sm">
          Findings page
        </Link>
      </Text>
      {codes.length === 0 ? (
        <Text c="dimmed">No findings in the period.</Text>
      ) : (
        <>
          <BarChart
            h={Math.max(120, codes.length * 36 + 40)}
            data={codes}
            dataKey="code"
            orientation="vertical"
            yAxisProps={{ width: 200 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: 'count', label: 'findings', color: 'orange.6' }]}
            aria-label="Findings chart"
          />
          <Group gap="xs" aria-label="Findings per code">
            {codes.map((code) => (
              <Link key={code.code} to={listOf(code.code)} size="sm">
                {code.code}: {code.count}
              </Link>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
