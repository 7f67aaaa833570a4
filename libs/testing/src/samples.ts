import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface Sample {
  file: string;
  role: string;
  operation: string;
  pruefidentifikator: string;
  body: Record<string, unknown>;
}

/** The workspace root: the nearest folder above this file holding nx.json. */
export function workspaceRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no nx.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The reference data the repository carries (`reference/README.md` names each source). */
export function referenceDir(): string {
  return join(workspaceRoot(), 'reference');
}

/** Real and synthesised request bodies: `reference/samples`. */
export function samplesDir(): string {
  return join(referenceDir(), 'samples');
}

const SAMPLE_NAME = /^(lf|nb|msb)-(create|update)-(\d{5})(?:-.+)?\.json$/;

/** Every request sample of the given role and operation, from samples/, upstream/ and synth/. */
export function loadSamples(filter: { role?: string; operation?: string } = {}): Sample[] {
  const root = samplesDir();
  const samples: Sample[] = [];
  for (const folder of ['', 'upstream', 'synth']) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const match = SAMPLE_NAME.exec(name);
      if (!match) continue;
      const [, role, operation, pruefidentifikator] = match;
      if (filter.role && filter.role.toLowerCase() !== role) continue;
      if (filter.operation && filter.operation !== operation) continue;
      const file = join(folder, name);
      samples.push({
        file,
        role: role.toUpperCase(),
        operation,
        pruefidentifikator,
        body: JSON.parse(readFileSync(join(dir, name), 'utf8')),
      });
    }
  }
  return samples;
}

/** A deep copy of a sample body with `zusatzdaten.businessKey` set (fresh unless given): the samples carry none. */
export function withBusinessKey<T extends Record<string, unknown>>(body: T, businessKey: string = randomUUID()): T {
  const copy = structuredClone(body) as Record<string, unknown>;
  copy['zusatzdaten'] = { ...(copy['zusatzdaten'] as object | undefined), businessKey };
  return copy as T;
}
