import { matchRoute, routePath } from './routes';

describe('routes', () => {
  it('should match each page, with or without a trailing slash', () => {
    expect(matchRoute('/console/')).toEqual({ page: 'processes' });
    expect(matchRoute('/console')).toEqual({ page: 'processes' });
    expect(matchRoute('/console/processes/')).toEqual({ page: 'processes' });
    expect(matchRoute('/console/triggers')).toEqual({ page: 'triggers' });
    expect(matchRoute('/console/master-data')).toEqual({ page: 'master-data' });
    expect(matchRoute('/console/findings/')).toEqual({ page: 'findings' });
  });

  it('should decode a process key and encode it back', () => {
    expect(matchRoute('/console/processes/ABC%2F1%20x')).toEqual({ page: 'process', key: 'ABC/1 x' });
    expect(routePath({ page: 'process', key: 'ABC/1 x' })).toBe('/console/processes/ABC%2F1%20x');
    expect(matchRoute(routePath({ page: 'process', key: 'ä?#' }))).toEqual({ page: 'process', key: 'ä?#' });
  });

  it('should answer not-found for anything else', () => {
    expect(matchRoute('/console/processes/a/b')).toEqual({ page: 'not-found', path: '/console/processes/a/b' });
    expect(matchRoute('/console/nope')).toEqual({ page: 'not-found', path: '/console/nope' });
    expect(matchRoute('/console/processes/%E0%A4%A')).toMatchObject({ page: 'not-found' });
  });
});
