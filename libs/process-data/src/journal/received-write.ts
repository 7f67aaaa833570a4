import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@maco/auth';
import type { JournalEntry, NewJournalEntry } from '@maco/journal';
import type { RefusedOperation } from '../process-data-api';

/** A write as it reached the service: what the journal keeps, and what the quarantine stores of it. */
export interface ReceivedWrite {
  operation: RefusedOperation;
  /** The path as called (one of the three namings), with its query. */
  url: string;
  contentType: string | null;
  requestId: string;
  tokenSubject: string | null;
  /** `X-Format-Version`, when sent. */
  formatVersion: string | null;
  receivedAt: string;
  body: Buffer;
}

/** The request's write; `receivedAt` from the time Fastify has been serving it (a booking may have waited for the pool). */
export function receivedWriteOf(
  operation: RefusedOperation,
  request: FastifyRequest & { user?: Principal },
  reply?: FastifyReply,
): ReceivedWrite {
  const formatVersion = request.headers['x-format-version'];
  return {
    operation,
    url: request.url,
    contentType: request.headers['content-type'] ?? null,
    requestId: request.id,
    tokenSubject: request.user?.subject ?? null,
    formatVersion: typeof formatVersion === 'string' ? formatVersion : null,
    receivedAt: new Date(Date.now() - (reply?.elapsedTime ?? 0)).toISOString(),
    body: request.receivedBytes ?? Buffer.from(request.jsonText ?? ''),
  };
}

/** The path of a received write, without its query. */
export function pathOf(write: ReceivedWrite): string {
  return write.url.split('?')[0];
}

/** The `command` query parameter of a received write, when sent. */
export function commandOf(write: ReceivedWrite): string | null {
  const query = write.url.indexOf('?');
  return query < 0 ? null : new URLSearchParams(write.url.slice(query + 1)).get('command');
}

export function journalEntryOf(write: ReceivedWrite): NewJournalEntry {
  return {
    receivedAt: write.receivedAt,
    operation: write.operation,
    url: write.url,
    contentType: write.contentType ?? '',
    requestId: write.requestId,
    ...(write.tokenSubject !== null ? { tokenSubject: write.tokenSubject } : {}),
    headers: write.formatVersion !== null ? { 'x-format-version': write.formatVersion } : {},
    body: write.body,
  };
}

/**
 * A journal entry as the write it was; its request id names the entry and when the service received it
 * (`journal:17@2026-11-28T08:31:02.123Z`), the revision's trace of having come from the journal.
 */
export function writeOfJournalEntry(entry: JournalEntry): ReceivedWrite {
  return {
    operation: entry.operation,
    url: entry.url,
    contentType: entry.contentType || null,
    requestId: `journal:${entry.id}@${entry.receivedAt}`,
    tokenSubject: entry.tokenSubject ?? null,
    formatVersion: entry.headers['x-format-version'] ?? null,
    receivedAt: entry.receivedAt,
    body: Buffer.from(entry.body.buffer, entry.body.byteOffset, entry.body.byteLength),
  };
}
