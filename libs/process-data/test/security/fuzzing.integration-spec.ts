import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  type Sample,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';
import { serviceModule } from '../service-module';

/**
 * Property-based fuzzing of both booking routes of the LF and NB services: every shared sample, mutated by fast-check
 * (types swapped, paths deleted, huge strings, deep nesting, long arrays, awkward Unicode in values and names,
 * prototype-poisoning names, numbers as strings and out of range, nulls, text that is no JSON), plus random JSON and
 * random text, sent concurrently. For every answer: never 5xx; every refusal is RFC 9457 problem details; every 200 is a
 * receipt; bodies too large, malformed, poisoned, too deep, too long or unstorable get exactly their status. Afterwards
 * the database holds exactly the records and revisions the 200 answers account for.
 *
 * Reproduce a run with FUZZ_SEED (and FUZZ_CASES); failing cases and the figures go to $TMPDIR/maco-fuzzing/.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_260_401);
const CASES = Number(process.env['FUZZ_CASES'] ?? 10_240);
const IN_FLIGHT = 24;
const MAX_DEPTH = 32;
const MAX_ARRAY_LENGTH = 200;
const BODY_LIMIT = 256 * 1024;
const ROLES = ['LF', 'NB'] as const;
type Role = (typeof ROLES)[number];
type Operation = 'create' | 'update';

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };
type JsonObject = { [name: string]: Json };
type Path = (string | number)[];

// ---------------------------------------------------------------------------------------------------------------------
// What fast-check generates: a case is a body source, its mutations, the route and the service it goes to.

const KINDS = ['string', 'number', 'boolean', 'object', 'array', 'null'] as const;

/** Strings that have broken JSON handling somewhere: emoji, combining marks, bidi controls, NUL, lone surrogates. */
const AWKWARD_TEXT = [
  '😀',
  '👨‍👩‍👧‍👦',
  '🇩🇪',
  'e\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͕̀',
  'ﬁ',
  'שלום עולם',
  'مرحبا',
  '\u202eevil\u202c',
  '\u200b\u200d',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\ud83d',
  '\ude00\ud83d',
  '\u2028\u2029',
  '\\',
  '"',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'Straße Nr. 5',
  '',
  ' ',
];
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/; // eslint-disable-line no-control-regex -- NUL is what it looks for

/** Number tokens written into the text as they are; `true`: PostgreSQL's numeric cannot hold them. */
const NUMBER_TOKENS: [string, boolean][] = [
  ['1e400000', true],
  ['-1e400000', true],
  ['1e-400000', true],
  ['1e131072', true],
  ['0.' + '0'.repeat(16_383) + '1', true],
  ['1'.repeat(140_000), true],
  ['1e400', false],
  ['-1.7976931348623157e309', false],
  ['5e-324', false],
  ['-0', false],
  ['123456789012345678901234567890', false],
  ['1E+2', false],
  ['0.1e-5000', false],
];

/** Where the indexed columns come from: the places where a long or odd string hurts most. */
const KEY_FIELDS: Path[] = [
  ['zusatzdaten', 'businessKey'],
  ['zusatzdaten', 'prozessId'],
  ['zusatzdaten', 'targetBusinessKey'],
  ['transaktionsdaten', 'pruefidentifikator'],
  ['stammdaten', 'MARKTLOKATION', 0, 'marktlokationsId'],
];

const POISON_KEYS = [
  '"__proto__"',
  '"\\u005f_proto__"',
  '"__\\u0070roto__"',
  '"constructor"',
  '"\\u0063onstructor"',
  '"prototype"',
];

type Mutation =
  | { kind: 'swap-type'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'huge-string'; at: number; length: number; seed: number; wide: boolean }
  | { kind: 'over-limit'; extra: number; seed: number }
  | { kind: 'deep'; at: number; depth: number; arrays: boolean }
  | { kind: 'very-deep'; at: number; depth: number; arrays: boolean }
  | { kind: 'long-array'; at: number; length: number }
  | { kind: 'unicode-value'; at: number; text: string }
  | { kind: 'unicode-name'; at: number; text: string }
  | { kind: 'poison-name'; at: number; name: string; withPrototype: boolean }
  | { kind: 'number-as-string'; all: boolean; at: number }
  | { kind: 'nulls'; all: boolean; at: number }
  | { kind: 'number-text'; at: number; token: number; member: boolean }
  | { kind: 'escaped-text'; at: number; text: string }
  | { kind: 'key-field'; field: number; text: string | { length: number; seed: number } };

