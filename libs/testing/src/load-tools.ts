/**
 * Small tools for the reliability suites: seeded randomness (a run is reproducible from its seed), a bounded pool of
 * requests in flight, and the lookups that find an update's change in a record's current state.
 */

/** An integer in [0, below). */
export const randomInt = (random: () => number, below: number): number => Math.floor(random() * below);

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
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reverseKeys(member)]),
  ) as T;
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
