import type { Pool, PoolClient, QueryConfig } from 'pg';

/**
 * How the tables would be distributed past one node (docs/scaling.md, "Distribution"): the distribution column of each
 * distributed table, its co-location group, and the columns whose equality finds one process through a lookup table
 * (`process_key`, distributed by key) instead of the distribution column. Tables not listed are not distributed.
 */
export interface DistributedTable {
  column: string;
  colocation: string;
  /** Unique keys of one row that the Citus layout answers from a lookup table (two single-shard hops). */
  lookup?: string[];
}

export const DISTRIBUTION: Record<string, DistributedTable> = {
  process_record: { column: 'id', colocation: 'process', lookup: ['business_key', 'prozess_id'] },
  process_revision: { column: 'record_id', colocation: 'process' },
  trigger_delivery: { column: 'record_id', colocation: 'process' },
  process_update_body: { column: 'record_id', colocation: 'process' },
  process_deadline: { column: 'record_id', colocation: 'process' },
  process_key: { column: 'key', colocation: 'process_key' },
  business_object: { column: 'object_id', colocation: 'business_object' },
  malo_ident_request: { column: 'idempotency_key', colocation: 'malo_ident_request' },
};

/**
 * How a statement reaches its rows under that layout, best first:
 * - `single-shard`: every scan of a distributed table has its distribution column equal to a parameter, a constant
 *   or a co-located column of a keyed scan;
 * - `key-set`: some scan is keyed by a bounded set the request brings (`= ANY($n)`, or a row of a function over the
 *   parameters, e.g. the described business objects of a booking): one shard per key;
 * - `lookup`: some access goes by a unique key of one process other than its record id (business key, prozessId),
 *   which the Citus layout serves from the lookup table first;
 * - `cross-key`: some scan of a distributed table is constrained by no key at all: every shard.
 */
export type Reach = 'single-shard' | 'key-set' | 'lookup' | 'cross-key';
const RANK: Record<Reach, number> = { 'single-shard': 0, 'key-set': 1, lookup: 2, 'cross-key': 3 };
const worse = (a: Reach, b: Reach): Reach => (RANK[a] >= RANK[b] ? a : b);

export interface ScanVerdict {
  table: string;
  alias: string;
  reach: Reach;
  /** The condition that keyed it, or what the scan had instead. */
  why: string;
}

export interface StatementVerdict {
  reach: Reach;
  scans: ScanVerdict[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Operation?: string;
  'Subplan Name'?: string;
  'Conflict Arbiter Indexes'?: string[];
  Plans?: PlanNode[];
  [field: string]: unknown;
}

const SCAN_NODES = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
  'Sample Scan',
]);
const CONDITION_FIELDS = ['Index Cond', 'Recheck Cond', 'Filter', 'TID Cond'];
const JOIN_CONDITION_FIELDS = ['Hash Cond', 'Merge Cond', 'Join Filter'];

/** A monthly partition (`process_revision_2026_11`) is its table: plans name the partitions they scan. */
function tableOf(relation: string | undefined): string | undefined {
  if (relation === undefined || DISTRIBUTION[relation]) return relation;
  const parent = /^(.+)_\d{4}_\d{2}$/.exec(relation)?.[1];
  return parent && DISTRIBUTION[parent] ? parent : relation;
}

/**
 * Judges one plan (`EXPLAIN (FORMAT JSON, VERBOSE)`, generic) against `DISTRIBUTION`. `arbiters` maps the unique
 * indexes an `ON CONFLICT` names to their columns (a unique index is enforced per shard, so it must hold the
 * distribution column, or be a lookup key).
 */
