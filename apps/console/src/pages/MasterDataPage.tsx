import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { JsonTree } from '../components/JsonTree';
import { errorText } from '../lib/api';
import { normaliseDate } from '../lib/filters';
import {
  isMasterDataKind,
  MASTER_DATA_KINDS,
  type MasterDataKind,
  masterDataRequest,
  versionsByValidity,
} from '../lib/master-data';
import { useSession } from '../session';

/** `datetime-local` text of now (local time, minutes). */
function nowLocal(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO instant (the browser's time zone), undefined when empty or unreadable. */
function toInstant(local: string): string | undefined {
  if (!local.trim()) return undefined;
  const time = Date.parse(local);
  return Number.isNaN(time) ? normaliseDate(local) : new Date(time).toISOString();
}

/** BO4E master data of one object: the version in force at a key date, or (with a period end) its history. */
export function MasterDataPage(): ReactNode {
  const { api } = useSession();
  const [kind, setKind] = useState<MasterDataKind>('MARKTLOKATION');
  const [id, setId] = useState('');
  const [keyDate, setKeyDate] = useState(nowLocal);
  const [periodEnd, setPeriodEnd] = useState('');
  const [result, setResult] = useState<{
    request: string;
    kind: MasterDataKind;
    answer: unknown;
    history: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const from = toInstant(keyDate);
    if (!id.trim() || !from) return;
    const end = toInstant(periodEnd);
    const request = masterDataRequest(kind, id, from, end);
    setBusy(true);
    setError(null);
    try {
      setResult({ request, kind, answer: await api.get<unknown>(request), history: end !== undefined });
    } catch (failure) {
      setResult(null);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const versions = result ? versionsByValidity(result.answer, result.kind) : [];

  return (
    <Stack>
      <Title order={1} size="h2">
        Master data
      </Title>
      <form onSubmit={(event) => void submit(event)} aria-label="Read master data">
        <Group align="end" wrap="wrap">
          <NativeSelect
            label="Kind"
            data={Object.keys(MASTER_DATA_KINDS)}
            value={kind}
            onChange={(event) => isMasterDataKind(event.currentTarget.value) && setKind(event.currentTarget.value)}
          />
          <TextInput label="ID" required w={200} value={id} onChange={(event) => setId(event.currentTarget.value)} />
          <TextInput
            type="datetime-local"
            label="Key date"
            description="local time"
            required
            value={keyDate}
            onChange={(event) => setKeyDate(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label="Period end (optional)"
            description="history: every version overlapping the period"
            value={periodEnd}
            onChange={(event) => setPeriodEnd(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} disabled={!id.trim()}>
            Read
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert" title="Could not read">
          {error}
        </Alert>
      )}
      {result && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            GET {result.request} · {versions.length} object(s){result.history ? ', by validity' : ''}
          </Text>
          {versions.length === 0 && (
            <Text>Nothing in force{result.history ? ' in the period' : ' at the key date'}.</Text>
          )}
          {versions.map((version, index) => (
            <Card withBorder key={index}>
              <Group gap="xs" mb="xs">
                <Badge variant="light">{version.kind}</Badge>
                <Text size="sm">
                  valid {version.from ?? '?'} – {version.to ?? 'open'}
                </Text>
              </Group>
              <JsonTree value={version.object} label={`${version.kind} ${index + 1}`} initialDepth={1} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
