import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@maco/platform';
import { TRIGGERS_CONFIG, type TriggersConfig } from '../triggers.config';
import { inboundBodyText } from './inbound-body';
import { MacoTokenClient } from './maco-token.client';
import { callMiddleware, jsonObjectOf, type MiddlewareAnswer, MiddlewareUnreachable } from './middleware-http';

/** What the middleware made of a trigger. */
export type InboundResult =
  /** 2xx (EVENT_SUCCESS): it started the process; `businessKey` is its key for it. */
  | { kind: 'accepted'; businessKey: string | null }
  /** 400 (EVENT_FAIL): it refuses this trigger; sending it again would not help. */
  | { kind: 'rejected'; errorCode: string; message: string }
  /** Another 4xx: it will not take the request as sent (wrong path, media type, …); not retried either. */
  | { kind: 'refused'; reason: string }
  /** No answer, 401 twice, 408, 429 or 5xx: worth another attempt later. */
  | { kind: 'unavailable'; reason: string };

// Bounds on what the middleware's answers put into our database and problem details.
const MAX_KEY_LENGTH = 256;
const MAX_ERROR_CODE_LENGTH = 100;
const MAX_MESSAGE_LENGTH = 1000;
const RETRYABLE_STATUSES = new Set([401, 408, 425, 429]);

/**
 * Sends triggers to the middleware's `POST /inbound` with its bearer token, in the service's dialect (`MACO_DIALECT`).
 * A 401 fetches a new token and sends once more (the token may have been revoked early); never throws, every failure
 * is an {@link InboundResult}.
 */
@Injectable()
export class MacoInboundClient {
  constructor(
    @Inject(TRIGGERS_CONFIG) private readonly config: TriggersConfig,
    @Inject(SERVICE_CONFIG) private readonly serviceConfig: Pick<ServiceConfig, 'dialect'>,
    private readonly tokens: MacoTokenClient,
  ) {}

  /** `body`: the trigger as booked (canonical German). */
  async send(body: Record<string, unknown>): Promise<InboundResult> {
    try {
      const text = inboundBodyText(body, this.serviceConfig.dialect);
      let token = await this.tokens.accessToken();
      let answer = await this.post(text, token);
      if (answer.status === 401) {
        this.tokens.invalidate(token);
        token = await this.tokens.accessToken();
        answer = await this.post(text, token);
      }
      return classify(answer);
    } catch (error) {
      if (error instanceof MiddlewareUnreachable) return { kind: 'unavailable', reason: error.message };
      throw error;
    }
  }

  private post(text: string, token: string): Promise<MiddlewareAnswer> {
    const connection = this.config.macoApp;
    if (!connection) throw new MiddlewareUnreachable('no middleware configured');
    return callMiddleware(
      `${connection.url}/inbound`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: text,
      },
      connection.timeoutMs,
    );
  }
}

function classify({ status, text }: MiddlewareAnswer): InboundResult {
  const json = jsonObjectOf(text);
  if (status >= 200 && status < 300) {
    const key = json?.['businessKey'];
    return {
      kind: 'accepted',
      businessKey: typeof key === 'string' && key !== '' && key.length <= MAX_KEY_LENGTH ? key : null,
    };
  }
  if (status === 400) {
    const errorCode = json?.['errorCode'];
    const message = json?.['message'];
    return {
      kind: 'rejected',
      errorCode:
        typeof errorCode === 'string' && errorCode !== '' ? errorCode.slice(0, MAX_ERROR_CODE_LENGTH) : 'HTTP_400',
      message: typeof message === 'string' ? message.slice(0, MAX_MESSAGE_LENGTH) : '',
    };
  }
  if (status === 401) return { kind: 'unavailable', reason: 'middleware refused the access token (HTTP 401)' };
  if (RETRYABLE_STATUSES.has(status) || status >= 500)
    return { kind: 'unavailable', reason: `middleware answered HTTP ${status}` };
  return { kind: 'refused', reason: `middleware answered HTTP ${status}` };
}
