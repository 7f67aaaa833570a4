// The repository's reference samples for the unit specs of the domain and the AHB engine (the service-level test
// helpers are @maco/testing's).
import * as fs from 'node:fs';
import * as path from 'node:path';
// The role and operation a sample's file name gives; as the domain spells them, without depending on it (the domain's
// own specs read samples through this lib).
type MarketRole = 'LF' | 'NB' | 'MSB';
type ProcessOperation = 'create' | 'update';

// The reference data the repository carries (reference/README.md names each source).
const REPO_ROOT = path.resolve(__dirname, '../../..');
export const REFERENCE_DIR = path.join(REPO_ROOT, 'reference');
export const SAMPLES_DIR = path.join(REFERENCE_DIR, 'samples');

export interface Sample {
  /** Path below `samples/`, e.g. `synth/msb-create-55628-synth.json`. */
  name: string;
  role: MarketRole;
  operation: ProcessOperation;
  body: Record<string, unknown>;
}

// `ROLE-OPERATION-PI[-suffix].json` (samples README); MaloIdent bodies and responses do not match.
const PROCESS_SAMPLE = /^(lf|nb|msb)-(create|update)-\d{5}(?:-.+)?\.json$/;
const SAMPLE_FOLDERS = ['', 'upstream', 'synth'];

/**
 * Every Prozessdaten request sample of `samples/`, `samples/upstream/` and `samples/synth/`; with `vendor`, also the
 * bodies the vendor's middleware produced (`samples/vendor/`, every message type).
 */
export function processSamples(options: { vendor?: boolean } = {}): Sample[] {
  return [...SAMPLE_FOLDERS, ...(options.vendor ? ['vendor'] : [])]
    .map((folder) => path.join(SAMPLES_DIR, folder))
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .sort()
        .flatMap((file): Sample[] => {
          const match = PROCESS_SAMPLE.exec(file);
          if (!match) return [];
          return [
            {
              name: path.relative(SAMPLES_DIR, path.join(dir, file)),
              role: match[1].toUpperCase() as MarketRole,
              operation: match[2] as ProcessOperation,
              body: readJson(path.join(dir, file)) as Record<string, unknown>,
            },
          ];
        }),
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
