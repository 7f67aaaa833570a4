import { catalogueEntry } from '@maco/ahb';
import { type MarketRole, type ProcessOperation, type ReleaseName, RELEASES } from '@maco/domain';
import {
  cataloguePis,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  runPool,
  seededRandom,
  seededUuid,
  useServicesOnOneDatabase,
  type VendorBody,
  vendorBody,
  type VendorBodyKind,
  type VendorFormatVersion,
  vendorSpecFor,
  withBusinessKey,
} from '@maco/testing';
import { serviceModule } from './service-module';

/**
 * The vendor speaks: for every role, every release of the PI catalogue and every PI of the role's create and update
 * lists the vendor documents (`reference/maco-api-doc-resources/pruefi`, 10/26: UTILMD Strom from 202610, every other
 * message from 202604), the minimal and the maximal body generated from the vendor's document
 * (`@maco/testing` `vendorBody`) are posted with the release in `X-Format-Version`, and every one must book (200).
 * Updates book on a process created first (with the role's create sample) and named by `zusatzdaten.businessKey`.
 * The maximal create body must read back verbatim through `GET /processes/{businessKey}?bodies=true`.
 *
 * The run prints its figures (per role/operation/release, refusal reasons grouped) to stdout.
 */

const ROLES: MarketRole[] = ['LF', 'NB', 'MSB'];
const OPERATIONS: ProcessOperation[] = ['create', 'update'];
const KINDS: VendorBodyKind[] = ['minimal', 'maximal'];
const IN_FLIGHT = 8;
const SEED = 20_261_001;

/**
 * Bodies the backend may refuse, keyed `ROLE operation release PI kind`, by the first problem (pointer: message). Empty:
 * since report mode books values that disagree with the domain's types (with an `invalid-value` finding), every body
 * the vendor's specs describe books. A body listed here must still be refused as a validation failure; any other
 * refusal fails the test.
 */
const KNOWN_REFUSALS_UNTIL_TOLERANT_BOOKING: Readonly<Record<string, readonly string[]>> = {};
const KNOWN_REFUSALS: ReadonlySet<string> = new Set(Object.values(KNOWN_REFUSALS_UNTIL_TOLERANT_BOOKING).flat());
/** How a known refusal must still be answered: a value disagreement, nothing else. */
const KNOWN_REFUSAL_CODE = 'REQUEST.VALIDATION_FAILED';

interface Case {
  role: MarketRole;
  operation: ProcessOperation;
  release: ReleaseName;
  pruefidentifikator: string;
  formatVersion: VendorFormatVersion;
  message: string;
}

interface Outcome {
  key: string;
  group: string;
  kind: VendorBodyKind;
  status: number;
  problem?: string;
  pointer?: string;
  message?: string;
  body: VendorBody;
}

const caseKey = (c: Pick<Case, 'role' | 'operation' | 'release' | 'pruefidentifikator'>, kind: VendorBodyKind) =>
  `${c.role} ${c.operation} ${c.release} ${c.pruefidentifikator} ${kind}`;
const groupOf = (c: Pick<Case, 'role' | 'operation' | 'release'>) => `${c.role} ${c.operation} ${c.release}`;

function buildCases(): { cases: Case[]; withoutSpec: Map<string, string[]> } {
  const cases: Case[] = [];
  const withoutSpec = new Map<string, string[]>();
  const pis = cataloguePis();
  for (const role of ROLES) {
    for (const operation of OPERATIONS) {
      for (const { name: release } of RELEASES) {
        for (const pruefidentifikator of pis) {
          if (!catalogueEntry(release, role, operation, pruefidentifikator)) continue;
          const spec = vendorSpecFor(release, pruefidentifikator);
          if (!spec) {
            const group = groupOf({ role, operation, release });
            withoutSpec.set(group, [...(withoutSpec.get(group) ?? []), pruefidentifikator]);
            continue;
          }
          cases.push({
            role,
            operation,
            release,
            pruefidentifikator,
            formatVersion: spec.formatVersion,
            message: spec.message,
          });
        }
      }
    }
  }
  return { cases, withoutSpec };
}

