/** The console's pages; every one has its own URL under the base path, so each can be linked and reloaded. */
export type Route =
  | { page: 'overview' }
  | { page: 'processes' }
  | { page: 'process'; key: string }
  | { page: 'triggers' }
  | { page: 'master-data' }
  | { page: 'findings' }
  | { page: 'refused' }
  | { page: 'refused-entry'; id: string }
  | { page: 'due' }
  | { page: 'not-found'; path: string };

export const BASE_PATH = '/console';

/** The route of a location's path (`/console/processes/ABC%2F1` → the process `ABC/1`); `/console/` is the overview. */
export function matchRoute(pathname: string): Route {
  const path =
    pathname.startsWith(`${BASE_PATH}/`) || pathname === BASE_PATH ? pathname.slice(BASE_PATH.length) : pathname;
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { page: 'overview' };
  const [first, second, ...rest] = segments;
  if (rest.length === 0) {
    if (first === 'processes' && second === undefined) return { page: 'processes' };
    if (first === 'processes' && second !== undefined) {
      try {
        return { page: 'process', key: decodeURIComponent(second) };
      } catch {
        return { page: 'not-found', path: pathname };
      }
    }
    if (first === 'refused' && second !== undefined) {
      try {
        return { page: 'refused-entry', id: decodeURIComponent(second) };
      } catch {
        return { page: 'not-found', path: pathname };
      }
    }
    if (
      second === undefined &&
      (first === 'triggers' ||
        first === 'master-data' ||
        first === 'findings' ||
        first === 'refused' ||
        first === 'due')
    )
      return { page: first };
  }
  return { page: 'not-found', path: pathname };
}

/** The path of a route (the inverse of {@link matchRoute}). */
export function routePath(route: Exclude<Route, { page: 'not-found' }>): string {
  if (route.page === 'process') return `${BASE_PATH}/processes/${encodeURIComponent(route.key)}`;
  if (route.page === 'refused-entry') return `${BASE_PATH}/refused/${encodeURIComponent(route.id)}`;
  if (route.page === 'overview') return `${BASE_PATH}/`;
  return `${BASE_PATH}/${route.page}`;
}
