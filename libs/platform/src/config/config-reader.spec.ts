import { type ConfigEnvironment, ConfigReader, ConfigurationError, readConfig, valueOrThrow } from './config-reader';

/** What one reader call answers, and the problems it noted. */
function read<T>(env: ConfigEnvironment, call: (reader: ConfigReader) => T): { value: T; problems: string[] } {
  const reader = new ConfigReader(env);
  const value = call(reader);
  return { value, problems: reader.problems.map((problem) => problem.message) };
}

describe(ConfigReader.name, () => {
  describe('integer', () => {
    const range = { min: 1, max: 10 };

    it('should answer the default when unset or blank, and the number within range', () => {
      expect(read({}, (r) => r.integer('N', 5, range))).toEqual({ value: 5, problems: [] });
      expect(read({ N: '' }, (r) => r.integer('N', 5, range))).toEqual({ value: 5, problems: [] });
      expect(read({ N: ' 10 ' }, (r) => r.integer('N', 5, range))).toEqual({ value: 10, problems: [] });
      expect(read({ N: '1' }, (r) => r.optionalInteger('N', range))).toEqual({ value: 1, problems: [] });
      expect(read({}, (r) => r.optionalInteger('N', range))).toEqual({ value: undefined, problems: [] });
    });

    it.each(['0', '11', '-1', '2.5', 'five'])(
      'should refuse %s, naming the variable, its range and the value',
      (raw) => {
        expect(read({ N: raw }, (r) => r.integer('N', 5, range))).toEqual({
          value: 5,
          problems: [`N must be an integer from 1 to 10 (got "${raw}")`],
        });
      },
    );

    it('should word a duration as milliseconds', () => {
      expect(read({ T_MS: '250' }, (r) => r.milliseconds('T_MS', 1000, { min: 100, max: 600_000 }))).toEqual({
        value: 250,
        problems: [],
      });
      expect(read({ T_MS: '5s' }, (r) => r.milliseconds('T_MS', 1000, { min: 100, max: 600_000 }))).toEqual({
        value: 1000,
        problems: ['T_MS must be a duration in milliseconds, an integer from 100 to 600000 (got "5s")'],
      });
    });
  });

  it('should take one of the choices as spelt, after trimming', () => {
    const choices = ['report', 'strict'] as const;
    expect(read({}, (r) => r.choice('MODE', choices, 'report'))).toEqual({ value: 'report', problems: [] });
    expect(read({ MODE: ' strict ' }, (r) => r.choice('MODE', choices, 'report'))).toEqual({
      value: 'strict',
      problems: [],
    });
    expect(read({ MODE: 'STRICT' }, (r) => r.choice('MODE', choices, 'report'))).toEqual({
      value: 'report',
      problems: ['MODE must be one of report, strict (got "STRICT")'],
    });
  });

  it('should read a flag in the usual spellings', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'on'])
      expect(read({ F: yes }, (r) => r.flag('F', false)).value).toBe(true);
    for (const no of ['false', '0', 'No', 'off']) expect(read({ F: no }, (r) => r.flag('F', true)).value).toBe(false);
    expect(read({}, (r) => r.flag('F', true))).toEqual({ value: true, problems: [] });
    expect(read({ F: 'maybe' }, (r) => r.flag('F', false))).toEqual({
      value: false,
      problems: ['F must be true or false (got "maybe")'],
    });
  });

  describe('url', () => {
    it('should take a URL of the schemes, spelt in any case', () => {
      expect(read({ U: 'https://idp.example/jwks' }, (r) => r.url('U', { schemes: ['http', 'https'] }))).toEqual({
        value: 'https://idp.example/jwks',
        problems: [],
      });
      expect(read({ U: 'HTTP://idp.example' }, (r) => r.url('U', { schemes: ['http', 'https'] })).problems).toEqual([]);
      expect(read({}, (r) => r.url('U', { schemes: ['https'] }))).toEqual({ value: undefined, problems: [] });
    });

    it('should refuse another scheme or a URL that does not parse, without quoting it', () => {
      expect(read({ U: 'ftp://user:secret@x' }, (r) => r.url('U', { schemes: ['http', 'https'] })).problems).toEqual([
        'U must be an http(s) URL',
      ]);
      expect(read({ U: 'http://user:secret@[::1' }, (r) => r.url('U', { schemes: ['https'] })).problems).toEqual([
        'U must be an https URL',
      ]);
      expect(read({ U: 'x' }, (r) => r.url('U', { schemes: ['postgres', 'postgresql'] })).problems).toEqual([
        'U must be a postgres:// or postgresql:// URL',
      ]);
      expect(
        read({ U: 'x' }, (r) => r.url('U', { schemes: ['https'], what: 'an https URL (in production)' })).problems,
      ).toEqual(['U must be an https URL (in production)']);
    });

    it('should check only the scheme of a connection string the URL parser refuses when asked to', () => {
      const socket = 'postgresql://user:secret@/db?host=/var/run/postgresql';
      expect(read({ U: socket }, (r) => r.url('U', { schemes: ['postgresql'], wellFormed: false }))).toEqual({
        value: socket,
        problems: [],
      });
      expect(read({ U: socket }, (r) => r.url('U', { schemes: ['postgresql'] })).problems).toEqual([
        'U must be a postgresql URL',
      ]);
    });
  });

  it('should read text trimmed, secrets as given, lists without empty entries', () => {
    expect(read({ T: '  a b ' }, (r) => r.text('T')).value).toBe('a b');
    expect(read({ T: '   ' }, (r) => r.text('T')).value).toBeUndefined();
    expect(read({ S: ' pass word ' }, (r) => r.secret('S')).value).toBe(' pass word ');
    expect(read({ S: '' }, (r) => r.secret('S')).value).toBeUndefined();
    expect(read({ L: ' a, b ,,c ' }, (r) => r.list('L')).value).toEqual(['a', 'b', 'c']);
    expect(read({}, (r) => r.list('L')).value).toEqual([]);
  });

  it('should note a required variable that is missing', () => {
    expect(read({ R: ' ' }, (r) => r.required('R', 'with U'))).toEqual({
      value: '',
      problems: ['R is required with U'],
    });
    expect(read({ R: 'r' }, (r) => r.required('R', 'with U'))).toEqual({ value: 'r', problems: [] });
  });
});

