import { hostOf, noUsableHost, parseHostList } from './host-list';

describe('parseHostList', () => {
  it('should leave a single-host URL without target_session_attrs as it is', () => {
    const url = 'postgres://maco:secret@db.example:5432/maco?sslmode=require';
    expect(parseHostList(url)).toEqual({ urls: [url], writable: false });
  });

  it('should split a libpq host list into one URL per host, in order, keeping credentials, database and parameters', () => {
    expect(
      parseHostList(
        'postgres://maco:s%40cret@10.0.0.1:5432,10.0.0.2:6432/maco?sslmode=disable&target_session_attrs=read-write',
      ),
    ).toEqual({
      urls: [
        'postgres://maco:s%40cret@10.0.0.1:5432/maco?sslmode=disable',
        'postgres://maco:s%40cret@10.0.0.2:6432/maco?sslmode=disable',
      ],
      writable: true,
    });
  });

  it('should take primary as read-write and any as no requirement, and drop the parameter either way', () => {
    expect(parseHostList('postgresql://u@a,b/db?target_session_attrs=primary')).toEqual({
      urls: ['postgresql://u@a/db', 'postgresql://u@b/db'],
      writable: true,
    });
    expect(parseHostList('postgres://u@a:1,b:2/db?target_session_attrs=any')).toEqual({
      urls: ['postgres://u@a:1/db', 'postgres://u@b:2/db'],
      writable: false,
    });
    expect(parseHostList('postgres://u@a:1/db?target_session_attrs=read-write')).toEqual({
      urls: ['postgres://u@a:1/db'],
      writable: true,
    });
  });

  it('should keep bracketed IPv6 hosts and URLs without user or path', () => {
    expect(parseHostList('postgres://[::1]:5432,[fe80::2]:5433').urls).toEqual([
      'postgres://[::1]:5432',
      'postgres://[fe80::2]:5433',
    ]);
  });

  it('should refuse session attributes it cannot serve and empty hosts', () => {
    expect(() => parseHostList('postgres://u@a,b/db?target_session_attrs=standby')).toThrow(
      /target_session_attrs=standby is not supported/,
    );
    expect(() => parseHostList('postgres://u@a,,b/db')).toThrow(/empty host/);
  });
});

describe('hostOf and noUsableHost', () => {
  it('should name hosts without credentials and answer 08001 with each host error', () => {
    expect(hostOf('postgres://maco:secret@10.0.0.1:5432/maco')).toBe('10.0.0.1:5432');
    const list = parseHostList('postgres://maco:secret@a:1,b:2/maco?target_session_attrs=read-write');
    const error = noUsableHost(list, [new Error('connect ECONNREFUSED'), new Error('read-only')]);
    expect(error).toMatchObject({
      code: '08001',
      message: 'no writable database server among a:1: connect ECONNREFUSED; b:2: read-only',
    });
    expect(error.message).not.toContain('secret');
  });
});
