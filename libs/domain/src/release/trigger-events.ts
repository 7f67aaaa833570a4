import { isPlainObject } from '../json/plain-object';
import type { MarketRole } from '../market-role';
import { appendPointer, comparePointers, ROOT_POINTER, unescapePointerToken } from '../validation/json-pointer';
import TRIGGER_EVENT_DATA from './data/trigger-events.json';
import type { ReleaseName } from './release';

/**
 * A trigger event a role may send to the middleware (`POST /inbound`, `zusatzdaten.eventname`) in a release: the
 * Prüfidentifikatoren it may produce (the middleware derives the PI) and the JSON Pointers its body must carry.
 */
export interface TriggerEvent {
  release: ReleaseName;
  role: MarketRole;
  eventname: string;
  pruefidentifikatoren: readonly string[];
  /** Pointer templates of the required leaves (`/transaktionsdaten/absender`); a `*` token stands for every array element. */
  required: readonly string[];
}

interface CatalogueEvent {
  pruefidentifikatoren: string[];
  required: string[];
}

interface CatalogueRelease {
  formatVersion: string;
  inherits?: string;
  withdrawn?: Partial<Record<string, string[]>>;
  events: Partial<Record<string, Record<string, CatalogueEvent>>>;
}

// Any element of an array in a pointer template (tools/event-catalogue/generate.js).
const EACH = '*';

const RELEASE_DATA = (TRIGGER_EVENT_DATA as { releases: Record<string, CatalogueRelease> }).releases;
const EVENTS = new Map(Object.keys(RELEASE_DATA).map((name) => [name, resolveRelease(name)]));

/** The event `eventname` of `role` in `release`; undefined when the role cannot send it in that release. */
export function triggerEvent(release: ReleaseName, role: MarketRole, eventname: string): TriggerEvent | undefined {
  const event = EVENTS.get(release)?.get(role)?.get(eventname);
  return (
    event && { release, role, eventname, pruefidentifikatoren: event.pruefidentifikatoren, required: event.required }
  );
}

/** Names of the events `role` can send in `release`, sorted. */
export function triggerEventNames(release: ReleaseName, role: MarketRole): string[] {
  return [...(EVENTS.get(release)?.get(role)?.keys() ?? [])].sort();
}

/**
 * Pointers (URI fragment form, sorted) of what `body` lacks of the event's required fields. As with JSON Schema's
 * `required`, a member must be present (null counts as absent); an empty array has no element to lack anything, and
 * the values themselves are the middleware's to judge. Where a container is absent, only the container is named.
 */
export function missingTriggerFields(event: Pick<TriggerEvent, 'required'>, body: unknown): string[] {
  const missing = new Set<string>();
  for (const template of event.required) {
    const tokens = template.split('/').slice(1).map(unescapePointerToken);
    for (const pointer of missingAlong(body, tokens, ROOT_POINTER)) missing.add(pointer);
  }
  return [...missing].sort(comparePointers);
}

function missingAlong(value: unknown, tokens: string[], pointer: string): string[] {
  if (tokens.length === 0) return [];
  const [token, ...rest] = tokens;
  if (token === EACH) {
    // A value that should be an array but is not cannot hold the elements the template asks for.
    if (!Array.isArray(value)) return [pointer];
    return value.flatMap((element, index) => missingAlong(element, rest, appendPointer(pointer, index)));
  }
  const childPointer = appendPointer(pointer, token);
  const child = isPlainObject(value) && Object.hasOwn(value, token) ? value[token] : undefined;
  if (child === undefined || child === null) return [childPointer];
  return missingAlong(child, rest, childPointer);
}

/** Role → event name → event of a release, with what it inherits applied. */
function resolveRelease(name: string, seen: readonly string[] = []): Map<string, Map<string, CatalogueEvent>> {
  const own = RELEASE_DATA[name];
  if (!own || seen.includes(name))
    throw new Error(`trigger events of release ${name} are missing or inherit in a cycle`);
  const parent = own.inherits ? resolveRelease(own.inherits, [...seen, name]) : undefined;
  const roles = new Set([...(parent?.keys() ?? []), ...Object.keys(own.events)]);
  return new Map(
    [...roles].map((role) => {
      const events = new Map(parent?.get(role));
      for (const eventname of own.withdrawn?.[role] ?? []) events.delete(eventname);
      for (const [eventname, event] of Object.entries(own.events[role] ?? {})) events.set(eventname, event);
      return [role, events];
    }),
  );
}