type TextMutation =
  | { kind: 'bom' }
  | { kind: 'truncate'; at: number }
  | { kind: 'latin1' }
  | { kind: 'whitespace'; pad: string }
  | { kind: 'garbage'; tail: string };

type Source =
  | { kind: 'pristine'; sample: number }
  | { kind: 'mutated'; sample: number; mutations: Mutation[]; text?: TextMutation }
  | { kind: 'random-json'; value: Json }
  | { kind: 'random-text'; text: string }
  | { kind: 'random-bytes'; bytes: Uint8Array };

interface Case {
  source: Source;
  /** The sample's own route, or the other one. */
  swapOperation: boolean;
  /** For bodies of no service's role: which service gets them. */
  role: Role;
}

const at = fc.nat();
const jsonValue: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const awkwardText = fc.oneof(
  fc.constantFrom(...AWKWARD_TEXT),
  fc.string({ unit: fc.constantFrom(...AWKWARD_TEXT), maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const valueOfKind = (kind: (typeof KINDS)[number]): fc.Arbitrary<Json> => {
  switch (kind) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), awkwardText);
    case 'number':
      return fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 2 ** 53, 1e308),
      );
    case 'boolean':
      return fc.boolean();
    case 'object':
      return fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 4 }) as fc.Arbitrary<Json>;
    case 'array':
      return fc.array(jsonValue, { maxLength: 5 });
    case 'null':
      return fc.constant(null);
  }
};

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('swap-type' as const),
      at,
      value: fc.constantFrom(...KINDS).chain(valueOfKind),
    }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('delete' as const), at }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('huge-string' as const),
      at,
      length: fc.integer({ min: 100_000, max: 160_000 }),
      seed: fc.nat(),
      wide: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('over-limit' as const),
      extra: fc.integer({ min: 1, max: 60_000 }),
      seed: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      at,
      depth: fc.integer({ min: MAX_DEPTH + 1, max: 3 * MAX_DEPTH }),
      arrays: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('very-deep' as const),
      at,
      depth: fc.integer({ min: 1_000, max: 60_000 }),
      arrays: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('long-array' as const),
      at,
      length: fc.integer({ min: MAX_ARRAY_LENGTH + 1, max: 5 * MAX_ARRAY_LENGTH }),
    }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('unicode-value' as const), at, text: awkwardText }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('unicode-name' as const), at, text: awkwardText }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('poison-name' as const),
      at,
      name: fc.constantFrom(...POISON_KEYS),
      withPrototype: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('number-as-string' as const), all: fc.boolean(), at }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('nulls' as const), all: fc.boolean(), at }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('number-text' as const),
      at,
      token: fc.nat(NUMBER_TOKENS.length - 1),
      member: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('escaped-text' as const),
      at,
      text: fc.oneof(fc.constantFrom('Müller', 'Straße', 'Ørsted'), awkwardText),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('key-field' as const),
      field: fc.nat(KEY_FIELDS.length - 1),
      text: fc.oneof(awkwardText, fc.record({ length: fc.integer({ min: 2_000, max: 12_000 }), seed: fc.nat() })),
    }),
  },
);

const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.constant({ kind: 'bom' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.constant({ kind: 'latin1' as const }),
  fc.record({
    kind: fc.constant('whitespace' as const),
    pad: fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\r'), maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('garbage' as const), tail: fc.string({ minLength: 1, maxLength: 8 }) }),
);

function caseArbitrary(sampleCount: number): fc.Arbitrary<Case> {
  const sample = fc.nat(sampleCount - 1);
  const source: fc.Arbitrary<Source> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('pristine' as const), sample }) },
    {
      weight: 76,
      arbitrary: fc.record(
        {
          kind: fc.constant('mutated' as const),
          sample,
          mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
          // One mutated body in eight also has its text mutated.
          text: fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: textMutation }),
        },
        { requiredKeys: ['kind', 'sample', 'mutations'] },
      ),
    },
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant('random-json' as const),
        value: fc.oneof(jsonValue, fc.jsonValue({ stringUnit: 'binary' }) as fc.Arbitrary<Json>),
      }),
    },
    {
      weight: 7,
      arbitrary: fc.record({
        kind: fc.constant('random-text' as const),
        text: fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.json().map((json) => json.slice(1)),
        ),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('random-bytes' as const), bytes: fc.uint8Array({ maxLength: 64 }) }),
    },
  );
  // One case in five goes to the other route than its sample's.
  return fc
    .record({ source, roll: fc.nat(4), role: fc.constantFrom(...ROLES) })
    .map(({ source: generatedSource, roll, role }) => ({ source: generatedSource, swapOperation: roll === 0, role }));
}

