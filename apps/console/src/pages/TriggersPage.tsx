import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Grid,
  Group,
  JsonInput,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { TriggerDeliveryStatus, TriggerDeliveryView, TriggerEventCatalogue } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import { PageNavigation } from '../components/PageNavigation';
import { ApiError, errorText } from '../lib/api';
import { type CursorStack, FIRST_PAGE } from '../lib/cursor-stack';
import { annotateBody, type FieldError, fieldErrorsOf, groupFieldErrors, pointerLabel } from '../lib/field-errors';
import { routePath } from '../lib/routes';
import { Link, useLocation } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

const STATUSES = ['pending', 'failed', 'sent', 'all'] as const;
const STATUS_COLOR: Record<TriggerDeliveryStatus, string> = { pending: 'yellow', failed: 'red', sent: 'green' };
type StatusFilter = (typeof STATUSES)[number];

/** The status a link asked for (`?status=failed`); pending by default. */
function statusOfSearch(search: string): StatusFilter {
  const asked = new URLSearchParams(search).get('status');
  return (STATUSES as readonly (string | null)[]).includes(asked) ? (asked as StatusFilter) : 'pending';
}
const EMPTY_BODY = '{\n  "stammdaten": {},\n  "transaktionsdaten": {}\n}';

/** Trigger deliveries by status (from the link, `?status=`, else pending), and (for a token that may write) a form to start one. */
export function TriggersPage(): ReactNode {
  const { api, session } = useSession();
  const { search } = useLocation();
  const linkedStatus = statusOfSearch(search);
  const [status, setStatus] = useState<StatusFilter>(linkedStatus);
  const [stack, setStack] = useState<CursorStack>(FIRST_PAGE);
  const [page, setPage] = useState<Page<TriggerDeliveryView> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    const query: Record<string, string> = { status, limit: '50' };
    if (stack.current) query['cursor'] = stack.current;
    api
      .get<Page<TriggerDeliveryView>>('/triggers', query)
      .then((answer) => !cancelled && setPage(answer))
      .catch((failure: unknown) => !cancelled && (setError(errorText(failure)), setPage(null)));
    return () => {
      cancelled = true;
    };
  }, [api, status, stack, refresh]);

  // A link to another status (the overview's) while the page is shown.
  useEffect(() => {
    setStatus(linkedStatus);
    setStack(FIRST_PAGE);
  }, [linkedStatus]);

  const reload = useCallback(() => {
    setStack(FIRST_PAGE);
    setRefresh((count) => count + 1);
  }, []);

  return (
    <Stack>
      <Title order={1} size="h2">
        Triggers
      </Title>
      {session.canWrite ? (
        <StartTrigger onStarted={reload} />
      ) : (
        <Alert color="gray" title="Read only">
          Starting a trigger needs a token with the service role ({session.role}); this session can only read.
        </Alert>
      )}
      <Group align="end">
        <NativeSelect
          label="Status"
          data={STATUSES.map((value) => ({ value, label: value }))}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as StatusFilter);
            setStack(FIRST_PAGE);
          }}
        />
        <Button variant="default" onClick={reload}>
          Refresh
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Could not list the triggers">
          {error}
        </Alert>
      )}
      <Table striped withTableBorder aria-label={`Trigger deliveries (${status})`} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>prozessId</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last error</Table.Th>
            <Table.Th>Next attempt</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Delivered / failed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((item) => (
            <Table.Tr key={`${item.prozessId}:${item.eventname}:${item.createdAt}`}>
              <Table.Td>{item.eventname}</Table.Td>
              <Table.Td>
                <ProcessKeyLink delivery={item} />
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ overflow: 'visible' }} miw={80}>
                  {item.status}
                </Badge>
              </Table.Td>
              <Table.Td>{item.attempts}</Table.Td>
              <Table.Td>
                {item.errorCode && <Code>{item.errorCode}</Code>} {item.errorMessage ?? item.lastError ?? ''}
              </Table.Td>
              <Table.Td>{item.status === 'pending' ? formatTime(item.nextAttemptAt) : '–'}</Table.Td>
              <Table.Td>{formatTime(item.createdAt)}</Table.Td>
              <Table.Td>{formatTime(item.deliveredAt ?? item.failedAt)}</Table.Td>
            </Table.Tr>
          ))}
          {page && page.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed">No {status === 'all' ? '' : status} trigger.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <PageNavigation stack={stack} nextCursor={page?.nextCursor} onChange={setStack} />
    </Stack>
  );
}

