import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { benchmarkOf, loadSettings, parseBenchArgs } from './options';

describe(parseBenchArgs.name, () => {
  it('should default to the LF bookings at 1, 8, 32 and 64 connections, 10 s after 5 s of warm-up, one pair', () => {
    const options = parseBenchArgs([]);
    expect(options).toMatchObject({ app: 'lf', role: 'LF', duration: 10, connectionLevels: [1, 8, 32, 64] });
    expect(options.args).toMatchObject({
      warmup: '5',
      pairs: '1',
      'service-node-args': '',
      out: join(__dirname, 'results'),
    });
    expect(loadSettings(options)).toEqual({ duration: 10, warmup: 5, pairs: 1 });
  });

  it('should read the documented A/B command line', () => {
    const options = parseBenchArgs([
      '--connections',
      '32',
      '--pairs',
      '3',
      '--duration',
      '8',
      '--warmup',
      '4',
      '--reference',
      '/tmp/base',
    ]);
    expect(options).toMatchObject({
      duration: 8,
      connectionLevels: [32],
      args: { pairs: '3', warmup: '4', reference: '/tmp/base' },
    });
    expect(benchmarkOf(options)).toBe('booking');
  });

  it('should take a value written with = that starts with --', () => {
    expect(parseBenchArgs(['--service-node-args=--cpu-prof --cpu-prof-dir=/tmp/prof']).args['service-node-args']).toBe(
      '--cpu-prof --cpu-prof-dir=/tmp/prof',
    );
  });

  it.each([
    [['--bogus'], 'ERR_PARSE_ARGS_UNKNOWN_OPTION'],
    [['--reads'], 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'],
    [['positional'], 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'],
  ])('should refuse %j (%s)', (argv, code) => {
    expect(() => parseBenchArgs(argv)).toThrow(expect.objectContaining({ code }));
  });
});

describe(benchmarkOf.name, () => {
  const of = (...argv: string[]) => benchmarkOf(parseBenchArgs(argv));

  it.each([
    [[], 'booking'],
    [['--instances', '2'], 'booking'],
    [['--preload', '1000'], 'scale'],
    [['--preload', '1000', '--reads', '1000'], 'scale'],
    [['--reads', '1000', '--keep-database', 'maco_bench_reads'], 'reads'],
    [['--reads', '1000', '--identify', '1000'], 'reads'],
    [['--identify', '1000', '--app', 'nb'], 'identify'],
    [['--statement', '--reference', '/tmp/base'], 'statement'],
  ])('should pick for %j the %s benchmark', (argv, benchmark) => {
    expect(of(...argv)).toBe(benchmark);
  });

  it('should refuse --statement without a reference to compare with', () => {
    expect(() => of('--statement')).toThrow('--statement compares with a --reference checkout');
  });

  it('should refuse --instances with the reads or the identification', () => {
    expect(() => of('--instances', '2', '--reads', '1000')).toThrow(
      '--instances applies to the booking benchmark only',
    );
    expect(() => of('--instances', '2', '--identify', '1000')).toThrow(
      '--instances applies to the booking benchmark only',
    );
  });
});

describe('run.js', () => {
  /** Runs the bench without a database: every benchmark stops at its first check, before it builds anything. */
  const run = (...argv: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = { ...process.env };
      delete env.DATABASE_URL;
      const child = execFile(
        process.execPath,
        [join(__dirname, 'run.js'), ...argv],
        { env, timeout: 20_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });

  it.each([
    [[], 'set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database)'],
    [
      ['--reference', '/tmp/base', '--pairs', '3'],
      'set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database)',
    ],
    [['--instances', '5'], '--instances wants 2, 3 or 4'],
    [['--instances', '2', '--reads', '1000'], '--instances applies to the booking benchmark only'],
    [['--preload', '0'], '--preload wants a whole number of revisions'],
    [['--preload', '10'], 'set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)'],
    [['--reads', '10'], '--reads wants a number of objects, at least 1000'],
    [['--reads', '1000'], 'set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)'],
    [['--identify', '1000'], "--identify measures the grid operator's MaLo identification: use --app nb"],
    [['--identify', '10', '--app', 'nb'], '--identify wants a number of market locations, at least 1000'],
    [
      ['--identify', '1000', '--app', 'nb'],
      'set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)',
    ],
  ])('should stop %j with "%s" and exit code 1', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(stderr).toContain(`Error: ${message}`);
    expect(code).toBe(1);
  });

  it('should stop at an unknown option before any benchmark starts', async () => {
    const { code, stderr } = await run('--bogus');
    expect(stderr).toContain('ERR_PARSE_ARGS_UNKNOWN_OPTION');
    expect(stderr).not.toContain('[bench]');
    expect(code).toBe(1);
  });
});
