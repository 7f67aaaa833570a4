import { isExactNumber, stringifyExactJson } from './exact-json';

/** One visible line of a collapsible JSON tree. */
export interface TreeRow {
  /** JSON Pointer of the node (`/stammdaten/MARKTLOKATION/0`): stable, unique, the key of its expanded state. */
  path: string;
  /** 0 for the top-level members. */
  depth: number;
  /** The member's key, or `[index]` for an array element. */
  label: string;
  kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  /** A scalar's value as JSON (`"abc"`, `12`, `null`); for objects and arrays their size (`{3}`, `[2]`). */
  text: string;
  /** Objects and arrays with at least one member. */
  expandable: boolean;
  expanded: boolean;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function kindOf(value: unknown): TreeRow['kind'] {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isExactNumber(value)) return 'number';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return typeof value as TreeRow['kind'];
  return 'string';
}

function childrenOf(value: unknown): [label: string, token: string, child: unknown][] {
  if (Array.isArray(value)) return value.map((child, index) => [`[${index}]`, String(index), child]);
  if (value !== null && typeof value === 'object' && !isExactNumber(value)) {
    // Sorted like the pretty-printed bodies of the diff.
    return Object.keys(value)
      .sort()
      .map((key) => [key, escapePointerToken(key), (value as Record<string, unknown>)[key]]);
  }
  return [];
}

function textOf(value: unknown, kind: TreeRow['kind']): string {
  if (kind === 'array') return `[${(value as unknown[]).length}]`;
  if (kind === 'object') return `{${Object.keys(value as object).length}}`;
  if (kind === 'null') return 'null';
  return stringifyExactJson(value) ?? String(value);
}

/**
 * The visible rows of `value` as a tree whose top level is always open: each member in order (keys sorted, array
 * elements by index), the members of an object or array only when its path is in `expanded`.
 */
export function flattenTree(value: unknown, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    for (const [label, token, child] of childrenOf(node)) {
      const childPath = `${path}/${token}`;
      const kind = kindOf(child);
      const expandable = (kind === 'object' || kind === 'array') && childrenOf(child).length > 0;
      const open = expandable && expanded.has(childPath);
      rows.push({ path: childPath, depth, label, kind, text: textOf(child, kind), expandable, expanded: open });
      if (open) visit(child, childPath, depth + 1);
    }
  };
  const rootKind = kindOf(value);
  if (rootKind === 'object' || rootKind === 'array') visit(value, '', 0);
  else
    rows.push({
      path: '',
      depth: 0,
      label: '(value)',
      kind: rootKind,
      text: textOf(value, rootKind),
      expandable: false,
      expanded: false,
    });
  return rows;
}

/** The paths of every expandable node down to `maxDepth` levels (0: the top-level members): for "expand all". */
export function expandablePaths(value: unknown, maxDepth = Number.POSITIVE_INFINITY): string[] {
  const paths: string[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (depth > maxDepth) return;
    for (const [, token, child] of childrenOf(node)) {
      if (childrenOf(child).length === 0) continue;
      const childPath = `${path}/${token}`;
      paths.push(childPath);
      visit(child, childPath, depth + 1);
    }
  };
  visit(value, '', 0);
  return paths;
}

/** The set with `path` opened or closed. */
export function togglePath(expanded: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(expanded);
  if (next.has(path)) next.delete(path);
  else next.add(path);
  return next;
}