export function judgePlan(plan: PlanNode, arbiters: Record<string, string[]> = {}): StatementVerdict {
  const scans: { node: PlanNode; table: string; alias: string; conditions: string[] }[] = [];
  const nonTableAliases = new Set<string>();
  const extra: ScanVerdict[] = [];
  const walk = (node: PlanNode, joinConditions: string[]) => {
    const table = tableOf(node['Relation Name']);
    // The scans of an appended partition are aliased `v_1`, `v_2`, …; the join conditions above name the table's `v`.
    const alias =
      table !== node['Relation Name'] && node.Alias ? node.Alias.replace(/_\d+$/, '') : (node.Alias ?? table);
    if (SCAN_NODES.has(node['Node Type']) && table && alias) {
      if (DISTRIBUTION[table]) {
        const own = CONDITION_FIELDS.flatMap((field) =>
          typeof node[field] === 'string' ? [node[field] as string] : [],
        );
        // A bitmap heap scan's keys are in the index scans below it.
        const bitmap = node['Node Type'] === 'Bitmap Heap Scan' ? bitmapConditions(node) : [];
        // Conditions of a partition's scan name it by its own alias (`v_13.record_id`): read them as the table's.
        const childAlias = node.Alias && node.Alias !== alias ? node.Alias : undefined;
        const asTable = (condition: string) =>
          childAlias ? condition.split(`${childAlias}.`).join(`${alias}.`) : condition;
        scans.push({
          node,
          table,
          alias,
          conditions: [...own.map(asTable), ...bitmap.map(asTable), ...joinConditions],
        });
      }
    } else if (alias && !table) {
      nonTableAliases.add(alias);
    }
    if (node['Node Type'] === 'ModifyTable' && table && DISTRIBUTION[table]) {
      for (const index of node['Conflict Arbiter Indexes'] ?? [])
        extra.push(judgeArbiter(table, index, arbiters[index]));
    }
    const here = JOIN_CONDITION_FIELDS.flatMap((field) =>
      typeof node[field] === 'string' ? [node[field] as string] : [],
    );
    for (const child of node.Plans ?? []) walk(child, [...joinConditions, ...here]);
  };
  walk(plan, []);

  const aliasOf = new Map(scans.map((scan) => [scan.alias, scan]));
  const verdicts = new Map<string, ScanVerdict>(
    scans.map((scan) => [
      scan.alias,
      { table: scan.table, alias: scan.alias, reach: 'cross-key', why: describeUnkeyed(scan.conditions) },
    ]),
  );
  // Fixed point: a scan keyed by a column of another scan is keyed once that one is.
  for (let changed = true; changed;) {
    changed = false;
    for (const scan of scans) {
      const current = verdicts.get(scan.alias) as ScanVerdict;
      const found = keyOf(scan, (other) => {
        const otherScan = aliasOf.get(other);
        if (!otherScan) return nonTableAliases.has(other) || !other ? 'derived' : 'unknown';
        const verdict = verdicts.get(other) as ScanVerdict;
        return verdict.reach === 'cross-key' ? 'unkeyed' : { reach: verdict.reach, table: otherScan.table };
      });
      if (found && RANK[found.reach] < RANK[current.reach]) {
        verdicts.set(scan.alias, { ...current, reach: found.reach, why: found.why });
        changed = true;
      }
    }
  }
  const all = [...verdicts.values(), ...extra];
  return { reach: all.reduce<Reach>((reach, verdict) => worse(reach, verdict.reach), 'single-shard'), scans: all };
}

function bitmapConditions(node: PlanNode): string[] {
  const out: string[] = [];
  for (const child of node.Plans ?? []) {
    if (child['Node Type'] === 'Bitmap Index Scan' && typeof child['Index Cond'] === 'string')
      out.push(child['Index Cond']);
    // BitmapAnd: every branch holds; BitmapOr is an OR and keys nothing unless its Recheck Cond does.
    if (child['Node Type'] === 'BitmapAnd') out.push(...bitmapConditions(child));
  }
  return out;
}

function judgeArbiter(table: string, index: string, columns: string[] | undefined): ScanVerdict {
  const spec = DISTRIBUTION[table];
  const base = { table, alias: `ON CONFLICT ${index}` };
  if (!columns) return { ...base, reach: 'cross-key', why: `unique index ${index}: columns unknown` };
  if (columns.includes(spec.column))
    return { ...base, reach: 'single-shard', why: `unique (${columns.join(', ')}) holds ${spec.column}` };
  if (columns.some((column) => spec.lookup?.includes(column)))
    return { ...base, reach: 'lookup', why: `unique (${columns.join(', ')}) is a lookup key` };
  return {
    ...base,
    reach: 'cross-key',
    why: `unique (${columns.join(', ')}) lacks ${spec.column}: enforced across shards`,
  };
}

type OtherAlias = 'derived' | 'unknown' | 'unkeyed' | { reach: Reach; table: string };

/** The best key among a scan's conditions: an equality of its distribution column (or a lookup column) with a key. */
function keyOf(
  scan: { table: string; alias: string; conditions: string[] },
  other: (alias: string) => OtherAlias,
): { reach: Reach; why: string } | undefined {
  const spec = DISTRIBUTION[scan.table];
  let best: { reach: Reach; why: string } | undefined;
  const offer = (reach: Reach, why: string) => {
    if (!best || RANK[reach] < RANK[best.reach]) best = { reach, why };
  };
  for (const condition of scan.conditions) {
    for (const conjunct of conjuncts(condition)) {
      const equality = splitEquality(conjunct);
      if (!equality) continue;
      for (const [column, value] of [equality, [equality[1], equality[0]] as const]) {
        const [alias, name] = column.split('.');
        if (alias !== scan.alias || !name) continue;
        const isKey = name === spec.column;
        const isLookup = spec.lookup?.includes(name) ?? false;
        if (!isKey && !isLookup) continue;
        const source = classifyValue(value);
        let reach: Reach | undefined;
        if (source.kind === 'parameter') reach = 'single-shard';
        else if (source.kind === 'parameter-set') reach = 'key-set';
        else if (source.kind === 'column') {
          const found = other(source.alias);
          if (found === 'derived') reach = 'key-set';
          else if (typeof found === 'object') {
            const colocated =
              DISTRIBUTION[found.table]?.colocation === spec.colocation &&
              source.column === DISTRIBUTION[found.table]?.column;
            reach = worse(found.reach, colocated ? 'single-shard' : 'key-set');
          }
        }
        if (!reach) continue;
        offer(isKey ? reach : worse(reach, 'lookup'), conjunct);
      }
    }
  }
  return best;
}

