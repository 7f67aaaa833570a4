import { processSamples, withBusinessKey } from '@maco/reference-samples';
import { envelopeClassFor } from '../envelope/envelope-table';
import { passesAllRules } from './fast-check';
import { classValidatorViolations } from './validate-process-data';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Replacements that exercise every kind of rule: type swaps, null, empty containers, bad formats, wrong nesting.
const REPLACEMENTS: Json[] = [
  null,
  42,
  'x',
  true,
  {},
  [],
  [1],
  ['x'],
  [{}],
  { a: 1 },
  '2024-13-01T00:00:00Z',
  '2024-04-01T10:57:00Z',
  -0.5,
  '',
];

/** Every path of a JSON value, as key lists. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => paths(item, [...prefix, index]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...prefix, key]))];
  return here;
}

function replaced(body: Json, path: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(body);
  let holder = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (replacement === undefined) {
    if (Array.isArray(holder)) holder.splice(last as number, 1);
    else delete holder[last];
  } else {
    holder[last] = replacement;
  }
  return copy;
}

/**
 * The fast check may only say "valid" when class-validator finds nothing, and should say it whenever that is so
 * (else valid bodies would pay the slow path). Checked on every sample under every single-path mutation.
 */
describe(passesAllRules.name, () => {
  const samples = processSamples();

  it.each(samples.map((sample) => [sample.name, sample] as const))(
    'should agree with class-validator on mutations of %s',
    (_name, sample) => {
      const envelope = envelopeClassFor(sample.role, sample.operation);
      const body = withBusinessKey(sample.body) as Json;
      let disagreements: string[] = [];
      let cases = 0;
      const compare = (candidate: Json, label: string) => {
        cases++;
        const fast = passesAllRules(envelope, candidate);
        const reference = classValidatorViolations(envelope, candidate as object).length === 0;
        if (fast !== reference) disagreements.push(`${label}: fast ${fast}, class-validator ${reference}`);
      };

      compare(body, 'unchanged');
      paths(body).forEach((path, index) => {
        compare(replaced(body, path, undefined), `${path.join('/')} deleted`);
        // Two replacements per path, rotating through the list, keep the run short but cover every kind everywhere.
        for (const replacement of [
          REPLACEMENTS[index % REPLACEMENTS.length],
          REPLACEMENTS[(index * 7 + 3) % REPLACEMENTS.length],
        ]) {
          compare(replaced(body, path, replacement), `${path.join('/')} = ${JSON.stringify(replacement)}`);
        }
        compare(
          replaced(body, [...path.slice(0, -1), 'zukunftsfeld'], { neu: [1] }),
          `${path.slice(0, -1).join('/')} + unknown field`,
        );
      });

      disagreements = disagreements.slice(0, 10);
      expect(disagreements).toEqual([]);
      expect(cases).toBeGreaterThan(10);
    },
  );

  it('should refuse what is not a JSON object, and never change its input', () => {
    const envelope = envelopeClassFor('LF', 'create');
    for (const value of [null, [], 'x', 1]) expect(passesAllRules(envelope, value)).toBe(false);
    const body = withBusinessKey(samples[0].body);
    const before = JSON.stringify(body);
    passesAllRules(envelope, body);
    expect(JSON.stringify(body)).toBe(before);
  });
});