describe(readConfig.name, () => {
  const readTwo = (env: ConfigEnvironment) =>
    readConfig(env, (r) => ({
      port: r.integer('PORT', 3000, { min: 0, max: 65535 }),
      mode: r.choice('MODE', ['a', 'b'] as const, 'a'),
    }));

  it('should answer the value when nothing is wrong', () => {
    expect(readTwo({ PORT: '80' })).toEqual({ ok: true, value: { port: 80, mode: 'a' } });
  });

  it('should answer every problem, not only the first, and throw them as one error', () => {
    expect(readTwo({ PORT: 'eighty', MODE: 'c' })).toEqual({
      ok: false,
      problems: [
        { variable: 'PORT', message: 'PORT must be an integer from 0 to 65535 (got "eighty")' },
        { variable: 'MODE', message: 'MODE must be one of a, b (got "c")' },
      ],
    });
    expect(() => valueOrThrow(readTwo({ PORT: 'eighty', MODE: 'c' }))).toThrow(
      new ConfigurationError([
        { variable: 'PORT', message: 'PORT must be an integer from 0 to 65535 (got "eighty")' },
        { variable: 'MODE', message: 'MODE must be one of a, b (got "c")' },
      ]),
    );
  });

  it("should list a group's problems under the group's name", () => {
    expect(
      new ConfigurationError([
        { variable: 'X', message: 'X is bad' },
        { variable: 'Y', message: 'Y is bad', group: 'g' },
      ]).message,
    ).toBe('Invalid configuration:\n  - X is bad\n  - g: Y is bad');
  });
});

describe('a reader with declared variables', () => {
  const declared = [
    { name: 'N', meaning: 'n' },
    { name: 'MODE', meaning: 'mode' },
    { name: 'NODE_ENV', meaning: 'env' },
  ];

  it('should refuse a variable not declared, read through a reader or through env', () => {
    expect(() => readConfig({}, (r) => r.integer('N', 5, { min: 1, max: 9 }), declared)).not.toThrow();
    expect(() => readConfig({}, (r) => r.text('OTHER'), declared)).toThrow(/OTHER is read but not among/);
    expect(() => readConfig({}, (r) => r.env['OTHER'], declared)).toThrow(/OTHER/);
  });

  it('should record each variable once, as its outermost reader read it', () => {
    const reader = new ConfigReader({ N: 'x' }, declared);
    reader.integer('N', 5, { min: 1, max: 9 });
    reader.choice('MODE', ['a', 'b'] as const, 'a');
    reader.text('MODE', 'b');
    void reader.env['NODE_ENV'];
    expect(reader.reads).toEqual([
      { name: 'N', kind: 'integer', fallback: 5, range: { min: 1, max: 9 } },
      { name: 'MODE', kind: 'choice', fallback: 'a', choices: ['a', 'b'] },
      { name: 'NODE_ENV', kind: 'env' },
    ]);
  });
});
