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

