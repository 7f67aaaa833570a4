// What orders and resolves a write: its body (through the MaloIdent `data` wrapper) and the process keys it names, in
// either dialect (English `additionalData.processId`).
const KEY_FIELDS = [
  'businessKey',
  'targetBusinessKey',
  'parentBusinessKey',
  'prozessId',
  'referenzProzessId',
  'processId',
];

/** The body as parsed, when it did parse; the MaloIdent group's `data` wrapper is looked through. */
export function parsedBody(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const data = (body as Record<string, unknown>)['data'];
  return !('transaktionsdaten' in body) &&
    !('transactionData' in body) &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : (body as Record<string, unknown>);
}

/** The process keys a write names in `zusatzdaten` (`additionalData`): what a later booking may bring, what orders it behind another. */
export function keysOf(body: Record<string, unknown> | undefined): string[] {
  const zusatzdaten = body?.['zusatzdaten'] ?? body?.['additionalData'];
  if (typeof zusatzdaten !== 'object' || zusatzdaten === null || Array.isArray(zusatzdaten)) return [];
  const keys = KEY_FIELDS.map((field) => textOf((zusatzdaten as Record<string, unknown>)[field])).filter(
    (key): key is string => key !== null,
  );
  return [...new Set(keys)];
}

/** A short text for a column; a NUL (which no PostgreSQL text holds) becomes U+FFFD, so a resubmit still sees it differ. */
export function textOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256) return null;
  // eslint-disable-next-line no-control-regex
  return value.replace(/\u0000/g, '\ufffd');
}