function describeUnkeyed(conditions: string[]): string {
  return conditions.length > 0 ? `no key in: ${conditions.join(' | ')}` : 'no condition at all';
}

const CAST =
  /::("[^"]+"|character varying|timestamp with(?:out)? time zone|time with(?:out)? time zone|double precision|bit varying|[a-z_][a-z0-9_]*)(\(\d+(?:,\s*\d+)?\))?(\[\])?/g;

/** A condition without casts and without parentheses around single atoms: `((r.role)::text = ($1)::text)` → `(r.role = $1)`. */
export function normalise(condition: string): string {
  let text = condition.replace(CAST, '');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/(?<![\w])\(([^()\s,]+)\)/g, '$1');
  }
  return text.trim();
}

function stripOuter(text: string): string {
  let s = text.trim();
  while (s.startsWith('(') && closingOf(s, 0) === s.length - 1) s = s.slice(1, -1).trim();
  return s;
}

function closingOf(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits at a top-level separator (outside parentheses and quotes). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => stripOuter(part));
}

/** The conjuncts of a condition; a top-level OR makes a conjunct no key (it is left out). */
export function conjuncts(condition: string): string[] {
  return splitTop(stripOuter(normalise(condition)), ' AND ').filter((part) => splitTop(part, ' OR ').length === 1);
}

function splitEquality(conjunct: string): readonly [string, string] | undefined {
  const sides = splitTop(conjunct, ' = ');
  return sides.length === 2 ? [stripOuter(sides[0]), stripOuter(sides[1])] : undefined;
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_]*)`;
const COLUMN_REF = new RegExp(String.raw`(?<![\w$'])(${IDENTIFIER})\.(${IDENTIFIER})(?![\w(])`, 'g');
const SINGLE_COLUMN = new RegExp(String.raw`^(${IDENTIFIER})\.(${IDENTIFIER})$`);

type ValueSource =
  | { kind: 'parameter' }
  | { kind: 'parameter-set' }
  | { kind: 'column'; alias: string; column: string }
  | { kind: 'other' };

/** What an equality compares a key column with: parameters and constants only, a set of them, or one column. */
function classifyValue(value: string): ValueSource {
  const text = value.replace(/'(?:[^']|'')*'/g, "''");
  const columns = [...text.matchAll(COLUMN_REF)];
  if (/^ANY\s/.test(text)) return columns.length === 0 ? { kind: 'parameter-set' } : { kind: 'other' };
  if (columns.length === 0) return { kind: 'parameter' };
  const single = SINGLE_COLUMN.exec(value);
  return single ? { kind: 'column', alias: unquote(single[1]), column: unquote(single[2]) } : { kind: 'other' };
}

function unquote(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replace(/""/g, '"') : identifier;
}

/** One statement the service sent through its pool, with the parameters of its first execution. */
export interface RecordedStatement {
  name?: string;
  text: string;
  values: unknown[];
  count: number;
}

/** Records every statement sent on the clients of a pg pool (pool.query runs on them too). */
export class StatementRecorder {
  readonly statements = new Map<string, RecordedStatement>();

  attach(pool: Pool): Pool {
    if (pool.totalCount > 0) throw new Error('StatementRecorder must be attached before the pool opens a connection');
    pool.on('connect', (client) => this.wrap(client));
    return pool;
  }

  private wrap(client: PoolClient): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const config = (typeof first === 'string' ? { text: first } : first) as QueryConfig;
      const values = Array.isArray(second) ? second : (config.values ?? []);
      const seen = this.statements.get(config.text);
      if (seen) seen.count += 1;
      else this.statements.set(config.text, { name: config.name, text: config.text, values: [...values], count: 1 });
      return query(...args);
    };
  }
}

/** Transaction control, session settings and advisory locks: no table is read. */
export const EXEMPT =
  /^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|RESET|DISCARD|SELECT\s+pg_(try_)?advisory_\w+\s*\()/i;

/** A value as an SQL literal for `EXECUTE name(...)` (untyped: PostgreSQL coerces it to the parameter's type). */
export function literal(value: unknown, escape: (text: string) => string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return escape(value.toISOString());
  if (Buffer.isBuffer(value)) return escape(`\\x${value.toString('hex')}`);
  if (Array.isArray(value)) return escape(arrayLiteral(value));
  if (typeof value === 'object') return escape(JSON.stringify(value));
  return escape(String(value));
}

function arrayLiteral(values: unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text =
      value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}
