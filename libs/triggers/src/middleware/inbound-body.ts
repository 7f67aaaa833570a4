import { type Dialect, inDialect } from '@maco/domain';

/**
 * The JSON text the middleware's `/inbound` receives for a trigger: the body as booked (canonical German, revision 1)
 * in the service's dialect (`MACO_DIALECT`). Translated on every send, the first attempt's and the worker's alike, so
 * what is stored never depends on the dialect; `eventname` keeps its German value in English too.
 */
export function inboundBodyText(body: Record<string, unknown>, dialect: Dialect): string {
  return JSON.stringify(inDialect(body, dialect));
}
