import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { ProcessView, RevisionView } from '@maco/process-data/api';
import { DialectBadge } from '../components/DialectBadge';
import { JsonTree } from '../components/JsonTree';
import { ProcessDeadlines, revisionAnchor } from '../components/ProcessDeadlines';
import { RevisionDiff } from '../components/RevisionDiff';
import { ApiError, errorText } from '../lib/api';
import { revisionDialect } from '../lib/dialect';
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

/** A revision's number, operation and dialect: the title of its timeline item. */
function RevisionTitle({ revision }: { revision: RevisionView }): ReactNode {
  const dialect = revisionDialect(revision);
  return (
    <Group gap="xs">
      <span>
        Revision {revision.revision}: {revision.operation}
      </span>
      {dialect && <DialectBadge dialect={dialect} />}
    </Group>
  );
}

/**
 * A revision's body as the service stored it, in the dialect it came in (an English body keeps its English names),
 * behind a toggle: a process may have many revisions.
 */
function RevisionBody({ revision }: { revision: RevisionView }): ReactNode {
  const [open, setOpen] = useState(false);
  if (revision.body === undefined) return null;
  const label = `Body of revision ${revision.revision} as received`;
  return (
    <Box mt={4}>
      <Button size="compact-xs" variant="subtle" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide' : 'Show'} the body as received
      </Button>
      {open && <JsonTree value={revision.body} label={label} initialDepth={1} />}
    </Box>
  );
}

/** The revision a location's hash names (`#revision-3` → 3), null for none. */
function hashRevision(hash: string): number | null {
  const match = /^#revision-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * One process: its keys and links, its answer deadlines (when it has any), its revisions as a timeline (each with its
 * dialect and its body as received, anchored as `#revision-N`), a diff of two revisions, its merged current state.
 */
