import { Anchor, Badge, Card, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { DeadlineView } from '@maco/process-data/api';
import { deadlineStateColour, processDeadlineColour, relativeDue } from '../lib/deadlines';
import { routePath } from '../lib/routes';
import { Link } from '../navigation';
import { formatTime } from '../pages/format';
import { DeadlineRule } from './DeadlineRule';

/** How often the time left is recomputed while the page is open. */
const TICK_MS = 30_000;

/** The anchor of a revision in the process page's timeline (`#revision-3`). */
export const revisionAnchor = (revision: number): string => `revision-${revision}`;

/** A link to a revision of this process in the timeline; `onShow` brings the timeline up first. */
function RevisionLink({ revision, onShow }: { revision: number; onShow: (revision: number) => void }): ReactNode {
  return (
    <Anchor href={`#${revisionAnchor(revision)}`} size="sm" onClick={() => onShow(revision)}>
      revision {revision}
    </Anchor>
  );
}

/**
 * The answer deadlines of a process (none: nothing shown): rule and description, due with the time left coloured as on
 * the Due page while it is owed, state, the revision whose request started it (with the numbers an answer names it by),
 * and the answer that met (or missed) it: its PI, time and revision, of this process or of another of the chain (linked).
 */
export function ProcessDeadlines({
  deadlines,
  onShowRevision,
}: {
  deadlines: readonly DeadlineView[];
  onShowRevision: (revision: number) => void;
}): ReactNode {
  const headingId = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (deadlines.length === 0) return null;

  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        Deadlines
      </Title>
      <Table aria-label="Deadlines of this process" fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th>Answer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deadlines.map((deadline) => {
            const colour = processDeadlineColour(deadline, now);
            const left = relativeDue(deadline.due, now);
            const answer = deadline.answeredBy;
            return (
              <Table.Tr
                key={`${deadline.rule}|${deadline.requestRevision}`}
                data-rule={deadline.rule}
                data-colour={colour}
              >
                <Table.Td style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)` }}>
                  <DeadlineRule rule={deadline.rule} description={deadline.description} />
                </Table.Td>
                <Table.Td title={deadline.due} style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(deadline.due)}{' '}
                  <Badge
                    color={colour}
                    variant={answer ? 'light' : 'filled'}
                    tt="none"
                    style={{ display: 'inline-flex' }}
                    aria-label={answer ? `Due ${left}` : `Time left: ${left}`}
                  >
                    {left}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge color={deadlineStateColour(deadline.state)} variant="light" style={{ display: 'inline-flex' }}>
                    {deadline.state}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <RevisionLink revision={deadline.requestRevision} onShow={onShowRevision} />
                  {deadline.requestReferences && (
                    <Text
                      size="xs"
                      c="dimmed"
                      ff="monospace"
                      title="The numbers the request is known by"
                      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                    >
                      {deadline.requestReferences.join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {answer ? (
                    <Text size="sm" component="div">
                      PI {answer.pruefidentifikator} · <span title={answer.at}>{formatTime(answer.at)}</span> ·{' '}
                      {answer.businessKey ? (
                        <>
                          revision {answer.revision} of{' '}
                          <Link to={routePath({ page: 'process', key: answer.businessKey })} ff="monospace" size="sm">
                            {answer.businessKey}
                          </Link>
                        </>
                      ) : (
                        <RevisionLink revision={answer.revision} onShow={onShowRevision} />
                      )}
                    </Text>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