const { cases: CASES, withoutSpec: WITHOUT_SPEC } = buildCases();
const GROUPS = [...new Set(CASES.map(groupOf))];

describe('bodies generated from the vendor documents', () => {
  const shared = useServicesOnOneDatabase({
    LF: serviceModule('LF'),
    NB: serviceModule('NB'),
    MSB: serviceModule('MSB'),
  });
  const outcomes = new Map<string, Outcome>();
  const readBack = new Map<string, { status: number; difference: string | undefined }>();
  let runtimeMs = 0;

  function post(c: Case, path: string, body: unknown): Promise<JsonResponse> {
    return postJson(`${shared.services[c.role].baseUrl}${path}`, body, {
      token: mintTestToken({ roles: [c.role] }),
      headers: { 'x-format-version': c.release },
    });
  }

  function record(c: Case, kind: VendorBodyKind, body: VendorBody, answer: JsonResponse): void {
    const first = answer.body.errors?.[0];
    outcomes.set(caseKey(c, kind), {
      key: caseKey(c, kind),
      group: groupOf(c),
      kind,
      status: answer.status,
      body,
      ...(answer.status === 200
        ? {}
        : {
            problem: String(answer.body['code'] ?? ''),
            pointer: first?.pointer,
            message: first?.message ?? String(answer.body['detail'] ?? ''),
          }),
    });
  }

  beforeAll(async () => {
    const started = Date.now();
    const random = seededRandom(SEED);
    const tasks = CASES.map((c, index) => async () => {
      const { formatVersion } = c;
      // Each (release, PI) its own seed: 04/26 and 10/26 share non-UTILMD documents, yet book separate processes.
      const seed = SEED + index;
      if (c.operation === 'create') {
        for (const kind of KINDS) {
          const body = vendorBody(formatVersion, c.pruefidentifikator, kind, { seed });
          const answer = await post(c, '/createProcessData', body);
          record(c, kind, body, answer);
          if (kind === 'maximal' && answer.status === 200) {
            const key = String(body.zusatzdaten['businessKey']);
            const response = await fetch(`${shared.services[c.role].baseUrl}/processes/${key}?bodies=true`, {
              headers: { authorization: `Bearer ${mintTestToken({ roles: [c.role] })}` },
            });
            const view = (await response.json()) as { revisions?: { revision: number; body?: unknown }[] };
            const stored = view.revisions?.find((revision) => revision.revision === 1)?.body;
            readBack.set(caseKey(c, kind), { status: response.status, difference: firstDifference(stored, body, '') });
          }
        }
        return;
      }
      // An update books on a process: created first with the role's create sample, named by the update's businessKey.
      const processKey = seededUuid(random);
      const [sample] = loadSamples({ role: c.role, operation: 'create' });
      const base = await post(c, '/createProcessData', withBusinessKey(sample.body, processKey));
      for (const kind of KINDS) {
        const body = vendorBody(formatVersion, c.pruefidentifikator, kind, { seed, businessKey: processKey });
        if (base.status !== 200) {
          outcomes.set(caseKey(c, kind), {
            key: caseKey(c, kind),
            group: groupOf(c),
            kind,
            status: -base.status,
            problem: 'BASE_PROCESS_NOT_BOOKED',
            body,
          });
          continue;
        }
        record(c, kind, body, await post(c, '/updateProcessData', body));
      }
    });
    await runPool(tasks, IN_FLIGHT);
    runtimeMs = Date.now() - started;
    report();
  }, 170_000);

  function report(): void {
    const lines: string[] = [`vendor bodies: ${outcomes.size} posted in ${runtimeMs} ms`];
    for (const group of GROUPS) {
      const inGroup = [...outcomes.values()].filter((outcome) => outcome.group === group);
      const booked = (kind: VendorBodyKind) => inGroup.filter((o) => o.kind === kind && o.status === 200).length;
      const total = (kind: VendorBodyKind) => inGroup.filter((o) => o.kind === kind).length;
      lines.push(
        `${group.padEnd(18)} minimal ${booked('minimal')}/${total('minimal')}  maximal ${booked('maximal')}/${total('maximal')}` +
          `  (no vendor document: ${(WITHOUT_SPEC.get(group) ?? []).join(' ') || '-'})`,
      );
    }
    const reasons = new Map<string, Outcome[]>();
    for (const outcome of outcomes.values()) {
      if (outcome.status === 200) continue;
      const reason = `${outcome.status} ${outcome.problem} ${normalisedPointer(outcome.pointer)}: ${outcome.message}`;
      reasons.set(reason, [...(reasons.get(reason) ?? []), outcome]);
    }
    lines.push('refusals by first problem:');
    for (const [reason, list] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
      lines.push(`  ${String(list.length).padStart(4)} × ${reason}   e.g. ${list[0].key} ${list[0].pointer ?? ''}`);
    }
    const readBackFailures = [...readBack]
      .filter(([, r]) => r.status !== 200 || r.difference !== undefined)
      .map(([key]) => key);
    lines.push(`maximal creates read back verbatim: ${readBack.size - readBackFailures.length}/${readBack.size}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  it('should have generated a body pair for every catalogued PI the vendor documents', () => {
    expect(CASES.length).toBeGreaterThan(0);
    expect(outcomes.size).toBe(CASES.length * KINDS.length);
    // Every listed refusal names a body this test posts (a PI leaving the catalogue takes its entries along).
    expect([...KNOWN_REFUSALS].filter((key) => !outcomes.has(key))).toEqual([]);
  });

  it.each(GROUPS)('%s: every generated body books (200), save the known refusals, which still do not', (group) => {
    const inGroup = [...outcomes.values()].filter((outcome) => outcome.group === group);
    const unexpected = inGroup
      .filter(
        (o) => o.status !== 200 && !(KNOWN_REFUSALS.has(o.key) && o.status === 422 && o.problem === KNOWN_REFUSAL_CODE),
      )
      .map((o) => `${o.key}: ${o.status} ${o.problem} ${o.pointer ?? ''} ${o.message ?? ''}`);
    const nowBooking = inGroup.filter((o) => o.status === 200 && KNOWN_REFUSALS.has(o.key)).map((o) => o.key);
    expect({ unexpected, nowBookingRemoveFromKnownList: nowBooking }).toEqual({
      unexpected: [],
      nowBookingRemoveFromKnownList: [],
    });
  });

  it('should read every booked maximal create body back verbatim', () => {
    expect(readBack.size).toBeGreaterThan(0);
    const failures = [...readBack]
      .filter(([, r]) => r.status !== 200 || r.difference !== undefined)
      .map(([key, r]) => `${key}: ${r.status} ${r.difference ?? ''}`);
    expect(failures).toEqual([]);
  });
});

/** A pointer with array indices and identifiers blanked, so the same field in different bodies groups together. */
function normalisedPointer(pointer: string | undefined): string {
  return (pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');
}

/** The first pointer where the stored body differs from the posted one (undefined when they are equal). */
function firstDifference(stored: unknown, posted: unknown, pointer: string): string | undefined {
  if (Array.isArray(posted) && Array.isArray(stored)) {
    if (stored.length !== posted.length) return `${pointer}: ${stored.length} elements stored, ${posted.length} posted`;
    for (let index = 0; index < posted.length; index++) {
      const difference = firstDifference(stored[index], posted[index], `${pointer}/${index}`);
      if (difference) return difference;
    }
    return undefined;
  }
  if (isObject(posted) && isObject(stored)) {
    for (const key of new Set([...Object.keys(posted), ...Object.keys(stored)])) {
      const difference = firstDifference(stored[key], posted[key], `${pointer}/${key}`);
      if (difference) return difference;
    }
    return undefined;
  }
  return stored === posted
    ? undefined
    : `${pointer || '/'}: stored ${JSON.stringify(stored)}, posted ${JSON.stringify(posted)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