// ---------------------------------------------------------------------------------------------------------------------
// Building the request text of a case.

/** Every path in a value, root first, without recursion. */
function pathsOf(value: Json): Path[] {
  const paths: Path[] = [];
  const pending: [Json, Path][] = [[value, []]];
  while (pending.length) {
    const [current, path] = pending.shift() as [Json, Path];
    paths.push(path);
    if (Array.isArray(current)) current.forEach((item, index) => pending.push([item, [...path, index]]));
    else if (current && typeof current === 'object')
      for (const [name, item] of Object.entries(current)) pending.push([item, [...path, name]]);
  }
  return paths;
}

function getAt(root: Json, path: Path): Json | undefined {
  let current: Json | undefined = root;
  for (const token of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, Json>)[token];
  }
  return current;
}

/** Sets the value at `path` (creating objects on the way); the root itself is replaced through the returned value. */
function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  let current = root;
  for (const token of path.slice(0, -1)) {
    let next = (current as Record<string | number, Json>)[token];
    if (next === null || typeof next !== 'object') {
      next = {};
      (current as Record<string | number, Json>)[token] = next;
    }
    current = next;
  }
  if (current !== null && typeof current === 'object')
    (current as Record<string | number, Json>)[path[path.length - 1]] = value;
  return root;
}

function deleteAt(root: Json, path: Path): Json {
  if (path.length === 0) return {};
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else if (parent && typeof parent === 'object') delete (parent as JsonObject)[last as string];
  return root;
}

const UTF16 = new TextDecoder('utf-16le');
// Read once: a global looked up in jest's VM context costs ~100 ns, per character here.
const imul = Math.imul;

/** Deterministic pseudo-random text (a linear congruential generator): cheap for 100 KB, and incompressible. */
function pseudoRandomText(length: number, seed: number, wide = false): string {
  // `wide`: 2- and 3-byte characters in UTF-8 as well.
  const alphabet = wide
    ? 'abcdefghijklmnopqrstuvwxyzäöüß€ÄÖÜ0123456789'
    : 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const units = new Uint16Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state = (imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    units[i] = alphabet.charCodeAt((state >>> 16) % alphabet.length);
  }
  return UTF16.decode(units);
}

interface BuiltCase {
  index: number;
  role: Role;
  operation: Operation;
  businessKey: string;
  /** What the case is, for the figures and for reproducing it. */
  tags: string[];
  body: string | Uint8Array;
  /** True when the text holds a number PostgreSQL's numeric cannot store. */
  unstorableNumber: boolean;
  /** Update cases: a record booked first under `businessKey`. */
  base: boolean;
}

const placeholder = (n: number) => `@@fuzz-${n}@@`;

