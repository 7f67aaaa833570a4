import type { TriggerDeliverySettings } from '../triggers.config';

/**
 * How long to wait after the `failedAttempts`-th failed attempt: `retryBaseMs · 2^(failedAttempts − 1)`, capped at
 * `retryMaxMs`, with "equal jitter" (half fixed, half random) so triggers that failed together spread out, yet none
 * is retried much sooner than its backoff.
 */
export function retryDelayMs(
  failedAttempts: number,
  settings: Pick<TriggerDeliverySettings, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  const backoff = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** exponent);
  return Math.round(backoff / 2 + (random() * backoff) / 2);
}
