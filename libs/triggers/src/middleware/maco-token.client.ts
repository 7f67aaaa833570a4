import { Inject, Injectable } from '@nestjs/common';
import { TriggerMetrics } from '../metrics/trigger-metrics';
import { type MacoAppConnection, TRIGGERS_CONFIG, type TriggersConfig } from '../triggers.config';
import { callMiddleware, jsonObjectOf, MiddlewareUnreachable } from './middleware-http';

// Lifetime assumed when the token answer names none (the middleware's tokens live 5–15 minutes).
const DEFAULT_LIFETIME_SECONDS = 300;
// A token is renewed this long before it expires: a fifth of its lifetime, at most a minute.
const MAX_RENEWAL_MARGIN_MS = 60_000;

interface CachedToken {
  token: string;
  renewAt: number;
}

/**
 * The bearer token for calls to the middleware: OAuth 2.0 password grant (form-encoded) for the service's technical
 * account, cached until shortly before it expires. Callers asking while a token is being fetched share that fetch.
 * Tokens and credentials never reach a log line or an error message.
 */
@Injectable()
export class MacoTokenClient {
  private cached: CachedToken | undefined;
  private fetching: Promise<string> | undefined;

  constructor(
    @Inject(TRIGGERS_CONFIG) private readonly config: TriggersConfig,
    private readonly metrics: TriggerMetrics,
  ) {}

  /** A token valid for a while yet; throws {@link MiddlewareUnreachable} when none can be had. */
  accessToken(): Promise<string> {
    if (this.cached && Date.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.fetching ??= this.fetchToken().finally(() => (this.fetching = undefined));
    return this.fetching;
  }

  /** The middleware refused `token` (401): the next caller fetches a new one, unless one was fetched meanwhile. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async fetchToken(): Promise<string> {
    const connection = this.connection();
    const form = new URLSearchParams({ grant_type: 'password', client_id: connection.clientId });
    if (connection.clientSecret) form.set('client_secret', connection.clientSecret);
    form.set('username', connection.username);
    form.set('password', connection.password);
    const requested = Date.now();
    try {
      const answer = await callMiddleware(
        connection.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        connection.timeoutMs,
      );
      const json = jsonObjectOf(answer.text);
      if (answer.status !== 200 || typeof json?.['access_token'] !== 'string' || json['access_token'] === '') {
        // The OAuth error code (invalid_grant, invalid_client, …) is safe to name; the description may not be.
        const error = typeof json?.['error'] === 'string' ? ` (${json['error'].slice(0, 64)})` : '';
        throw new MiddlewareUnreachable(`token endpoint answered HTTP ${answer.status}${error}`);
      }
      const expiresIn = Number(json['expires_in']);
      const lifetimeMs = (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_SECONDS) * 1000;
      this.cached = {
        token: json['access_token'],
        renewAt: requested + lifetimeMs - Math.min(MAX_RENEWAL_MARGIN_MS, lifetimeMs / 5),
      };
      this.metrics.tokenRequest('issued');
      return json['access_token'];
    } catch (error) {
      this.metrics.tokenRequest('failed');
      if (error instanceof MiddlewareUnreachable) throw new MiddlewareUnreachable(`no access token: ${error.message}`);
      throw error;
    }
  }

  private connection(): MacoAppConnection {
    if (!this.config.macoApp) throw new MiddlewareUnreachable('no middleware configured');
    return this.config.macoApp;
  }
}