function buildCase(index: number, generated: Case, samples: Sample[], businessKey: string): BuiltCase {
  const { source } = generated;
  const sampleOf = (n: number) => samples[n];
  const sampleRole = (sample: Sample): Role =>
    ROLES.includes(sample.role as Role) ? (sample.role as Role) : generated.role;
  const route = (operation: string): Operation => {
    const own = operation === 'update' ? 'update' : 'create';
    return generated.swapOperation ? (own === 'create' ? 'update' : 'create') : own;
  };

  if (source.kind === 'random-json' || source.kind === 'random-text' || source.kind === 'random-bytes') {
    const operation: Operation = generated.swapOperation ? 'update' : 'create';
    const body =
      source.kind === 'random-json'
        ? JSON.stringify(source.value)
        : source.kind === 'random-text'
          ? source.text
          : source.bytes;
    return {
      index,
      role: generated.role,
      operation,
      businessKey,
      tags: [source.kind],
      body,
      unstorableNumber: false,
      base: false,
    };
  }

  const sample = sampleOf(source.sample);
  const role = sampleRole(sample);
  const operation = route(sample.operation);
  let body = withBusinessKey(sample.body, businessKey) as Json;
  if (source.kind === 'pristine') {
    return {
      index,
      role,
      operation,
      businessKey,
      tags: ['pristine'],
      body: JSON.stringify(body),
      unstorableNumber: false,
      base: operation === 'update',
    };
  }

  const raw = new Map<string, string>(); // placeholder (as JSON text, quotes included) → raw text
  const unstorableNumbers = new Set<string>(); // placeholders of numbers PostgreSQL cannot store
  const tags: string[] = [];
  for (const step of source.mutations) {
    tags.push(step.kind);
    const paths = pathsOf(body);
    const pathAt = (
      n: number,
      filter: (value: Json | undefined, path: Path) => boolean = () => true,
    ): Path | undefined => {
      const candidates = paths.filter((path) => filter(getAt(body, path), path));
      return candidates.length ? candidates[n % candidates.length] : undefined;
    };
    const rawValue = (text: string): Json => {
      const marker = placeholder(raw.size);
      raw.set(JSON.stringify(marker), text);
      return marker;
    };
    switch (step.kind) {
      case 'swap-type': {
        const path = pathAt(step.at, (value, p) => p.length > 0 && value !== undefined);
        if (path) body = setAt(body, path, step.value);
        break;
      }
      case 'delete': {
        const path = pathAt(step.at, (_value, p) => p.length > 0);
        if (path) body = deleteAt(body, path);
        break;
      }
      case 'huge-string':
        body = setAt(
          body,
          pathAt(step.at, (_value, p) => p.length > 0) ?? ['huge'],
          pseudoRandomText(step.length, step.seed, step.wide),
        );
        break;
      case 'over-limit':
        body = setAt(body, ['fuzzPadding'], pseudoRandomText(BODY_LIMIT + step.extra, step.seed));
        break;
      case 'deep': {
        let nested: Json = 'bottom';
        for (let level = 0; level < step.depth; level++) nested = step.arrays ? [nested] : { level: nested };
        body = setAt(body, pathAt(step.at, (_value, p) => p.length > 0) ?? ['deep'], nested);
        break;
      }
      case 'very-deep': {
        const text = step.arrays
          ? '['.repeat(step.depth) + ']'.repeat(step.depth)
          : '{"a":'.repeat(step.depth) + '1' + '}'.repeat(step.depth);
        body = setAt(body, pathAt(step.at, (_value, p) => p.length > 0) ?? ['deep'], rawValue(text));
        break;
      }
      case 'long-array':
        body = setAt(
          body,
          pathAt(step.at, (_value, p) => p.length > 0) ?? ['long'],
          Array.from({ length: step.length }, (_, i) => (i % 3 === 0 ? i : i % 3 === 1 ? `item ${i}` : { i })),
        );
        break;
      case 'unicode-value':
        body = setAt(body, pathAt(step.at, (_value, p) => p.length > 0) ?? ['text'], step.text);
        break;
      case 'unicode-name': {
        const path = pathAt(step.at, (_value, p) => p.length > 0 && typeof p[p.length - 1] === 'string');
        if (!path) break;
        const parent = getAt(body, path.slice(0, -1)) as JsonObject;
        const value = parent[path[path.length - 1] as string];
        delete parent[path[path.length - 1] as string];
        parent[step.text] = value;
        break;
      }
      case 'poison-name': {
        const path =
          pathAt(step.at, (value) => value !== null && typeof value === 'object' && !Array.isArray(value)) ?? [];
        const target = getAt(body, path) as JsonObject;
        const marker = placeholder(raw.size);
        raw.set(JSON.stringify(marker), step.name);
        target[marker] = step.withPrototype ? { prototype: { fuzzPolluted: true } } : { fuzzPolluted: true };
        break;
      }
      case 'number-as-string':
        if (step.all)
          body = JSON.parse(
            JSON.stringify(body, (_name, value: unknown) => (typeof value === 'number' ? String(value) : value)),
          ) as Json;
        else {
          const path = pathAt(step.at, (value) => typeof value === 'number');
          if (path) body = setAt(body, path, String(getAt(body, path)));
        }
        break;
      case 'nulls':
        if (step.all)
          body = JSON.parse(
            JSON.stringify(body, (_name, value: unknown) =>
              value !== null && typeof value !== 'object' ? null : value,
            ),
          ) as Json;
        else body = setAt(body, pathAt(step.at, (_value, p) => p.length > 0) ?? ['nothing'], null);
        break;
      case 'number-text': {
        const [token, unstorable] = NUMBER_TOKENS[step.token];
        const marker = rawValue(token);
        if (unstorable) unstorableNumbers.add(JSON.stringify(marker));
        if (step.member) {
          // A member no class declares: validation lets it through, so only PostgreSQL can object to the number.
          const path =
            pathAt(step.at, (value) => value !== null && typeof value === 'object' && !Array.isArray(value)) ?? [];
          (getAt(body, path) as JsonObject)['fuzzNumber'] = marker;
        } else {
          body = setAt(body, pathAt(step.at, (_value, p) => p.length > 0) ?? ['number'], marker);
        }
        break;
      }
      case 'escaped-text': {
        // As serialisers that escape everything beyond ASCII write it: `"M\u00fcller"`.
        const escaped = JSON.stringify(step.text).replace(
          /[^\x20-\x7e]/g,
          (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
        body = setAt(body, pathAt(step.at, (value) => typeof value === 'string') ?? ['escaped'], rawValue(escaped));
        break;
      }
      case 'key-field': {
        const text = typeof step.text === 'string' ? step.text : pseudoRandomText(step.text.length, step.text.seed);
        body = setAt(body, KEY_FIELDS[step.field], text);
        break;
      }
    }
  }

  let text = JSON.stringify(body);
  // A later mutation may have removed a placeholder (deleted it, made it null): only those still there count.
  let unstorableNumber = false;
  for (const [marker, replacement] of raw) {
    if (!text.includes(marker)) continue;
    unstorableNumber ||= unstorableNumbers.has(marker);
    text = text.split(marker).join(replacement);
  }
  let bytes: string | Uint8Array = text;
  if (source.text) {
    tags.push(source.text.kind);
    switch (source.text.kind) {
      case 'bom':
        bytes = '\ufeff' + text;
        break;
      case 'truncate':
        bytes = text.slice(0, source.text.at % Math.max(1, text.length));
        break;
      case 'latin1':
        bytes = Buffer.from(text, 'latin1');
        break;
      case 'whitespace':
        bytes = source.text.pad + text + source.text.pad;
        break;
      case 'garbage':
        bytes = text + source.text.tail;
        break;
    }
  }
  return { index, role, operation, businessKey, tags, body: bytes, unstorableNumber, base: operation === 'update' };
}

// ---------------------------------------------------------------------------------------------------------------------
// What the answer must be: an oracle independent of the service's code.

type Expected = { status: 413 | 400 | 422; codes: string[] } | { status: 'any' };

/** Iterative: the very deep bodies would overflow a recursive walk. */
function shapeOf(value: unknown): { poisoned: boolean; tooDeep: boolean; tooLong: boolean; unstorableText: boolean } {
  const found = { poisoned: false, tooDeep: false, tooLong: false, unstorableText: false };
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) found.unstorableText = true;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // On below the limit: the poisoning check comes first and looks everywhere.
    if (depth > MAX_DEPTH) found.tooDeep = true;
    if (Array.isArray(current)) {
      if (current.length > MAX_ARRAY_LENGTH) found.tooLong = true;
      for (const item of current) pending.push([item, depth + 1]);
      continue;
    }
    const own = Object.prototype.hasOwnProperty;
    if (own.call(current, '__proto__')) found.poisoned = true;
    const constructor = (current as Record<string, unknown>)['constructor'];
    if (
      own.call(current, 'constructor') &&
      constructor !== null &&
      typeof constructor === 'object' &&
      own.call(constructor, 'prototype')
    )
      found.poisoned = true;
    for (const [name, item] of Object.entries(current)) {
      if (UNSTORABLE.test(name)) found.unstorableText = true;
      pending.push([item, depth + 1]);
    }
  }
  return found;
}

