// Reading values out of untyped JSON business objects.
import { type LocationType, MAX_ID_LENGTH, type NamedLocation } from './locations';

/** A business object as JSON. */
export type Bo = Record<string, unknown>;

/** An id: a non-empty string up to MAX_ID_LENGTH, or a safe integer as its text. */
export function idOf(value: unknown): string | undefined {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH ? id : undefined;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
/** The location `value` names as an id of `type`, if it is one. */
export function located(type: LocationType, value: unknown): NamedLocation[] {
  const id = idOf(value);
  return id ? [{ type, id }] : [];
}
