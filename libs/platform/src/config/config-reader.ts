/** What configuration is read from: `process.env`, or a test's own variables. */
export type ConfigEnvironment = Readonly<Record<string, string | undefined>>;

/** One bad variable: the operator fixes `variable`; `message` says what is wrong with it in one sentence. */
export interface ConfigProblem {
  readonly variable: string;
  /** Names the variable itself: `PORT must be an integer from 0 to 65535 (got "abc")`. A secret's value is never in it. */
  readonly message: string;
  /** The interface group whose setting it is; absent for platform's own. */
  readonly group?: string;
}

/** A configuration as read: the value, or every problem found on the way (never only the first). */
export type ConfigResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

/** A start refused for bad configuration: names every bad variable of platform and of every group at once. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(`Invalid configuration:\n  - ${problems.map(describeProblem).join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

/** A problem as the start-up error lists it: a group's prefixed with the group's name. */
export function describeProblem(problem: ConfigProblem): string {
  return problem.group ? `${problem.group}: ${problem.message}` : problem.message;
}

interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/**
 * One variable a config reader reads, as docs/configuration.md lists it (tools/docs/generate-reference.js). A reader
 * given its list refuses to read a variable not on it, so the list cannot fall behind the reader.
 */
export interface ConfigVariable {
  readonly name: string;
  /** What it sets (Markdown). */
  readonly meaning: string;
  /** What leaving it unset means, where the reader has no fallback value of its own to show (a computed default). */
  readonly unset?: string;
}

/** How a reader read one variable: the method, and the fallback and bounds it passed (the documented default). */
export interface ConfigRead {
  readonly name: string;
  readonly kind:
    'env' | 'text' | 'secret' | 'list' | 'integer' | 'milliseconds' | 'seconds' | 'choice' | 'flag' | 'url';
  readonly fallback?: string | number | boolean;
  readonly range?: IntegerRange;
  readonly choices?: readonly string[];
  readonly schemes?: readonly string[];
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/**
 * The one way platform and every group read their variables: each reader checks one variable, notes a problem naming
 * it when its value is bad and returns a stand-in (the default, or undefined) so reading goes on and every problem is
 * found in one pass; {@link readConfig} turns the notes into the result. Blank values count as unset everywhere except
 * for {@link ConfigReader.secret}. Messages quote the value they refuse — except a secret's, which no reader quotes.
 */
const SECONDS_PER_UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

export class ConfigReader {
  private readonly found: ConfigProblem[] = [];
  private readonly traced = new Map<string, ConfigRead>();
  /** What the readers see: `env`, each access recorded and, with declared variables, checked against them. */
  readonly env: ConfigEnvironment;

  constructor(env: ConfigEnvironment, declared?: readonly ConfigVariable[]) {
    const names = declared && new Set(declared.map((variable) => variable.name));
    this.env = new Proxy(env, {
      get: (target, name, receiver) => {
        if (typeof name === 'string') {
          if (names && !names.has(name))
            throw new Error(`${name} is read but not among the reader's declared variables (ConfigVariable)`);
          this.trace({ name, kind: 'env' });
        }
        return Reflect.get(target, name, receiver);
      },
    });
  }

  /** The problems noted so far. */
  get problems(): readonly ConfigProblem[] {
    return this.found;
  }

  /** Every variable read so far, in the order first read, with how it was read. */
  get reads(): readonly ConfigRead[] {
    return [...this.traced.values()];
  }

  /** The outermost reader of a variable records it; the readers it calls keep that record. */
  private trace(read: ConfigRead): void {
    if (!this.traced.has(read.name)) this.traced.set(read.name, read);
  }

  /** Notes a problem the readers cannot see: a combination of variables, say. `message` names `variable`. */
  problem(variable: string, message: string): void {
    this.found.push({ variable, message });
  }

  /** The value without surrounding blanks; `fallback` (or undefined) when unset or blank. */
  text(name: string): string | undefined;
  text(name: string, fallback: string): string;
  text(name: string, fallback?: string): string | undefined {
    this.trace({ name, kind: 'text', ...(fallback === undefined ? {} : { fallback }) });
    const raw = this.env[name]?.trim();
    return raw ? raw : fallback;
  }

  /** {@link text}, noting `NAME is required <because>` when it is missing (and answering `''` then). */
  required(name: string, because: string): string {
    const value = this.text(name);
    if (value === undefined) this.problem(name, `${name} is required ${because}`);
    return value ?? '';
  }

  /** A password, key or client secret, taken as given (blanks may be part of it); undefined when unset or empty. */
  secret(name: string): string | undefined {
    this.trace({ name, kind: 'secret' });
    const raw = this.env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  }

