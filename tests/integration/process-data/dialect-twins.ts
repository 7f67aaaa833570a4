import { receivedPointer } from '@maco/domain';
import { type JsonResponse, mintTestToken, postJson, type TestService, withClient } from '@maco/testing';

/**
 * Twin bookings: a German body and its English twin, posted with the same keys to two services of one role that each
 * have a database of their own. Everything the booking derives must then agree: the answer (pointers aside), the
 * process's canonical state, and in the end the whole read model of the two databases.
 */

type Body = Record<string, unknown>;
type Finding = { pointer: string } & Record<string, unknown>;

export interface TwinPost {
  role: string;
  path: '/createProcessData' | '/updateProcessData';
  german: Body;
  english: Body;
  headers?: Record<string, string>;
}

export interface TwinOutcome {
  label: string;
  german: JsonResponse;
  english: JsonResponse;
  /** The first difference between the two answers once the English pointers are read back into the German body. */
  difference?: string;
}

export async function postTwins(
  services: { de: Record<string, TestService>; en: Record<string, TestService> },
  label: string,
  twin: TwinPost,
): Promise<TwinOutcome> {
  const options = { token: mintTestToken({ roles: [twin.role] }), headers: twin.headers };
  const [german, english] = await Promise.all([
    postJson(`${services.de[twin.role].baseUrl}${twin.path}`, twin.german, options),
    postJson(`${services.en[twin.role].baseUrl}${twin.path}`, twin.english, options),
  ]);
  const expected = withReceivedPointers(german.body, twin.english);
  const difference =
    german.status !== english.status
      ? `status ${german.status} ≠ ${english.status}: ${JSON.stringify(english.body).slice(0, 300)}`
      : firstDifference(expected, english.body, '');
  return { label, german, english, difference };
}

/** A German answer as its English twin's must read: every finding and error pointer into the English body. */
function withReceivedPointers(answer: Body, english: Body): Body {
  const mapped: Body = { ...answer };
  for (const list of ['findings', 'errors'])
    if (Array.isArray(answer[list]))
      mapped[list] = (answer[list] as Finding[]).map((item) =>
        typeof item.pointer === 'string' ? { ...item, pointer: receivedPointer(english, item.pointer) } : item,
      );
  return mapped;
}

/** The canonical state (`current`) of a process on both services, and their first difference. */
export async function stateDifference(
  services: { de: Record<string, TestService>; en: Record<string, TestService> },
  role: string,
  key: string,
): Promise<string | undefined> {
  const read = async (service: TestService) => {
    const response = await fetch(`${service.baseUrl}/processes/${encodeURIComponent(key)}`, {
      headers: { authorization: `Bearer ${mintTestToken({ roles: [role] })}` },
    });
    return { status: response.status, body: (await response.json()) as Body };
  };
  const [german, english] = await Promise.all([read(services.de[role]), read(services.en[role])]);
  if (german.status !== 200 || english.status !== 200) return `GET /processes ${german.status} / ${english.status}`;
  const dialects = (view: Body) => (view['revisions'] as Body[]).map((revision) => revision['dialect']);
  if (!dialects(german.body).every((d) => d === 'de') || !dialects(english.body).every((d) => d === 'en'))
    return `dialects ${dialects(german.body).join(',')} / ${dialects(english.body).join(',')}`;
  return firstDifference(german.body['current'], english.body['current'], '#current');
}

/**
 * The read model of a database, without what differs by database (ids, record ids, times of recording), and without
 * the objects of the given locations (`MALO:…`) when given.
 */
export async function readModel(url: string, exceptLocations: string[] = []): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ row: string }>(
      // Times of booking differ between the databases: named as such, every other time as stored.
      `SELECT concat_ws(' ', role, kind, object_id,
         CASE WHEN lower(valid)::date = current_date THEN 'from booking' ELSE valid::text END,
         CASE WHEN effective_from::date = current_date THEN 'at booking' ELSE effective_from::text END,
         locations::text, source, revision, body::text) AS row
       FROM business_object WHERE NOT locations && $1::text[] ORDER BY 1`,
      [exceptLocations],
    );
    return rows.map((row) => row.row);
  });
}

export function firstDifference(a: unknown, b: unknown, at: string): string | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} ≠ ${b.length} elements`;
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of [...keys].sort()) {
      const found = firstDifference((a as Body)[key], (b as Body)[key], `${at}/${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return a === b ? undefined : `${at}: ${JSON.stringify(a)?.slice(0, 120)} ≠ ${JSON.stringify(b)?.slice(0, 120)}`;
}