/** The delivery's prozessId, linked to its process (by the middleware's business key once it has one); a trigger's process may have no prozessId. */
function ProcessKeyLink({ delivery }: { delivery: TriggerDeliveryView }): ReactNode {
  if (!delivery.prozessId) return '–';
  return (
    <Link to={routePath({ page: 'process', key: delivery.businessKey || delivery.prozessId })} ff="monospace" size="sm">
      {delivery.prozessId}
    </Link>
  );
}

type Outcome =
  | { kind: 'done'; status: number; body: unknown }
  | { kind: 'fields'; errors: FieldError[]; body: unknown; text: string }
  | { kind: 'error'; text: string };

function StartTrigger({ onStarted }: { onStarted: () => void }): ReactNode {
  const { api } = useSession();
  const [catalogue, setCatalogue] = useState<TriggerEventCatalogue | null>(null);
  const [catalogueError, setCatalogueError] = useState<string | null>(null);
  const [eventname, setEventname] = useState('');
  const [bodyText, setBodyText] = useState(EMPTY_BODY);
  const [prozessId, setProzessId] = useState('');
  const [release, setRelease] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    api
      .get<TriggerEventCatalogue>('/triggers/events', release.trim() ? { release: release.trim() } : undefined)
      .then((answer) => {
        setCatalogue(answer);
        setCatalogueError(null);
      })
      .catch((failure: unknown) => setCatalogueError(errorText(failure)));
  }, [api, release]);

  const event = catalogue?.events.find((candidate) => candidate.eventname === eventname);
  const parsed = useMemo((): { ok: true; value: unknown } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(bodyText) };
    } catch {
      return { ok: false };
    }
  }, [bodyText]);

  const submit = async (submitted: FormEvent): Promise<void> => {
    submitted.preventDefault();
    if (!eventname || !parsed.ok) return;
    const body = { ...(parsed.value as Record<string, unknown>) };
    if (prozessId.trim()) {
      const zusatzdaten = { ...((body['zusatzdaten'] as Record<string, unknown> | undefined) ?? {}) };
      zusatzdaten['prozessId'] = prozessId.trim();
      body['zusatzdaten'] = zusatzdaten;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await api.post<unknown>(
        `/triggers/${encodeURIComponent(eventname)}`,
        body,
        release.trim() ? { 'x-format-version': release.trim() } : {},
      );
      setOutcome({ kind: 'done', status: answer.status, body: answer.body });
      onStarted();
    } catch (failure) {
      const errors = failure instanceof ApiError ? fieldErrorsOf(failure.problem) : [];
      if (failure instanceof ApiError && failure.status === 422 && errors.length > 0)
        setOutcome({ kind: 'fields', errors, body, text: errorText(failure) });
      else setOutcome({ kind: 'error', text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="start-trigger-title">
      <Title order={2} size="h4" id="start-trigger-title" mb="sm">
        Start a trigger
      </Title>
      {catalogueError && (
        <Alert color="red" role="alert" mb="sm" title="Could not read the event catalogue">
          {catalogueError}
        </Alert>
      )}
      <form onSubmit={(submitted) => void submit(submitted)}>
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <NativeSelect
                label={`Event${catalogue ? ` (release ${catalogue.release})` : ''}`}
                required
                data={[
                  { value: '', label: 'choose an event…' },
                  ...(catalogue?.events ?? []).map((item) => ({ value: item.eventname, label: item.eventname })),
                ]}
                value={eventname}
                onChange={(change) => setEventname(change.currentTarget.value)}
              />
              <Group grow>
                <TextInput
                  label="prozessId (optional)"
                  description="sent as zusatzdaten.prozessId"
                  value={prozessId}
                  onChange={(change) => setProzessId(change.currentTarget.value)}
                />
                <TextInput
                  label="Release (optional)"
                  description="04/26 or FV2604; sent as X-Format-Version"
                  value={release}
                  onChange={(change) => setRelease(change.currentTarget.value)}
                />
              </Group>
              <JsonInput
                label="Body (JSON)"
                description="{stammdaten, transaktionsdaten}"
                value={bodyText}
                onChange={setBodyText}
                autosize
                minRows={8}
                maxRows={24}
                formatOnBlur
                validationError="Not valid JSON"
                error={
                  outcome?.kind === 'fields'
                    ? `${outcome.errors.length} field error(s): see beside the body`
                    : undefined
                }
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <Group>
                <Button type="submit" loading={busy} disabled={!eventname || !parsed.ok}>
                  Start trigger
                </Button>
                {!parsed.ok && (
                  <Text size="sm" c="red">
                    The body is not valid JSON.
                  </Text>
                )}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {event && (
              <Box mb="sm">
                <Text fw={600} size="sm">
                  {event.eventname}: PI {event.pruefidentifikatoren.join(', ') || '–'}
                </Text>
                <Text size="sm">Required fields:</Text>
                <List size="xs" spacing={0}>
                  {event.required.map((path) => (
                    <List.Item key={path}>
                      <Code>{path.startsWith('/') ? pointerLabel(path) : path}</Code>
                    </List.Item>
                  ))}
                </List>
              </Box>
            )}
            <TriggerOutcome outcome={outcome} />
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}

function TriggerOutcome({ outcome }: { outcome: Outcome | null }): ReactNode {
  if (!outcome) return null;
  if (outcome.kind === 'error') {
    return (
      <Alert color="red" role="alert" title="Not started">
        {outcome.text}
      </Alert>
    );
  }
  if (outcome.kind === 'done') {
    return (
      <Alert
        color={outcome.status === 201 ? 'green' : 'yellow'}
        role="status"
        title={outcome.status === 201 ? '201: sent to the middleware' : '202: accepted, delivery pending'}
      >
        <Code block>{JSON.stringify(outcome.body, null, 2)}</Code>
      </Alert>
    );
  }
  const lines = annotateBody(outcome.body, outcome.errors);
  return (
    <Stack gap="xs" role="alert">
      <Alert color="red" title="422: fields missing or invalid">
        {outcome.text}
        <List size="sm" mt="xs">
          {groupFieldErrors(outcome.errors).map((group) => (
            <List.Item key={group.pointer}>
              <Code>{group.pointer}</Code> ({group.label}): {group.messages.join('; ')}
            </List.Item>
          ))}
        </List>
      </Alert>
      <Box
        component="pre"
        aria-label="The body sent, with the field errors at their fields"
        style={{
          margin: 0,
          maxHeight: 420,
          overflow: 'auto',
          fontSize: 12,
          border: '1px solid var(--mantine-color-gray-4)',
          padding: 6,
        }}
      >
        {lines.map((line) => (
          <div key={line.number} style={line.errors.length ? { background: 'var(--mantine-color-red-0)' } : undefined}>
            {line.text}
            {line.errors.map((error, index) => (
              <div key={index} style={{ color: 'var(--mantine-color-red-9)', paddingLeft: 16 }}>
                ⚠ {error.missing ? `missing ${error.label}: ` : ''}
                {error.message}
              </div>
            ))}
          </div>
        ))}
      </Box>
    </Stack>
  );
}
