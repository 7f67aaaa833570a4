/**
 * Small tools for the reliability suites: seeded randomness (a run is reproducible from its seed), a bounded pool of
 * requests in flight, and the lookups that find an update's change in a record's current state.
 */

/** The seed of every random choice in a reliability run: `RELIABILITY_SEED`, else a fixed one. */
export const RELIABILITY_SEED = Number(process.env['RELIABILITY_SEED'] ?? 20_261_121);

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [0, below). */
export const randomInt = (random: () => number, below: number): number => Math.floor(random() * below);

/** A version-4-shaped UUID drawn from the seeded source, so business keys are reproducible too. */
export function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => randomInt(random, 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + randomInt(random, 4)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Runs the tasks in list order with at most `inFlight` of them running at once. */
export async function runPool(tasks: (() => Promise<unknown>)[], inFlight: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, worker));
}

type Item = Record<string, unknown>;

/** The same JSON value with the keys of every object in reverse order, as a client that re-serialises might send it. */
export function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((element) => reverseKeys(element)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, member]) => [key, reverseKeys(member)])) as T;
}

/** The MARKTLOKATION items of a body's or state's stammdaten. */
export function marktlokationenOf(body: unknown): Item[] {
  const items = (body as { stammdaten?: { MARKTLOKATION?: unknown } } | null)?.stammdaten?.MARKTLOKATION;
  return Array.isArray(items) ? (items as Item[]) : [];
}

/**
 * Puts a field of its own into the body's first MARKTLOKATION item (adding an item when the body has none), the
 * change an update carries and the merged state must keep.
 */
export function withMarktlokationField(body: Item, field: string, value: unknown): Item {
  const stammdaten = ((body['stammdaten'] as Item | undefined) ?? (body['stammdaten'] = {})) as Item;
  const items = Array.isArray(stammdaten['MARKTLOKATION']) ? (stammdaten['MARKTLOKATION'] as Item[]) : [];
  if (items.length === 0) items.push({ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' });
  items[0] = { ...items[0], [field]: value };
  stammdaten['MARKTLOKATION'] = items;
  return body;
}

/** Whether a state's MARKTLOKATION items carry the field with the value. */
export function hasMarktlokationField(state: unknown, field: string, value: unknown): boolean {
  return marktlokationenOf(state).some((item) => item[field] === value);
}

/** Sets `transaktionsdaten.dokumentennummer`, which tells the revisions of one record apart. */
export function withDokumentennummer(body: Item, dokumentennummer: string): Item {
  body['transaktionsdaten'] = { ...(body['transaktionsdaten'] as Item), dokumentennummer };
  return body;
}
