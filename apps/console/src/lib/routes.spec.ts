import { matchRoute, routePath } from './routes';

describe('routes', () => {
  it('should match each page, with or without a trailing slash', () => {
    expect(matchRoute('/console/')).toEqual({ page: 'overview' });
    expect(matchRoute('/console')).toEqual({ page: 'overview' });
    expect(matchRoute('/console/processes')).toEqual({ page: 'processes' });
    expect(matchRoute('/console/processes/')).toEqual({ page: 'processes' });
    expect(matchRoute('/console/triggers')).toEqual({ page: 'triggers' });
    expect(matchRoute('/console/master-data')).toEqual({ page: 'master-data' });
    expect(matchRoute('/console/findings/')).toEqual({ page: 'findings' });
    expect(matchRoute('/console/refused')).toEqual({ page: 'refused' });
    expect(matchRoute('/console/due/')).toEqual({ page: 'due' });
  });

  it('should give the overview the base path and every other page its own', () => {
    expect(routePath({ page: 'overview' })).toBe('/console/');
    expect(routePath({ page: 'processes' })).toBe('/console/processes');
    expect(routePath({ page: 'due' })).toBe('/console/due');
  });

  it('should decode a process key and encode it back', () => {
    expect(matchRoute('/console/processes/ABC%2F1%20x')).toEqual({ page: 'process', key: 'ABC/1 x' });
    expect(routePath({ page: 'process', key: 'ABC/1 x' })).toBe('/console/processes/ABC%2F1%20x');
    expect(matchRoute(routePath({ page: 'process', key: 'ä?#' }))).toEqual({ page: 'process', key: 'ä?#' });
  });

  it('should decode a refused entry id and encode it back', () => {
    expect(matchRoute('/console/refused/0b6f1c1e-7d6a-4c57-9a43-2f1d2b3c4d5e')).toEqual({
      page: 'refused-entry',
      id: '0b6f1c1e-7d6a-4c57-9a43-2f1d2b3c4d5e',
    });
    expect(routePath({ page: 'refused-entry', id: 'a/b' })).toBe('/console/refused/a%2Fb');
    expect(routePath({ page: 'refused' })).toBe('/console/refused');
    expect(matchRoute('/console/refused/x/y')).toEqual({ page: 'not-found', path: '/console/refused/x/y' });
  });

  it('should answer not-found for anything else', () => {
    expect(matchRoute('/console/processes/a/b')).toEqual({ page: 'not-found', path: '/console/processes/a/b' });
    expect(matchRoute('/console/nope')).toEqual({ page: 'not-found', path: '/console/nope' });
    expect(matchRoute('/console/processes/%E0%A4%A')).toMatchObject({ page: 'not-found' });
  });
});
