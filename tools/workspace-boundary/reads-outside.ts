import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One place where a file of the workspace reaches outside it. */
export interface OutsideReference {
  file: string;
  line: number;
  text: string;
  reason: string;
}

// Folders that are output, installed or the reference data itself (whose README says where new data arrives).
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.nx',
  '.data',
  '.git',
  'coverage',
  'tmp',
  'reference',
  'results',
  'screenshots',
]);
const CHECKED_FILE = /(\.(ts|tsx|js|cjs|mjs|json|sh|ya?ml|md)|^Dockerfile|^run)$/;
const SKIPPED_FILES = new Set(['package-lock.json']);
// This checker and its spec spell out the patterns they look for.
const CHECKER_DIR = 'tools/workspace-boundary';

/** Names of the folder that sits beside the repository in some checkouts, in any spelling a path could take. */
const SIBLING_PATTERNS: [RegExp, string][] = [
  [/(?:\.\.[\\/])+shared\b/, 'names ../shared'],
  [/['"`]\.\.['"`]\s*,\s*['"`]shared['"`]/, "joins '..', 'shared'"],
  [/\/work\/shared\b/, 'names /work/shared'],
  [/\{workspaceRoot\}\/\.\./, 'an Nx input above {workspaceRoot}'],
  [/(?<![\w/.-])shared\/(?:reference|samples)\b/, 'names shared/reference or shared/samples (now reference/)'],
];
/** A path joined onto the workspace root that then climbs out of it. */
const ROOT_CLIMB = /\b(?:ROOT|REPO_ROOT|WORKSPACE|WORKSPACE_ROOT|root|repoRoot|workspaceRoot\(\))\s*,\s*['"`]\.\.['"`]/;
/** `__dirname, '..', '..', …`: resolved against the file's folder. */
const DIRNAME_SEGMENTS = /__dirname\s*,\s*((?:['"`]\.\.['"`]\s*,?\s*)+)/g;
/** A string literal starting with `../`: resolved against the file's folder (imports, joins onto __dirname, links). */
const RELATIVE_LITERAL = /(['"`(])((?:\.\.\/)+)[^'"`)\s]*/g;

/** Every place in the file's text that reaches outside `root`; `file` is the file's absolute path. */
export function outsideReferences(root: string, file: string, text: string): OutsideReference[] {
  const found: OutsideReference[] = [];
  const lines = text.split('\n');
  const folder = dirname(file);
  const outside = (climb: string) => {
    const target = resolve(folder, climb);
    return target !== root && !target.startsWith(root + sep);
  };
  lines.forEach((content, index) => {
    const add = (reason: string) =>
      found.push({ file: relative(root, file), line: index + 1, text: content.trim(), reason });
    for (const [pattern, reason] of SIBLING_PATTERNS) if (pattern.test(content)) add(reason);
    if (ROOT_CLIMB.test(content)) add("climbs '..' from the workspace root");
    for (const match of content.matchAll(DIRNAME_SEGMENTS)) {
      const climbs = match[1].match(/\.\./g)?.length ?? 0;
      if (outside(Array(climbs).fill('..').join('/'))) add('climbs above the workspace from __dirname');
    }
    for (const match of content.matchAll(RELATIVE_LITERAL))
      if (outside(match[2])) add('a relative path above the workspace');
  });
  return found;
}

/** The files of the workspace that tools, tests, sources, configuration and docs consist of. */
export function workspaceFiles(root: string, dir: string = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return SKIPPED_DIRS.has(entry.name) || relative(root, path) === CHECKER_DIR ? [] : workspaceFiles(root, path);
    return entry.isFile() && CHECKED_FILE.test(entry.name) && !SKIPPED_FILES.has(entry.name) ? [path] : [];
  });
}

/** Every place in the workspace below `root` that reaches outside it. */
export function workspaceOutsideReferences(root: string): OutsideReference[] {
  return workspaceFiles(root).flatMap((file) => outsideReferences(root, file, readFileSync(file, 'utf8')));
}