/** Whether brackets outside strings open more than `max` levels before they close, read left to right. */
function textNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      if (++depth > max) return true;
    } else if (char === ']' || char === '}') depth--;
  }
  return false;
}

function expectedAnswer(built: BuiltCase): Expected {
  const buffer = typeof built.body === 'string' ? Buffer.from(built.body, 'utf8') : Buffer.from(built.body);
  if (buffer.length > BODY_LIMIT) return { status: 413, codes: ['REQUEST.PAYLOAD_TOO_LARGE'] };
  let text = buffer.toString('utf8');
  // Fastify decodes the body as UTF-8 and then compares its length in bytes with Content-Length: a body that is no
  // UTF-8 differs (its invalid bytes became 3-byte U+FFFD) unless the replacements happen to add up.
  if (Buffer.byteLength(text) !== buffer.length) return { status: 400, codes: ['REQUEST.MALFORMED_JSON'] };
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // From 64 KB on the nesting is checked on the text before it is parsed: too deep is 422 even if the rest is no JSON.
  if (text.length >= 64 * 1024 && textNestsDeeperThan(text, MAX_DEPTH))
    return { status: 422, codes: ['REQUEST.JSON_LIMIT_EXCEEDED'] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, codes: ['REQUEST.MALFORMED_JSON'] };
  }
  const shape = shapeOf(parsed);
  if (shape.poisoned) return { status: 400, codes: ['REQUEST.MALFORMED_JSON'] };
  const codes = [
    ...(shape.tooDeep || shape.tooLong ? ['REQUEST.JSON_LIMIT_EXCEEDED'] : []),
    ...(shape.unstorableText ? ['REQUEST.UNSTORABLE_TEXT'] : []),
  ];
  if (codes.length) return { status: 422, codes };
  if (built.unstorableNumber)
    return {
      status: 422,
      codes: ['REQUEST.VALIDATION_FAILED', 'REQUEST.COMMAND_MISMATCH', 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN'],
    };
  return { status: 'any' };
}

