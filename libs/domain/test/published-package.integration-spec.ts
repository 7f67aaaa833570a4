import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const LIB = resolve(__dirname, '..');
const WORKSPACE = resolve(LIB, '..', '..');
const SAMPLE = resolve(WORKSPACE, 'reference', 'samples', 'lf-create-55001.json');
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } });

/** Another team's view: install the packed tarball into an empty project and use it from JS and TypeScript. */
describe('the published @maco/domain package', () => {
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'maco-domain-consumer-'));
    const tarball = npm(['pack', '--silent', '--pack-destination', scratch], LIB).trim().split('\n').pop() as string;
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    const peers = JSON.parse(readFileSync(join(LIB, 'package.json'), 'utf8')).peerDependencies as Record<
      string,
      string
    >;
    npm(
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        `./${tarball}`,
        ...Object.entries(peers).map(([name, range]) => `${name}@${range}`),
      ],
      scratch,
    );
  }, 180_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('should validate a body from plain JavaScript', () => {
    writeFileSync(
      join(scratch, 'check.js'),
      `require('reflect-metadata');
       const { validateProcessData, envelopeClassFor } = require('@maco/domain');
       const body = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
       body.zusatzdaten = { businessKey: 'k-1' };
       const ok = validateProcessData('LF', 'create', body);
       body.stammdaten.MARKTLOKATION[0].marktlokationsId = 50074561192;
       const bad = validateProcessData('LF', 'create', body);
       console.log(JSON.stringify({ ok, bad: bad.map((v) => v.pointer), envelope: envelopeClassFor('LF', 'create').name }));`,
    );

    const output = JSON.parse(execFileSync(process.execPath, ['check.js', SAMPLE], { cwd: scratch, encoding: 'utf8' }));

    expect(output).toEqual({
      ok: [],
      bad: ['#/stammdaten/MARKTLOKATION/0/marktlokationsId'],
      envelope: expect.any(String),
    });
  });

  it('should ship type declarations a TypeScript project compiles against', () => {
    writeFileSync(
      join(scratch, 'check.ts'),
      `import 'reflect-metadata';
       import { validateProcessData, Marktlokation, type FieldViolation, type MarketRole } from '@maco/domain';
       const role: MarketRole = 'NB';
       const violations: FieldViolation[] = validateProcessData(role, 'update', {});
       const malo = new Marktlokation();
       malo.marktlokationsId = '50074561192';
       // @ts-expect-error a MaLo id is a string on the wire
       malo.marktlokationsId = 50074561192;
       export { violations, malo };`,
    );
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
          experimentalDecorators: true,
          types: [],
        },
        files: ['check.ts'],
      }),
    );

    const tsc = join(WORKSPACE, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(() =>
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: scratch, encoding: 'utf8' }),
    ).not.toThrow();
  });
});