export function ProcessPage({ processKey }: { processKey: string }): ReactNode {
  const { api } = useSession();
  const [process, setProcess] = useState<ProcessView | null>(null);
  const [error, setError] = useState<{ text: string; code?: string } | null>(null);
  const [tab, setTab] = useState<string | null>('revisions');
  /** The revision to scroll to once the timeline shows (a new object each time: the same one again scrolls again). */
  const [shownRevision, setShownRevision] = useState<{ revision: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setProcess(null);
    setError(null);
    api
      .get<ProcessView>(`/processes/${encodeURIComponent(processKey)}`, { bodies: 'true' })
      .then((answer) => !cancelled && setProcess(answer))
      .catch(
        (failure: unknown) =>
          !cancelled &&
          setError({ text: errorText(failure), code: failure instanceof ApiError ? failure.problem.code : undefined }),
      );
    return () => {
      cancelled = true;
    };
  }, [api, processKey]);

  // Loaded with `#revision-N` in the address: that revision.
  useEffect(() => {
    const revision = process ? hashRevision(window.location.hash) : null;
    if (revision !== null) setShownRevision({ revision });
  }, [process]);

  useEffect(() => {
    if (!shownRevision || tab !== 'revisions') return;
    document.getElementById(revisionAnchor(shownRevision.revision))?.scrollIntoView({ block: 'start' });
  }, [shownRevision, tab]);

  const showRevision = (revision: number): void => {
    setTab('revisions');
    setShownRevision({ revision });
  };

  if (error) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Process <Code>{processKey}</Code>
        </Title>
        <Alert
          color="red"
          role="alert"
          title={
            error.code === 'PROCESS_DATA.PROCESS_NOT_FOUND'
              ? 'No such process'
              : error.code === 'PROCESS_DATA.KEYS_AMBIGUOUS'
                ? 'The key names more than one process'
                : 'Could not load the process'
          }
        >
          {error.text}
        </Alert>
        <Link to={routePath({ page: 'processes' })}>Back to the process list</Link>
      </Stack>
    );
  }
  if (!process) return <Loader aria-label="Loading the process" />;
  const revisions = [...process.revisions].sort((a, b) => a.revision - b.revision);
  const prozessIds = process.keys.filter((key) => /prozess/i.test(key.kind));
  // The business key is shown on its own line; the keys list repeats it as kind `businessKey`.
  const otherKeys = process.keys.filter((key) => !/prozess/i.test(key.kind) && key.key !== process.businessKey);

  return (
    <Stack>
      <Group justify="space-between" align="start">
        <div>
          <Title order={1} size="h2">
            Process <Code fz="inherit">{process.businessKey}</Code>
          </Title>
          <Text size="sm" c="dimmed">
            {process.role} · PI {process.pruefidentifikator ?? '–'} · created {formatTime(process.createdAt)} · updated{' '}
            {formatTime(process.updatedAt)}
          </Text>
        </div>
        {process.status && (
          <Badge size="lg" variant="light">
            {process.status}
          </Badge>
        )}
      </Group>
      <Card withBorder>
        <Table aria-label="Keys and links of the process" withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Business key</Table.Th>
              <Table.Td>
                <Code>{process.businessKey}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>prozessId</Table.Th>
              <Table.Td>
                {prozessIds.length
                  ? prozessIds.map((key) => (
                      <Code key={key.key} mr={6}>
                        {key.key}
                      </Code>
                    ))
                  : '–'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Other keys</Table.Th>
              <Table.Td>
                {otherKeys.length
                  ? otherKeys.map((key) => (
                      <Text key={`${key.kind}:${key.key}`} size="sm">
                        <Code>{key.key}</Code> {key.kind} (from revision {key.firstRevision})
                      </Text>
                    ))
                  : '–'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Target process</Table.Th>
              <Table.Td>
                {process.targetBusinessKey && process.targetBusinessKey !== process.businessKey ? (
                  <ProcessLink businessKey={process.targetBusinessKey} />
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Linked processes</Table.Th>
              <Table.Td>
                {process.linkedProcesses.length ? (
                  <Group gap="sm">
                    {process.linkedProcesses.map((key) => (
                      <ProcessLink key={key} businessKey={key} />
                    ))}
                  </Group>
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <ProcessDeadlines deadlines={process.deadlines} onShowRevision={showRevision} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="revisions">Revisions ({revisions.length})</Tabs.Tab>
          <Tabs.Tab value="diff">Diff</Tabs.Tab>
          <Tabs.Tab value="current">Current state</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="revisions" pt="md">
          <Timeline active={revisions.length - 1} bulletSize={18} lineWidth={2}>
            {revisions.map((revision) => (
              <Timeline.Item
                key={revision.revision}
                id={revisionAnchor(revision.revision)}
                style={{ scrollMarginTop: 72 }}
                title={<RevisionTitle revision={revision} />}
                role="group"
                aria-label={`Revision ${revision.revision}`}
              >
                <Text size="sm">
                  received {formatTime(revision.receivedAt)} · by {revision.tokenSubject ?? '–'} · PI{' '}
                  {revision.pruefidentifikator ?? '–'} · release {revision.release}
                  {revision.matchedBy ? ` · matched by ${revision.matchedBy}` : ''}
                  {revision.requestId ? ` · request ${revision.requestId}` : ''}
                </Text>
                {revision.findings.length > 0 && (
                  <Table
                    mt={4}
                    withTableBorder
                    aria-label={`Findings of revision ${revision.revision}`}
                    fz="xs"
                    verticalSpacing={2}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Code</Table.Th>
                        <Table.Th>Pointer</Table.Th>
                        <Table.Th>Message</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {revision.findings.map((finding, index) => (
                        <Table.Tr key={index}>
                          <Table.Td>
                            <Badge color="orange" variant="light" size="sm" tt="none">
                              {finding.code}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Code>{finding.pointer}</Code>
                          </Table.Td>
                          <Table.Td>{finding.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                <RevisionBody revision={revision} />
              </Timeline.Item>
            ))}
          </Timeline>
        </Tabs.Panel>
        <Tabs.Panel value="diff" pt="md">
          <RevisionDiff revisions={revisions} />
        </Tabs.Panel>
        <Tabs.Panel value="current" pt="md">
          <JsonTree value={process.current} label="Current merged state of the process" initialDepth={1} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
