import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: equal bodies give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const members: string[] = [];
    for (const key of keys) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * A business key for a create that came without one, derived from role and body, so a retried
 * keyless create finds its first booking instead of booking twice. Formatted as a UUID (version 8).
 */
export function derivedBusinessKey(role: string, bodyHash: Buffer): string {
  const bytes = createHash('sha256').update(role).update(bodyHash).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
