import type { TriggerEvent } from '@maco/domain';

/** A body with exactly the event's required leaves (one element per array, every leaf a string). */
export function triggerBodyFor(event: Pick<TriggerEvent, 'required'>): Record<string, unknown> {
  const body: Record<string, unknown> = { stammdaten: {}, transaktionsdaten: {} };
  for (const template of event.required) {
    const tokens = template.split('/').slice(1);
    let node: Record<string, unknown> | unknown[] = body;
    tokens.forEach((token, index) => {
      const last = index === tokens.length - 1;
      const nextIsArray = tokens[index + 1] === '*';
      const key: string | number = token === '*' ? 0 : token;
      const container = node as Record<string | number, unknown>;
      container[key] ??= last ? 'x' : nextIsArray ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return body;
}

/** Trigger retries within milliseconds, so a test waits for outcomes, not for backoff; retry warnings not printed. */
export const FAST_RETRIES: Record<string, string> = {
  TRIGGER_RETRY_BASE_MS: '20',
  TRIGGER_RETRY_MAX_MS: '100',
  TRIGGER_POLL_INTERVAL_MS: '25',
  TRIGGER_MAX_ATTEMPTS: '1000',
  LOG_LEVEL: 'error',
};

/** START_MALOIDENT of LF: what every release requires of it, and nothing more. */
export function maloIdentBody(prozessId?: string): Record<string, unknown> {
  return {
    stammdaten: {},
    transaktionsdaten: {
      absender: { rollencodenummer: '9900000000003' },
      empfaenger: { rollencodenummer: '9900000000010', marktrolle: 'NB' },
      ausfuehrungsdatum: '2026-12-01T23:00:00Z',
    },
    ...(prozessId ? { zusatzdaten: { prozessId } } : {}),
  };
}
