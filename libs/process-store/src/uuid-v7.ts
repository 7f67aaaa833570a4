import { randomFillSync } from 'node:crypto';

// Random bits are drawn in batches: one call into the random generator per 512 ids instead of one per id.
const RANDOM_BYTES_PER_ID = 10;
const pool = Buffer.alloc(RANDOM_BYTES_PER_ID * 512);
let offset = pool.length;
const bytes = Buffer.alloc(16);

/**
 * A time-ordered UUID (RFC 9562 version 7): 48 bits of Unix milliseconds, then random bits. New records land at
 * the right edge of the primary-key indexes instead of on random pages, which keeps their inserts cheap.
 */
export function uuidV7(now: number = Date.now()): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  bytes.writeUIntBE(now, 0, 6);
  pool.copy(bytes, 6, offset, offset + RANDOM_BYTES_PER_ID);
  offset += RANDOM_BYTES_PER_ID;
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
