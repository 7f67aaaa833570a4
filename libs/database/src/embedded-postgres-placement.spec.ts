import { EmbeddedDatabaseUnavailableError, reason } from './embedded-database-error';
import { relocatedName } from './embedded-postgres-placement';

describe('relocatedName', () => {
  it('should keep the role readable and tell data folders apart by a hash of the whole path', () => {
    expect(relocatedName('/root/maco/.data/lf/postgres')).toMatch(/^lf-postgres-[0-9a-f]{12}$/);
    expect(relocatedName('/root/maco/.data/lf/postgres')).toBe(relocatedName('/root/maco/.data/lf/postgres/'));
    expect(relocatedName('/root/maco/.data/lf/postgres')).not.toBe(relocatedName('/root/other/.data/lf/postgres'));
  });

  it('should make any folder name safe for a file name', () => {
    expect(relocatedName('/tmp/x/..hidden dir/pg')).toMatch(/^hidden_dir-pg-[0-9a-f]{12}$/);
    expect(relocatedName('/')).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('EmbeddedDatabaseUnavailableError', () => {
  it('should read as one sentence naming the cause and the fix', () => {
    const error = new EmbeddedDatabaseUnavailableError(
      `/var/lib/maco-backend cannot be created (${reason(Object.assign(new Error("EROFS: read-only file system, mkdir '/var/lib/maco-backend'"), { code: 'EROFS' }))})`,
    );
    expect(error.message).toBe(
      'Embedded PostgreSQL cannot start: /var/lib/maco-backend cannot be created (EROFS: read-only file system); ' +
        'set DATABASE_URL to a PostgreSQL server, or MACO_DATA_DIR to a folder the user postgres can reach.',
    );
    expect(error.name).toBe('EmbeddedDatabaseUnavailableError');
    expect(error).toBeInstanceOf(Error);
  });

  it('should take a fix of its own and keep multi-line causes on one line', () => {
    const error = new EmbeddedDatabaseUnavailableError('useradd failed:\n  no such command.', {
      fix: 'create the user postgres',
    });
    expect(error.message).toBe(
      'Embedded PostgreSQL cannot start: useradd failed: no such command; create the user postgres.',
    );
  });
});
