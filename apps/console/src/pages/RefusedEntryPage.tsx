import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ProblemDetails } from '@maco/platform/api';
import type { RefusedDetail, ResubmitAnswer } from '@maco/process-data/api';
import { DialectBadge } from '../components/DialectBadge';
import { JsonTree } from '../components/JsonTree';
import { ApiError, errorText } from '../lib/api';
import { bodyDialect } from '../lib/dialect';
import { prettyJson } from '../lib/pretty-json';
import {
  bodyView,
  describeState,
  dismissReason,
  formatBytes,
  problemErrors,
  refusedActions,
  type ResubmitResult,
  resubmitResult,
  STATE_COLOR,
} from '../lib/refused';
import { routePath } from '../lib/routes';
import { Link } from '../navigation';
import { useSession } from '../session';
import { formatTime } from './format';

function ProcessLink({ businessKey }: { businessKey: string }): ReactNode {
  return (
    <Link to={routePath({ page: 'process', key: businessKey })} ff="monospace" size="sm">
      {businessKey}
    </Link>
  );
}

/** A problem: its code, status and detail, and each field error's pointer and message. */
function ProblemView({ problem, label }: { problem: ProblemDetails; label: string }): ReactNode {
  const errors = problemErrors(problem);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Badge color="red" variant="light" tt="none">
          {problem.code}
        </Badge>
        <Text size="sm">HTTP {problem.status}</Text>
      </Group>
      <Text size="sm">{problem.detail || problem.title}</Text>
      {errors.length > 0 && (
        <Table withTableBorder fz="sm" verticalSpacing={2} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pointer</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <Code>{error.pointer || '(body)'}</Code>
                </Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <Table.Tr>
      <Table.Th w={200}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** One refused write: what it was answered, its body, where it came from, what became of it; resubmit or dismiss it. */
export function RefusedEntryPage({ id }: { id: string }): ReactNode {
  const { api, session } = useSession();
  const [entry, setEntry] = useState<RefusedDetail | null>(null);
  const [error, setError] = useState<{ text: string; code?: string } | null>(null);
  // Kept here: a booked resubmit resolves the entry, which takes the actions away.
  const [result, setResult] = useState<ResubmitResult | null>(null);

  useEffect(() => {
    let cancelled = false;
    setEntry(null);
    setResult(null);
    setError(null);
    api
      .get<RefusedDetail>(`/refused/${encodeURIComponent(id)}`)
      .then((answer) => !cancelled && setEntry(answer))
      .catch(
        (failure: unknown) =>
          !cancelled &&
          setError({ text: errorText(failure), code: failure instanceof ApiError ? failure.problem.code : undefined }),
      );
    return () => {
      cancelled = true;
    };
  }, [api, id]);

  if (error) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Refused write <Code>{id}</Code>
        </Title>
        <Alert
          color="red"
          role="alert"
          title={error.code === 'REFUSED.NOT_FOUND' ? 'No such refused write' : 'Could not load the refused write'}
        >
          {error.text}
        </Alert>
        <Link to={routePath({ page: 'refused' })}>Back to the refused writes</Link>
      </Stack>
    );
  }
  if (!entry) return <Loader aria-label="Loading the refused write" />;
  const actions = refusedActions(entry, session.canWrite);
  const body = bodyView(entry);
  // Only an English or mixed body is marked: German is what the service has always been sent.
  const dialect = body.kind === 'tree' ? bodyDialect(body.value) : null;
  const marked = dialect === 'en' || dialect === 'mixed' ? dialect : null;

  return (
    <Stack>
      <Group justify="space-between" align="start">
        <div>
          <Title order={1} size="h2">
            Refused write <Code fz="inherit">{entry.id}</Code>
          </Title>
          <Text size="sm" c="dimmed">
            {entry.role} · {entry.operation} ({entry.path}) · PI {entry.pruefidentifikator ?? '–'} · received{' '}
            {formatTime(entry.receivedAt)}
          </Text>
        </div>
        <Badge size="lg" variant="light" color={STATE_COLOR[entry.state]}>
          {entry.state}
        </Badge>
      </Group>
      <Alert color={STATE_COLOR[entry.state]} title="State" role="status">
        {describeState(entry, formatTime)}
        {entry.state === 'resolved' && entry.resolvedBusinessKey && (
          <Text size="sm" mt={4}>
            Process: <ProcessLink businessKey={entry.resolvedBusinessKey} />
          </Text>
        )}
      </Alert>
      {result && <ResubmitOutcome result={result} />}
      {actions.resubmit || actions.dismiss ? (
        <Actions entry={entry} onChanged={setEntry} onResubmitted={setResult} />
      ) : (
        !session.canWrite &&
        entry.state === 'open' && (
          <Alert color="gray" title="Read only">
            Resubmitting or dismissing needs a token with the service role ({session.role}); this session can only read.
          </Alert>
        )
      )}
      <Card withBorder component="section" aria-labelledby="refused-problem-title">
        <Title order={2} size="h4" id="refused-problem-title" mb="xs">
          Answered {entry.status} {entry.code}
        </Title>
        <ProblemView problem={entry.problem} label="Field errors of the refusal" />
      </Card>
      <Tabs defaultValue="body" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="body">Body</Tabs.Tab>
          <Tabs.Tab value="raw">Raw text</Tabs.Tab>
          <Tabs.Tab value="metadata">Metadata</Tabs.Tab>
          <Tabs.Tab value="problem">Problem (JSON)</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="body" pt="md">
          {body.kind === 'tree' ? (
            <Stack gap="xs">
              {marked && (
                <Group gap="xs">
                  <DialectBadge dialect={marked} />
                  <Text size="sm" c="dimmed">
                    {marked === 'en'
                      ? "Sent in the vendor's English dialect; shown as received."
                      : 'Mixes German and English containers; shown as received.'}
                  </Text>
                </Group>
              )}
              <JsonTree value={body.value} label="Body of the refused write" initialDepth={2} />
            </Stack>
          ) : (
            <Stack gap="xs">
              <Alert color="yellow" title="The body is not JSON">
                It is shown as the text it was received as ({formatBytes(entry.bodySize)}).
              </Alert>
              <Code block aria-label="Raw body of the refused write">
                {body.text || '(empty)'}
              </Code>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="raw" pt="md">
          <Code block aria-label="Body as received" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {entry.bodyText || '(empty)'}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="metadata" pt="md">
          <Table aria-label="Metadata of the refused write" withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              <Row label="Id">
                <Code>{entry.id}</Code>
              </Row>
              <Row label="Role">{entry.role}</Row>
              <Row label="Operation">
                {entry.operation} <Code>{entry.path}</Code>
              </Row>
              <Row label="Command">{entry.command ?? '–'}</Row>
              <Row label="PI">{entry.pruefidentifikator ?? '–'}</Row>
              <Row label="Received">
                <span title={entry.receivedAt}>{formatTime(entry.receivedAt)}</span>
              </Row>
              <Row label="Request id">{entry.requestId ? <Code>{entry.requestId}</Code> : '–'}</Row>
              <Row label="Token subject">{entry.tokenSubject ?? '–'}</Row>
              <Row label="Content type">{entry.contentType ?? '–'}</Row>
              <Row label="Body size">{formatBytes(entry.bodySize)}</Row>
              <Row label="Resolved">
                {entry.resolvedAt ? (
                  <>
                    {formatTime(entry.resolvedAt)} {entry.resolvedBy ? `(${entry.resolvedBy})` : ''}
                    {entry.resolvedBusinessKey && (
                      <>
                        {' '}
                        as <ProcessLink businessKey={entry.resolvedBusinessKey} />
                        {entry.resolvedRevision != null ? ` revision ${entry.resolvedRevision}` : ''}
                      </>
                    )}
                  </>
                ) : (
                  '–'
                )}
              </Row>
              <Row label="Dismissed">
                {entry.dismissedAt
                  ? `${formatTime(entry.dismissedAt)} by ${entry.dismissedBy ?? '–'}: ${entry.dismissedReason ?? ''}`
                  : '–'}
              </Row>
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="problem" pt="md">
          <Code block>{prettyJson(entry.problem)}</Code>
        </Tabs.Panel>
      </Tabs>
      <Link to={routePath({ page: 'refused' })}>Back to the refused writes</Link>
    </Stack>
  );
}

function Actions({
  entry,
  onChanged,
  onResubmitted,
}: {
  entry: RefusedDetail;
  onChanged: (entry: RefusedDetail) => void;
  onResubmitted: (result: ResubmitResult | null) => void;
}): ReactNode {
  const { api } = useSession();
  const [busy, setBusy] = useState<'resubmit' | 'dismiss' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const path = `/refused/${encodeURIComponent(entry.id)}`;

  const resubmit = async (): Promise<void> => {
    setBusy('resubmit');
    setFailure(null);
    onResubmitted(null);
    try {
      const answer = await api.post<ResubmitAnswer>(`${path}/resubmit`, undefined);
      onResubmitted(resubmitResult(answer.body));
      onChanged(answer.body.entry);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const dismiss = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const text = dismissReason(reason);
    if (!text) return;
    setBusy('dismiss');
    setFailure(null);
    onResubmitted(null);
    try {
      const answer = await api.post<RefusedDetail>(`${path}/dismiss`, { reason: text });
      onChanged(answer.body);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="refused-actions-title">
      <Title order={2} size="h4" id="refused-actions-title" mb="sm">
        Resubmit or dismiss
      </Title>
      <Stack gap="sm">
        <Group align="start">
          <Button onClick={() => void resubmit()} loading={busy === 'resubmit'} disabled={busy !== null}>
            Resubmit
          </Button>
          <Text size="sm" c="dimmed" maw={560}>
            Books the stored body through the normal write path, as if the middleware had sent it again now. A second
            resubmit books nothing twice.
          </Text>
        </Group>
        <form onSubmit={(event) => void dismiss(event)} aria-label="Dismiss the refused write">
          <Group align="end">
            <Textarea
              label="Reason"
              description="why this write is not to be booked (required)"
              required
              autosize
              minRows={1}
              w={420}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Button
              type="submit"
              color="gray"
              loading={busy === 'dismiss'}
              disabled={busy !== null || dismissReason(reason) === null}
            >
              Dismiss
            </Button>
          </Group>
        </form>
        {failure && (
          <Alert color="red" role="alert" title="Not done">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function ResubmitOutcome({ result }: { result: ResubmitResult }): ReactNode {
  if (result.kind === 'booked') {
    return (
      <Alert color="green" role="status" title="Booked">
        Booked as <ProcessLink businessKey={result.businessKey} /> revision {result.revision}
        {result.replayed ? ' (replayed: it was booked before)' : ''}
        {result.findingCount > 0 ? ` with ${result.findingCount} finding(s)` : ''}.
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title="Refused again">
      <ProblemView problem={result.problem} label="Field errors of the resubmit" />
    </Alert>
  );
}
