import { isExactNumber, stringifyExactJson } from './exact-json';

/** JSON with sorted object keys at every level and two-space indentation: the same value always prints the same text. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  return stringifyExactJson(sortKeys(value), 2) ?? '';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isExactNumber(value)) return value;
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}
