import { allows, EXECUTE, firstBlockedFolder, foldersOnTheWay, type Ownership, READ, WRITE } from './path-access';

const postgres = { uid: 101, gid: 104 };
const root = { uid: 0, gid: 0 };

describe('allows', () => {
  it('should decide by the owner bits alone when the user owns the entry, even if others may', () => {
    expect(allows({ mode: 0o077, uid: 101, gid: 0 }, postgres, EXECUTE)).toBe(false);
    expect(allows({ mode: 0o700, uid: 101, gid: 0 }, postgres, READ | WRITE | EXECUTE)).toBe(true);
  });

  it('should decide by the group bits when only the primary group matches', () => {
    expect(allows({ mode: 0o750, uid: 0, gid: 104 }, postgres, READ | EXECUTE)).toBe(true);
    expect(allows({ mode: 0o705, uid: 0, gid: 104 }, postgres, EXECUTE)).toBe(false);
  });

  it('should decide by the bits for others otherwise', () => {
    expect(allows({ mode: 0o40755, uid: 0, gid: 0 }, postgres, READ | EXECUTE)).toBe(true);
    expect(allows({ mode: 0o40700, uid: 0, gid: 0 }, postgres, EXECUTE)).toBe(false);
    expect(allows({ mode: 0o711, uid: 0, gid: 0 }, postgres, READ | EXECUTE)).toBe(false);
    expect(allows({ mode: 0o1777, uid: 0, gid: 0 }, postgres, WRITE | EXECUTE)).toBe(true);
  });

  it('should let root do anything', () => {
    expect(allows({ mode: 0o000, uid: 1000, gid: 1000 }, root, READ | WRITE | EXECUTE)).toBe(true);
  });
});

describe('foldersOnTheWay', () => {
  it('should list every folder a lookup enters, from the root down to the path itself', () => {
    expect(foldersOnTheWay('/root/project/.data')).toEqual(['/', '/root', '/root/project', '/root/project/.data']);
    expect(foldersOnTheWay('/')).toEqual(['/']);
    expect(foldersOnTheWay('/var/lib/../lib/maco-backend/')).toEqual([
      '/',
      '/var',
      '/var/lib',
      '/var/lib/maco-backend',
    ]);
  });
});

describe('firstBlockedFolder', () => {
  const tree: Record<string, Ownership> = {
    '/': { mode: 0o755, uid: 0, gid: 0 },
    '/root': { mode: 0o700, uid: 0, gid: 0 }, // Debian's root home
    '/root/project': { mode: 0o755, uid: 0, gid: 0 },
    '/home': { mode: 0o755, uid: 0, gid: 0 },
    '/home/alice': { mode: 0o750, uid: 1000, gid: 104 }, // group postgres may enter
    '/home/alice/work': { mode: 0o700, uid: 101, gid: 104 }, // owned by postgres
    '/srv': { mode: 0o751, uid: 0, gid: 0 }, // others: enter without listing
  };
  const statOf = (folder: string) => tree[folder] ?? { mode: 0o755, uid: 0, gid: 0 };

  it('should name the first folder the user may not enter', () => {
    expect(firstBlockedFolder('/root/project/.data/lf/postgres', postgres, statOf)).toBe('/root');
  });

  it('should answer undefined when every folder on the way may be entered, by owner, group or others', () => {
    expect(firstBlockedFolder('/home/alice/work/.data', postgres, statOf)).toBeUndefined();
    expect(firstBlockedFolder('/srv/maco', postgres, statOf)).toBeUndefined();
  });

  it('should check the path itself too', () => {
    const locked = (folder: string) => (folder === '/srv/maco' ? { mode: 0o700, uid: 0, gid: 0 } : statOf(folder));
    expect(firstBlockedFolder('/srv/maco', postgres, locked)).toBe('/srv/maco');
  });

  it('should block nothing for root', () => {
    expect(firstBlockedFolder('/root/project', root, statOf)).toBeUndefined();
  });
});
