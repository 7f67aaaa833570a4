import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ProcessSummary } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import { PageNavigation } from '../components/PageNavigation';
import { errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE } from '../lib/cursor-stack';
import {
  FILTER_FIELDS,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  type ProcessFilters,
} from '../lib/filters';
import { routePath } from '../lib/routes';
import { Link, navigate, useLocation } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

const PAGE_SIZE = 50;

/** The process list: filters in the URL (a search can be linked), newest first, keyset pages with a way back. */
export function ProcessesPage(): ReactNode {
  const { api } = useSession();
  const { search } = useLocation();
  const filters = filtersFromSearch(search);
  const filterKey = filtersToSearch(filters);
  const [form, setForm] = useState<ProcessFilters>(filters);
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [page, setPage] = useState<Page<ProcessSummary> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // A new search (form or link) starts at the first page.
  useEffect(() => {
    setForm(filtersFromSearch(filterKey));
    setStack(FIRST_PAGE);
  }, [filterKey]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    api
      .get<Page<ProcessSummary>>(
        '/processes',
        filtersToApiQuery(filtersFromSearch(filterKey), { cursor: stack.current, limit: PAGE_SIZE }),
      )
      .then((answer) => !cancelled && setPage(answer))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setPage(null)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, filterKey, stack]);

  const field = (name: keyof ProcessFilters) => ({
    value: form[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    navigate(`${routePath({ page: 'processes' })}${filtersToSearch(form)}`);
  };
  const reset = (): void => {
    setForm({});
    navigate(routePath({ page: 'processes' }));
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Processes
      </Title>
      <form onSubmit={submit} aria-label="Search processes">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput label="Any key" description="business key, prozessId, sub-process key" w={230} {...field('key')} />
          <TextInput label="MaLo-ID" w={140} {...field('maloId')} />
          <TextInput label="PI" description="5 digits" w={90} {...field('pruefidentifikator')} />
          <TextInput label="Release" description="04/26 or FV2604" w={120} {...field('release')} />
          <NativeSelect
            label="Status"
            description="trigger processes"
            w={130}
            data={[
              { value: '', label: 'any' },
              { value: 'pending', label: 'pending' },
              { value: 'sent', label: 'sent' },
              { value: 'failed', label: 'failed' },
            ]}
            {...field('status')}
          />
          <NativeSelect
            label="Findings"
            w={170}
            data={[
              { value: '', label: 'no filter' },
              { value: 'any', label: 'any finding' },
              { value: 'code', label: 'with code…' },
            ]}
            value={form.findings ? (form.findings === 'any' ? 'any' : 'code') : ''}
            onChange={(event) => {
              const choice = event.currentTarget.value;
              setForm((current) => ({ ...current, findings: choice === 'code' ? ' ' : choice }));
            }}
          />
          {form.findings && form.findings !== 'any' && (
            <TextInput
              label="Finding code"
              w={220}
              value={form.findings.trim()}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setForm((current) => ({ ...current, findings: value || ' ' }));
              }}
            />
          )}
          <TextInput type="date" label="Created from" description="UTC day, inclusive" w={160} {...field('from')} />
          <TextInput type="date" label="Created to" description="UTC day, inclusive" w={160} {...field('to')} />
          <Button type="submit">Search</Button>
          <Button type="button" variant="default" onClick={reset}>
            Reset
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" title="Search failed" role="alert">
          {error}
        </Alert>
      )}
      <Table striped highlightOnHover withTableBorder aria-label="Processes, newest first" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Business key</Table.Th>
            <Table.Th>PI</Table.Th>
            <Table.Th>Release</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Revisions</Table.Th>
            <Table.Th>Findings</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((item) => (
            <Table.Tr key={item.businessKey}>
              <Table.Td>
                <Link to={routePath({ page: 'process', key: item.businessKey })} ff="monospace" size="sm">
                  {item.businessKey}
                </Link>
              </Table.Td>
              <Table.Td>{item.pruefidentifikator ?? '–'}</Table.Td>
              <Table.Td>{item.release}</Table.Td>
              <Table.Td>{item.status ? <Badge variant="light">{item.status}</Badge> : '–'}</Table.Td>
              <Table.Td>{item.revisionCount}</Table.Td>
              <Table.Td>
                {item.findingCount === 0 ? (
                  '0'
                ) : (
                  <Group gap={4}>
                    <Text span size="sm" fw={600}>
                      {item.findingCount}
                    </Text>
                    {item.findingCodes.map((code) => (
                      <Badge key={code} color="orange" variant="light" size="sm" tt="none">
                        {code}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>{formatTime(item.createdAt)}</Table.Td>
              <Table.Td>{formatTime(item.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
          {page && page.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed">No process matches.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <PageNavigation stack={stack} nextCursor={page?.nextCursor} onChange={setStack} loading={loading} />
      <Text size="xs" c="dimmed">
        Filters:{' '}
        {FILTER_FIELDS.filter((name) => filters[name])
          .map((name) => `${name}=${filters[name]}`)
          .join(', ') || 'none'}
      </Text>
    </Stack>
  );
}