  /** Comma-separated values without blanks and empty entries; `[]` when unset. */
  list(name: string): string[] {
    this.trace({ name, kind: 'list' });
    return (this.env[name] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
  }

  /** A whole number in `[min, max]`; `fallback` when unset (or bad, after noting it). */
  integer(name: string, fallback: number, range: IntegerRange): number {
    this.trace({ name, kind: 'integer', fallback, range });
    return this.optionalInteger(name, range) ?? fallback;
  }

  /** A whole number in `[min, max]`, or undefined when unset (or bad, after noting it). */
  optionalInteger(name: string, range: IntegerRange, unit?: string): number | undefined {
    this.trace({ name, kind: 'integer', range });
    const raw = this.env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= range.min && value <= range.max) return value;
    this.problem(
      name,
      `${name} must be ${unit ? `${unit}, ` : ''}an integer from ${range.min} to ${range.max} (got "${raw}")`,
    );
    return undefined;
  }

  /** A duration in whole milliseconds (the variables ending in `_MS`) in `[min, max]`; `fallback` when unset. */
  milliseconds(name: string, fallback: number, range: IntegerRange): number {
    this.trace({ name, kind: 'milliseconds', fallback, range });
    return this.optionalInteger(name, range, 'a duration in milliseconds') ?? fallback;
  }

  /** One of `choices`, exactly as spelt there; `fallback` when unset (or another value, after noting it). */
  choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    this.trace({ name, kind: 'choice', fallback, choices });
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if ((choices as readonly string[]).includes(raw)) return raw as T;
    this.problem(name, `${name} must be one of ${choices.join(', ')} (got "${raw}")`);
    return fallback;
  }

  /**
   * A duration in whole seconds in `[min, max]`: a number of seconds, or a number with unit `s`, `m`, `h` or `d`
   * (`24h`); `fallback` when unset.
   */
  seconds(name: string, fallback: number, range: IntegerRange): number {
    this.trace({ name, kind: 'seconds', fallback, range });
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const match = /^(\d{1,9})\s*([smhd]?)$/.exec(raw);
    const value = match ? Number(match[1]) * SECONDS_PER_UNIT[match[2]] : NaN;
    if (Number.isSafeInteger(value) && value >= range.min && value <= range.max) return value;
    this.problem(
      name,
      `${name} must be a duration from ${range.min} to ${range.max} seconds, as seconds or with a unit (24h) (got "${raw}")`,
    );
    return fallback;
  }

  /** `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`, in any case); `fallback` when unset. */
  flag(name: string, fallback: boolean): boolean {
    this.trace({ name, kind: 'flag', fallback });
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (TRUE_WORDS.includes(raw.toLowerCase())) return true;
    if (FALSE_WORDS.includes(raw.toLowerCase())) return false;
    this.problem(name, `${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  /**
   * An absolute URL of one of `schemes` (spelt in any case), or undefined when unset. A bad one is noted as `NAME must
   * be <what>` (by default worded from the schemes: `an http(s) URL`) without quoting it: a URL may carry credentials.
   * `wellFormed: false` checks the scheme only, for connection strings a client takes though the WHATWG URL parser
   * refuses them (a PostgreSQL socket path without a host, say).
   */
  url(name: string, options: { schemes: readonly string[]; what?: string; wellFormed?: boolean }): string | undefined {
    this.trace({ name, kind: 'url', schemes: options.schemes });
    const value = this.text(name);
    if (value === undefined) return undefined;
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
    const known = scheme !== undefined && options.schemes.includes(scheme);
    if (!known || (options.wellFormed !== false && !URL.canParse(value)))
      this.problem(name, `${name} must be ${options.what ?? describeSchemes(options.schemes)}`);
    return value;
  }
}

/** `an https URL`, `an http(s) URL`, `a postgres:// or postgresql:// URL`. */
function describeSchemes(schemes: readonly string[]): string {
  if (schemes.length === 2 && schemes.includes('http') && schemes.includes('https')) return 'an http(s) URL';
  if (schemes.length === 1) return `${/^[aeiouh]/.test(schemes[0]) ? 'an' : 'a'} ${schemes[0]} URL`;
  return `a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`;
}

/**
 * Reads a configuration with `read` and answers its value, or every problem the readers noted. With `declared`, reading
 * a variable not on that list throws (a programming error, not a configuration problem).
 */
export function readConfig<T>(
  env: ConfigEnvironment,
  read: (reader: ConfigReader) => T,
  declared?: readonly ConfigVariable[],
): ConfigResult<T> {
  const reader = new ConfigReader(env, declared);
  const value = read(reader);
  return reader.problems.length > 0 ? { ok: false, problems: reader.problems } : { ok: true, value };
}

/** The value of a result, or a {@link ConfigurationError} naming its problems. */
export function valueOrThrow<T>(result: ConfigResult<T>): T {
  if (!result.ok) throw new ConfigurationError(result.problems);
  return result.value;
}
