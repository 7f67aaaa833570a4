import { Alert, AppShell, Badge, Button, Center, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { OperatorSession } from '@maco/operator/api';
import { JournalBanner } from './components/JournalBanner';
import { ApiError, createApi, errorText, storedToken, storeToken } from './lib/api';
import { matchRoute, type Route, routePath } from './lib/routes';
import { Link, navigate, useLocation } from './navigation';
import { DuePage } from './pages/DuePage';
import { FindingsPage } from './pages/FindingsPage';
import { MasterDataPage } from './pages/MasterDataPage';
import { ProcessesPage } from './pages/ProcessesPage';
import { ProcessPage } from './pages/ProcessPage';
import { RefusedEntryPage } from './pages/RefusedEntryPage';
import { RefusedPage } from './pages/RefusedPage';
import { TriggersPage } from './pages/TriggersPage';
import { SessionContext, type SessionState } from './session';
import { SignIn } from './SignIn';

type SignInState =
  | { kind: 'checking' }
  | { kind: 'signed-in'; state: SessionState }
  | { kind: 'signed-out'; error: string | null; notice?: string };

// The overview brings the charts (recharts): its own chunk, loaded when it is first shown.
const OverviewPage = lazy(() => import('./pages/OverviewPage').then((module) => ({ default: module.OverviewPage })));

const NAVIGATION = [
  { page: 'overview', label: 'Overview' },
  { page: 'processes', label: 'Processes' },
  { page: 'due', label: 'Due' },
  { page: 'triggers', label: 'Triggers' },
  { page: 'master-data', label: 'Master data' },
  { page: 'findings', label: 'Findings' },
  { page: 'refused', label: 'Refused' },
] as const;

async function readSession(token: string | null): Promise<OperatorSession> {
  return createApi(token).get<OperatorSession>('/operator/session');
}

/** Signs in (SSO proxy first, then a stored token), then shows the page of the URL. */
export function App(): ReactNode {
  const [signIn, setSignIn] = useState<SignInState>({ kind: 'checking' });

  useEffect(() => {
    let cancelled = false;
    const check = async (): Promise<void> => {
      try {
        const session = await readSession(null);
        if (!cancelled) setSignIn({ kind: 'signed-in', state: { session, api: createApi(null), mode: 'sso' } });
        return;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) {
          if (!cancelled) setSignIn({ kind: 'signed-out', error: errorText(error) });
          return;
        }
      }
      const token = storedToken();
      if (!token) {
        if (!cancelled) setSignIn({ kind: 'signed-out', error: null });
        return;
      }
      try {
        const session = await readSession(token);
        if (!cancelled) setSignIn({ kind: 'signed-in', state: { session, api: createApi(token), mode: 'token' } });
      } catch (error) {
        storeToken(null);
        if (!cancelled) setSignIn({ kind: 'signed-out', error: `The stored token was refused (${errorText(error)}).` });
      }
    };
    void check();
    return () => {
      cancelled = true;
    };
  }, []);

  const useToken = useCallback(async (token: string): Promise<void> => {
    try {
      const session = await readSession(token);
      storeToken(token);
      setSignIn({ kind: 'signed-in', state: { session, api: createApi(token), mode: 'token' } });
    } catch (error) {
      setSignIn({ kind: 'signed-out', error: errorText(error) });
    }
  }, []);

  const signOut = useCallback((): void => {
    const wasSso = signIn.kind === 'signed-in' && signIn.state.mode === 'sso';
    storeToken(null);
    setSignIn({
      kind: 'signed-out',
      error: null,
      notice: wasSso
        ? "You were signed in by your company's sign-on proxy: end that session there (or close the browser) to sign out for good."
        : undefined,
    });
  }, [signIn]);

  if (signIn.kind === 'checking') {
    return (
      <Center h="100vh">
        <Loader aria-label="Checking the session" />
      </Center>
    );
  }
  if (signIn.kind === 'signed-out') {
    return (
      <>
        {signIn.notice && (
          <Alert color="blue" m="md" title="Signed out of the console">
            {signIn.notice}
          </Alert>
        )}
        <SignIn onToken={useToken} error={signIn.error} />
      </>
    );
  }
  return (
    <SessionContext.Provider value={signIn.state}>
      <Shell onSignOut={signOut} />
    </SessionContext.Provider>
  );
}

function Shell({ onSignOut }: { onSignOut: () => void }): ReactNode {
  const { pathname } = useLocation();
  const route = useMemo(() => matchRoute(pathname), [pathname]);
  return (
    <SessionContext.Consumer>
      {(state) =>
        state && (
          <AppShell header={{ height: 56 }} navbar={{ width: 190, breakpoint: 'xs' }} padding="md">
            <AppShell.Header>
              <Group h="100%" px="md" justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <a href="#main" className="console-skip-link">
                    Skip to content
                  </a>
                  <Title order={2} size="h4">
                    MaCo console
                  </Title>
                  <Badge size="lg" variant="filled" aria-label={`Service role ${state.session.role}`}>
                    {state.session.role}
                  </Badge>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" aria-label="Signed in as">
                    {state.session.subject ?? 'a token without subject'}
                  </Text>
                  <Badge color={state.session.canWrite ? 'green' : 'gray'} variant="light">
                    {state.session.canWrite ? 'read and write' : 'read only'}
                  </Badge>
                  {state.session.operator && (
                    <Badge color="violet" variant="light">
                      operator
                    </Badge>
                  )}
                  <Badge color="gray" variant="outline">
                    {state.mode === 'sso' ? 'SSO' : 'token'}
                  </Badge>
                  <Button size="xs" variant="default" onClick={onSignOut}>
                    Sign out
                  </Button>
                </Group>
              </Group>
            </AppShell.Header>
            <AppShell.Navbar p="xs" component="nav" aria-label="Console pages">
              {NAVIGATION.map((item) => {
                const to = routePath({ page: item.page });
                const active =
                  route.page === item.page ||
                  (item.page === 'processes' && route.page === 'process') ||
                  (item.page === 'refused' && route.page === 'refused-entry');
                return (
                  <NavLink
                    key={item.page}
                    href={to}
                    label={item.label}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={(event) => {
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                        return;
                      event.preventDefault();
                      navigate(to);
                    }}
                  />
                );
              })}
            </AppShell.Navbar>
            <AppShell.Main id="main">
              <JournalBanner />
              <Page route={route} />
            </AppShell.Main>
          </AppShell>
        )
      }
    </SessionContext.Consumer>
  );
}

function Page({ route }: { route: Route }): ReactNode {
  switch (route.page) {
    case 'overview':
      return (
        <Suspense fallback={<Loader aria-label="Loading the overview" />}>
          <OverviewPage />
        </Suspense>
      );
    case 'due':
      return <DuePage />;
    case 'processes':
      return <ProcessesPage />;
    case 'process':
      return <ProcessPage key={route.key} processKey={route.key} />;
    case 'triggers':
      return <TriggersPage />;
    case 'master-data':
      return <MasterDataPage />;
    case 'findings':
      return <FindingsPage />;
    case 'refused':
      return <RefusedPage />;
    case 'refused-entry':
      return <RefusedEntryPage key={route.id} id={route.id} />;
    case 'not-found':
      return (
        <Alert color="yellow" title="No such page">
          Nothing at <code>{route.path}</code>. <Link to={routePath({ page: 'overview' })}>Go to the overview</Link>.
        </Alert>
      );
  }
}