// ---------------------------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
  text: string;
}

async function send(baseUrl: string, operation: Operation, token: string, body: string | Uint8Array): Promise<Answer> {
  const response = await fetch(`${baseUrl}/${operation}ProcessData`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body: parsed, text };
}

/** Runs `work` over the items with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Where the answer breaks a property, or undefined. */
function violatedProperty(answer: Answer, expected: Expected): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  const body = answer.body as Record<string, unknown> | undefined;
  if (answer.status === 200) {
    if (
      !body ||
      typeof body['businessKey'] !== 'string' ||
      typeof body['revision'] !== 'number' ||
      typeof body['replayed'] !== 'boolean'
    ) {
      return 'a 200 without businessKey/revision/replayed';
    }
  } else {
    if (!/^application\/problem\+json/.test(answer.contentType ?? '')) return `content type ${answer.contentType}`;
    if (!body) return 'a problem body that is no JSON';
    for (const member of ['type', 'title', 'detail', 'code'])
      if (typeof body[member] !== 'string') return `problem member ${member} missing`;
    if (body['status'] !== answer.status) return `problem status ${String(body['status'])} ≠ ${answer.status}`;
  }
  if (expected.status !== 'any') {
    if (answer.status !== expected.status)
      return `status ${answer.status}, expected ${expected.status} (${expected.codes.join(' or ')})`;
    if (!expected.codes.includes(String(body?.['code'])))
      return `code ${String(body?.['code'])}, expected ${expected.codes.join(' or ')}`;
  }
  return undefined;
}

