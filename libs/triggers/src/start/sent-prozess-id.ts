/**
 * The caller's prozessId as sent, read before the body is checked (for the log line of a refusal too): German
 * `zusatzdaten.prozessId` or English `additionalData.processId`.
 */
export function sentProzessIdOf(body: unknown): unknown {
  const sent = body as { zusatzdaten?: { prozessId?: unknown }; additionalData?: { processId?: unknown } } | null;
  return sent?.zusatzdaten?.prozessId ?? sent?.additionalData?.processId;
}
