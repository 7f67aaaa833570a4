import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './samples';

/** Every PI any release of the AHB catalogue lists, sorted (read for enumeration only; membership is `catalogueEntry`'s). */
export function cataloguePis(): string[] {
  const file = join(workspaceRoot(), 'libs', 'ahb', 'src', 'data', 'pi-catalogue.json');
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as {
    releases: Record<
      string,
      { pruefidentifikatoren: Record<string, Record<string, { pruefidentifikator: string }[]>> }
    >;
  };
  const pis = new Set<string>();
  for (const release of Object.values(catalogue.releases)) {
    for (const operations of Object.values(release.pruefidentifikatoren))
      for (const list of Object.values(operations)) for (const entry of list) pis.add(entry.pruefidentifikator);
  }
  return [...pis].sort();
}
