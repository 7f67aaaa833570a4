import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProcessOperation } from '../src/market-role';

// `shared/` sits beside the repository root; the repo may be cloned anywhere.
const REPO_ROOT = path.resolve(__dirname, '../../..');
export const SHARED_DIR = path.resolve(REPO_ROOT, '../shared');
export const SAMPLES_DIR = path.join(SHARED_DIR, 'samples');

export interface Sample {
  name: string;
  operation: ProcessOperation;
  body: Record<string, unknown>;
}

const LF_SAMPLE = /^lf-(create|update)-\d{5}.*\.json$/;

/** Every supplier sample body: `samples/lf-{create,update}-*.json` and `samples/upstream/lf-*.json`. */
export function lfSamples(): Sample[] {
  return [SAMPLES_DIR, path.join(SAMPLES_DIR, 'upstream')].flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((file) => LF_SAMPLE.test(file))
      .sort()
      .map((file) => ({
        name: path.relative(SAMPLES_DIR, path.join(dir, file)),
        operation: LF_SAMPLE.exec(file)?.[1] as ProcessOperation,
        body: readJson(path.join(dir, file)) as Record<string, unknown>,
      })),
  );
}

export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

let counter = 0;

/** The samples send `zusatzdaten: {}`; a harness injects a fresh business key as MACO APP would (samples README). */
export function withBusinessKey(body: Record<string, unknown>): Record<string, unknown> {
  const zusatzdaten = (body.zusatzdaten ?? {}) as Record<string, unknown>;
  counter += 1;
  return { ...body, zusatzdaten: { ...zusatzdaten, businessKey: `test-business-key-${counter}` } };
}
