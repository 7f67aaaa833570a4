import { Alert, Badge, Button, Code, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { Page } from '@maco/platform/api';
import type { QuarantineUsage, RefusedSummary } from '@maco/process-data/api';
import { PageNavigation } from '../components/PageNavigation';
import { errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE } from '../lib/cursor-stack';
import {
  quarantineFillText,
  REFUSED_FILTER_FIELDS,
  REFUSED_STATES,
  refusedApiQuery,
  type RefusedFilters,
  refusedFiltersFromSearch,
  refusedFiltersToSearch,
  shorten,
  STATE_COLOR,
} from '../lib/refused';
import { routePath } from '../lib/routes';
import { Link, navigate, useLocation } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

const PAGE_SIZE = 50;

/** The quarantine: every write the service refused, newest first, filtered by state (open by default), code, PI, operation and date. */
export function RefusedPage(): ReactNode {
  const { api } = useSession();
  const { search } = useLocation();
  const filters = refusedFiltersFromSearch(search);
  const filterKey = refusedFiltersToSearch(filters);
  const [form, setForm] = useState<RefusedFilters>(filters);
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [page, setPage] = useState<Page<RefusedSummary> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const [usage, setUsage] = useState<QuarantineUsage | null>(null);

  useEffect(() => {
    let cancelled = false;
    api
      .get<QuarantineUsage>('/refused/usage')
      .then((answer) => !cancelled && setUsage(answer))
      .catch(() => !cancelled && setUsage(null));
    return () => {
      cancelled = true;
    };
  }, [api, refresh]);

  // A new search (form or link) starts at the first page.
  useEffect(() => {
    setForm(refusedFiltersFromSearch(filterKey));
    setStack(FIRST_PAGE);
  }, [filterKey]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    api
      .get<Page<RefusedSummary>>(
        '/refused',
        refusedApiQuery(refusedFiltersFromSearch(filterKey), { cursor: stack.current, limit: PAGE_SIZE }),
      )
      .then((answer) => !cancelled && setPage(answer))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setPage(null)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, filterKey, stack, refresh]);

  const field = (name: Exclude<keyof RefusedFilters, 'state'>) => ({
    value: form[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    navigate(`${routePath({ page: 'refused' })}${refusedFiltersToSearch(form)}`);
  };
  const reset = (): void => {
    setForm({ state: 'open' });
    navigate(routePath({ page: 'refused' }));
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Refused
      </Title>
      <Text size="sm" c="dimmed">
        Every write the service answered with 4xx is kept here with its body: the middleware does not send it again.
        Open one to resubmit or dismiss it.
      </Text>
      {usage && <QuarantineFill usage={usage} />}
      <form onSubmit={submit} aria-label="Search refused writes">
        <Group align="end" gap="sm" wrap="wrap">
          <NativeSelect
            label="State"
            w={130}
            data={REFUSED_STATES.map((value) => ({ value, label: value }))}
            value={form.state}
            onChange={(event) => {
              const value = event.currentTarget.value as RefusedFilters['state'];
              setForm((current) => ({ ...current, state: value }));
            }}
          />
          <TextInput label="Code" description="e.g. PROCESS_DATA.BODY_INVALID" w={260} {...field('code')} />
          <TextInput label="PI" description="5 digits" w={90} {...field('pruefidentifikator')} />
          <NativeSelect
            label="Operation"
            w={120}
            data={[
              { value: '', label: 'any' },
              { value: 'create', label: 'create' },
              { value: 'update', label: 'update' },
            ]}
            {...field('operation')}
          />
          <TextInput type="date" label="Received from" description="UTC day, inclusive" w={160} {...field('from')} />
          <TextInput type="date" label="Received to" description="UTC day, inclusive" w={160} {...field('to')} />
          <Button type="submit">Search</Button>
          <Button type="button" variant="default" onClick={reset}>
            Reset
          </Button>
          <Button
            type="button"
            variant="default"
            onClick={() => (setStack(FIRST_PAGE), setRefresh((count) => count + 1))}
          >
            Refresh
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" title="Could not list the refused writes" role="alert">
          {error}
        </Alert>
      )}
      <Table
        striped
        highlightOnHover
        withTableBorder
        fz="sm"
        aria-label="Refused writes, newest first"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>PI</Table.Th>
            <Table.Th>Operation</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Link
                  to={routePath({ page: 'refused-entry', id: item.id })}
                  size="sm"
                  aria-label={`Refused write ${item.id} received ${item.receivedAt}`}
                >
                  {formatTime(item.receivedAt)}
                </Link>
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOR[item.state]} variant="light" miw={80} style={{ overflow: 'visible' }}>
                  {item.state}
                </Badge>
              </Table.Td>
              <Table.Td>{item.status}</Table.Td>
              <Table.Td>
                <Code>{item.code}</Code>
              </Table.Td>
              <Table.Td>{item.pruefidentifikator ?? '–'}</Table.Td>
              <Table.Td>{item.operation}</Table.Td>
              <Table.Td title={item.detail}>{shorten(item.detail)}</Table.Td>
            </Table.Tr>
          ))}
          {page && page.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">No refused write matches.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <PageNavigation stack={stack} nextCursor={page?.nextCursor} onChange={setStack} loading={loading} />
      <Text size="xs" c="dimmed">
        Filters:{' '}
        {REFUSED_FILTER_FIELDS.filter((name) => filters[name])
          .map((name) => `${name}=${filters[name]}`)
          .join(', ')}
      </Text>
    </Stack>
  );
}

/** How much of its quota (QUARANTINE_MAX_BYTES) the quarantine holds; from 80 % on in orange, full in red. */
function QuarantineFill({ usage }: { usage: QuarantineUsage }): ReactNode {
  const { text, share } = quarantineFillText(usage);
  return (
    <Text size="sm" aria-label="Quarantine fill" c={share >= 1 ? 'red' : share >= 0.8 ? 'orange' : undefined}>
      {text}
    </Text>
  );
}