describe(`fuzzing the booking routes of LF and NB (seed ${SEED}, ${CASES} bodies)`, () => {
  const samples = loadSamples();
  const tokens: Record<Role, string> = {
    LF: mintTestToken({ roles: ['LF'], subject: 'fuzzer' }),
    NB: mintTestToken({ roles: ['NB'], subject: 'fuzzer' }),
  };
  const baseSamples: Record<Role, Sample> = {
    LF: samples.find((sample) => sample.file === 'lf-create-55001.json') as Sample,
    NB: samples.find((sample) => sample.file === 'nb-create-55001.json') as Sample,
  };
  let database: TestDatabase;
  const services = {} as Record<Role, TestService>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // LOG_LEVEL error: thousands of refusals each log a quarantine line at warn.
    const env = {
      JSON_MAX_DEPTH: String(MAX_DEPTH),
      JSON_MAX_ARRAY_LENGTH: String(MAX_ARRAY_LENGTH),
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
    };
    for (const role of ROLES) services[role] = await startTestService(serviceModule(role), database.url, env);
  });

  afterAll(async () => {
    for (const role of ROLES) await services[role]?.close();
    await database?.drop();
  });

  it('should answer every body with a receipt or problem details, never 5xx, and book exactly what it answered 200 for', async () => {
    expect(samples.length).toBeGreaterThanOrEqual(20);
    expect(baseSamples.LF && baseSamples.NB).toBeTruthy();
    const started = Date.now();
    const generated = fc.sample(caseArbitrary(samples.length), { seed: SEED, numRuns: CASES });
    const cases = generated.map((one, index) => buildCase(index, one, samples, `fuzz-${SEED}-${index}`));
    const generateMs = Date.now() - started;

    // Update cases need their process booked first; its revisions count only the updates answered 200.
    const bases = cases.filter((built) => built.base);
    const baseFailures: string[] = [];
    await inParallel(bases, IN_FLIGHT, async (built) => {
      const answer = await send(
        services[built.role].baseUrl,
        'create',
        tokens[built.role],
        JSON.stringify(withBusinessKey(baseSamples[built.role].body, built.businessKey)),
      );
      if (answer.status !== 200)
        baseFailures.push(`${built.businessKey}: ${answer.status} ${answer.text.slice(0, 200)}`);
    });
    expect(baseFailures).toEqual([]);
    const fuzzStarted = Date.now();
    const baseMs = fuzzStarted - started - generateMs;

    const statuses = new Map<number, number>();
    const codes = new Map<string, number>();
    const tagStatuses = new Map<string, Map<number, number>>();
    const failures: { index: number; tags: string[]; problem: string; answer: string; body: string }[] = [];
    const accepted: {
      role: Role;
      operation: Operation;
      businessKey: string;
      revision: number;
      replayed: boolean;
      requested: string;
      asSent: boolean;
    }[] = [];
    const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

    await inParallel(cases, IN_FLIGHT, async (built) => {
      const answer = await send(services[built.role].baseUrl, built.operation, tokens[built.role], built.body);
      count(statuses, answer.status);
      const body = answer.body as Record<string, unknown> | undefined;
      if (answer.status !== 200 && typeof body?.['code'] === 'string') count(codes, body['code']);
      for (const tag of new Set(built.tags)) {
        if (!tagStatuses.has(tag)) tagStatuses.set(tag, new Map());
        count(tagStatuses.get(tag) as Map<number, number>, answer.status);
      }
      const problem = violatedProperty(answer, expectedAnswer(built));
      if (problem) {
        const text = typeof built.body === 'string' ? built.body : Buffer.from(built.body).toString('latin1');
        failures.push({
          index: built.index,
          tags: built.tags,
          problem,
          answer: answer.text.slice(0, 500),
          body: text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} chars)` : text,
        });
      }
      if (answer.status === 200 && body) {
        accepted.push({
          role: built.role,
          operation: built.operation,
          // An update is booked on the process its keys resolved to (`processBusinessKey`), not necessarily its own key's.
          businessKey: (body['processBusinessKey'] ?? body['businessKey']) as string,
          revision: body['revision'] as number,
          replayed: body['replayed'] as boolean,
          requested: built.businessKey,
          asSent: containersAsSent(built.body),
        });
      }
    });
    const fuzzMs = Date.now() - fuzzStarted;

    // The database: exactly the records the 200 answers (and the bases) account for, with exactly their revisions.
    const rows = await withClient(
      database.url,
      async (client) =>
        (
          await client.query<{
            role: Role;
            business_key: string;
            revision: number;
            revisions: string;
            pristine: boolean;
            from_quarantine: number;
          }>(`
          SELECT r.role, r.business_key, r.revision, r.current IS NULL AS pristine,
                 (SELECT count(*) FROM process_revision v WHERE v.record_id = r.id) AS revisions,
                 (SELECT count(*)::int FROM process_revision v WHERE v.record_id = r.id AND v.request_id LIKE 'refused:%') AS from_quarantine
          FROM process_record r`)
        ).rows,
    );
    const expectedRecords = new Map<string, { revision: number; pristine: boolean }>();
    const recordKey = (role: string, businessKey: string) => `${role} ${businessKey}`;
    // Updates refused for keys no process had yet are booked from the quarantine once a create brings the key: each
    // such revision (request id `refused:<id>`) is one more than the 200 answers account for.
    const fromQuarantine = new Map(rows.map((row) => [recordKey(row.role, row.business_key), row.from_quarantine]));
    for (const built of bases)
      expectedRecords.set(recordKey(built.role, built.businessKey), { revision: 1, pristine: true });
    const recordViolations: string[] = [];
    for (const receipt of accepted) {
      const key = recordKey(receipt.role, receipt.businessKey);
      if (receipt.operation === 'create') {
        if (receipt.revision !== 1) recordViolations.push(`${key}: create answered revision ${receipt.revision}`);
        // Its body is its state unless the key was derived or a container was read as `{}` (`stammdaten: []`, `null`).
        if (!expectedRecords.has(key))
          expectedRecords.set(key, {
            revision: 1,
            pristine: receipt.businessKey === receipt.requested && receipt.asSent,
          });
        else if (!receipt.replayed) recordViolations.push(`${key}: booked twice`);
      } else if (!receipt.replayed) {
        const record = expectedRecords.get(key);
        if (!record) recordViolations.push(`${key}: update of no base record answered 200`);
        else expectedRecords.set(key, { revision: record.revision + 1, pristine: false });
        const lowest = (record?.revision ?? 0) + 1;
        if (receipt.revision < lowest || receipt.revision > lowest + (fromQuarantine.get(key) ?? 0))
          recordViolations.push(`${key}: update answered revision ${receipt.revision}`);
      }
    }
    const actualRecords = new Map(rows.map((row) => [recordKey(row.role, row.business_key), row]));
    for (const [key, expected] of expectedRecords) {
      const row = actualRecords.get(key);
      if (!row) recordViolations.push(`${key}: answered 200 but not in process_record`);
      else if (row.revision !== expected.revision + row.from_quarantine || Number(row.revisions) !== row.revision) {
        recordViolations.push(
          `${key}: revision ${row.revision} with ${row.revisions} revision rows, expected ${expected.revision} + ${row.from_quarantine} from the quarantine`,
        );
      } else if (expected.pristine && row.from_quarantine === 0 && !row.pristine)
        recordViolations.push(`${key}: state changed without an accepted update`);
    }
    for (const key of actualRecords.keys())
      if (!expectedRecords.has(key)) recordViolations.push(`${key}: in process_record without a 200 answer`);

    // Every booked process reads back, whatever values report mode booked: the process read with its bodies.
    const readStarted = Date.now();
    const unreadable: string[] = [];
    // Bases untouched by the fuzzing are the samples as they are: only the records fuzzed bodies made or changed.
    const baseKeys = new Set(bases.map((built) => recordKey(built.role, built.businessKey)));
    const fuzzed = rows.filter((row) => !row.pristine || !baseKeys.has(recordKey(row.role, row.business_key)));
    await inParallel(fuzzed, IN_FLIGHT, async (row) => {
      const response = await fetch(
        `${services[row.role].baseUrl}/processes/${encodeURIComponent(row.business_key)}?bodies=true`,
        {
          headers: { authorization: `Bearer ${tokens[row.role]}` },
        },
      );
      const read = (await response.json().catch(() => undefined)) as
        { revisions?: unknown[]; code?: string } | undefined;
      // A fuzzed key may also be another process's prozessId or sub-process key: then the read names both (409).
      if (response.status === 409 && read?.code === 'PROCESS_DATA.KEYS_AMBIGUOUS') return;
      if (response.status !== 200 || read?.revisions?.length !== row.revision)
        unreadable.push(`${recordKey(row.role, row.business_key)}: read ${response.status}`);
    });
    const readMs = Date.now() - readStarted;

    // Nothing refused is lost: every refusal of an authenticated write is in the quarantine.
    const refusalsAnswered = [...statuses]
      .filter(([status]) => status >= 400 && ![401, 403, 404, 405].includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    const [{ kept }] = await withClient(
      database.url,
      async (client) =>
        (await client.query<{ kept: number }>(`SELECT count(*)::int AS kept FROM refused_message`)).rows,
    );

    const figures = {
      seed: SEED,
      bodiesFuzzed: cases.length,
      baseRecordsBooked: bases.length,
      inFlight: IN_FLIGHT,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      serverErrors: [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0),
      problemCodes: Object.fromEntries([...codes].sort()),
      byMutation: Object.fromEntries(
        [...tagStatuses]
          .sort()
          .map(([tag, byStatus]) => [tag, Object.fromEntries([...byStatus].sort(([a], [b]) => a - b))]),
      ),
      accepted: {
        creates: accepted.filter((a) => a.operation === 'create').length,
        updates: accepted.filter((a) => a.operation === 'update').length,
      },
      records: rows.length,
      recordsChangedWithout200: recordViolations.length,
      processesRead: fuzzed.length,
      unreadable: unreadable.length,
      refusalsAnswered,
      refusalsKept: kept,
      readMs,
      propertyViolations: failures.length,
      generateMs,
      baseMs,
      fuzzMs,
      totalMs: Date.now() - started,
    };
    const outputDir = join(tmpdir(), 'maco-fuzzing');
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(join(outputDir, `figures-${SEED}.json`), JSON.stringify(figures, null, 2));
    writeFileSync(join(outputDir, `failures-${SEED}.json`), JSON.stringify({ failures, recordViolations }, null, 2));
    console.log(`fuzzing figures (also in ${outputDir}):\n${JSON.stringify(figures, null, 2)}`);

    expect(failures.slice(0, 10)).toEqual([]);
    expect(recordViolations.slice(0, 10)).toEqual([]);
    expect(unreadable.slice(0, 10)).toEqual([]);
    expect(kept).toBe(refusalsAnswered);
    expect(figures.serverErrors).toBe(0);
    expect(({} as Record<string, unknown>)['fuzzPolluted']).toBeUndefined();
  }, 240_000);
});

/** Whether the booking reads a body's `stammdaten`, `transaktionsdaten`, `zusatzdaten` as sent (objects, or absent). */
function containersAsSent(body: string | Uint8Array): boolean {
  try {
    // The service's parser skips a leading byte order mark; JSON.parse does not.
    const text = (typeof body === 'string' ? body : Buffer.from(body).toString('utf8')).replace(/^\uFEFF/, '');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return ['stammdaten', 'transaktionsdaten', 'zusatzdaten'].every((container) => {
      const value = parsed[container];
      return (
        (value === undefined && container !== 'transaktionsdaten') ||
        (typeof value === 'object' && value !== null && !Array.isArray(value))
      );
    });
  } catch {
    return true;
  }
}
