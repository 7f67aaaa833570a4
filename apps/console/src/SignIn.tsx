import { Alert, Button, Card, Code, Container, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';

/** The token form, shown when the service answers 401 to a request without one (no SSO proxy in front). */
export function SignIn({
  onToken,
  error,
}: {
  onToken: (token: string) => Promise<void>;
  error: string | null;
}): ReactNode {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    try {
      await onToken(token.trim().replace(/^Bearer\s+/i, ''));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg">
        <form onSubmit={(event) => void submit(event)}>
          <Stack>
            <Title order={1} size="h2">
              MaCo operator console: sign in
            </Title>
            <Text size="sm">
              This service is not behind a sign-on proxy: paste a bearer token. It is kept in this tab only
              (sessionStorage) and sent as <Code>Authorization: Bearer …</Code> with every request.
            </Text>
            <Text size="sm">
              In development: <Code>npm run token -- --role OPERATOR</Code> (read) or <Code>--role LF</Code> (read and
              write) prints one.
            </Text>
            <Textarea
              label="Bearer token"
              required
              autosize
              minRows={3}
              maxRows={8}
              value={token}
              onChange={(event) => setToken(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {error && (
              <Alert color="red" role="alert" title="Not signed in">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy} disabled={!token.trim()}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
