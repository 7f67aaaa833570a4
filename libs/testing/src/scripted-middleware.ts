import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the middleware answers a scripted `/inbound` call instead of accepting it. */
export type ScriptedAnswer =
  /** 503 */
  | 'unavailable'
  /** 401, as for a token revoked early */
  | 'unauthorized'
  /** the connection is destroyed without an answer */
  | 'drop'
  /** no answer at all until the middleware closes (the caller's timeout decides) */
  | 'hang'
  /** 400 EVENT_FAIL */
  | { eventFail: { errorCode: string; message: string } }
  /** any other status, with a JSON body (a 404 or 409 is a refusal the backend does not retry) */
  | { status: number; body?: unknown };

export interface ScriptedMiddlewareOptions {
  clientId?: string;
  /** When set, the token endpoint demands it. */
  clientSecret?: string;
  username?: string;
  password?: string;
  /** `expires_in` of the tokens it issues; they are refused (401) once expired. Default 300. */
  tokenLifetimeSeconds?: number;
}

/** One call of `POST /inbound` as the middleware saw it. */
export interface InboundCall {
  body: Record<string, unknown>;
  prozessId: unknown;
  eventname: unknown;
  /** The status it answered, or `dropped` / `hung` for the scripted non-answers. */
  answer: number | 'dropped' | 'hung';
  /** The business key it answered 201 with. */
  businessKey?: string;
}

export interface ScriptedMiddleware {
  /** Base URL (`MACO_APP_URL`): `/inbound` is below it. */
  readonly url: string;
  readonly tokenUrl: string;
  /** The `MACO_*` variables that point a service at this middleware with valid credentials. */
  readonly env: Record<string, string>;
  readonly inboundCalls: readonly InboundCall[];
  /** Password-grant requests, granted or not. */
  readonly tokenRequests: number;
  readonly tokensIssued: number;
  /** The access tokens it issued (a test checks they stay out of the service's logs). */
  issuedTokens(): string[];
  /** Answers the next `count` inbound calls with `answer` (`Infinity`: until {@link recover}). */
  failNext(count: number, answer: ScriptedAnswer): void;
  /** Forgets the script: every call is accepted again. */
  recover(): void;
  /** The inbound calls it answered 201. */
  accepted(): InboundCall[];
  close(): Promise<void>;
}

interface Issued {
  expiresAt: number;
}

/**
 * A stand-in for the MACO APP on a loopback port: an OAuth password-grant token endpoint (`/oauth/token`) that checks
 * the credentials and counts the tokens it issues, and `POST /inbound` that accepts triggers carrying a valid token
 * with a fresh UUID business key (201 EVENT_SUCCESS), unless scripted to fail. It records every inbound call.
 */
export async function startScriptedMiddleware(options: ScriptedMiddlewareOptions = {}): Promise<ScriptedMiddleware> {
  const credentials = {
    clientId: options.clientId ?? 'maco-backend',
    clientSecret: options.clientSecret,
    username: options.username ?? 'svc-backend',
    password: options.password ?? 'correct horse battery staple',
  };
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 300;
  const tokens = new Map<string, Issued>();
  const inboundCalls: InboundCall[] = [];
  const hanging = new Set<ServerResponse>();
  let script: { remaining: number; answer: ScriptedAnswer } | undefined;
  let tokenRequests = 0;

  const issueToken = (form: URLSearchParams, response: ServerResponse) => {
    tokenRequests++;
    const clientOk =
      form.get('client_id') === credentials.clientId &&
      (credentials.clientSecret === undefined || form.get('client_secret') === credentials.clientSecret);
    if (!clientOk) return json(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'password') return json(response, 400, { error: 'unsupported_grant_type' });
    if (form.get('username') !== credentials.username || form.get('password') !== credentials.password)
      return json(response, 400, { error: 'invalid_grant' });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { expiresAt: Date.now() + lifetimeSeconds * 1000 });
    json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: lifetimeSeconds });
  };

  const inbound = (request: IncomingMessage, text: string, response: ServerResponse) => {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // recorded as an empty body; the middleware answers 400 below
    }
    const zusatzdaten = (body['zusatzdaten'] ?? {}) as Record<string, unknown>;
    const call: InboundCall = {
      body,
      prozessId: zusatzdaten['prozessId'],
      eventname: zusatzdaten['eventname'],
      answer: 0,
    };
    inboundCalls.push(call);
    const scripted = script && script.remaining > 0 ? script.answer : undefined;
    if (script && scripted) script.remaining--;
    if (scripted === 'drop') {
      call.answer = 'dropped';
      request.socket.destroy();
      return;
    }
    if (scripted === 'hang') {
      call.answer = 'hung';
      hanging.add(response);
      return;
    }
    if (scripted === 'unavailable')
      return answer(call, response, 503, { errorCode: 'UNAVAILABLE', message: 'try again later' });
    if (scripted === 'unauthorized') return answer(call, response, 401, { error: 'invalid_token' });
    if (scripted && 'status' in scripted) return answer(call, response, scripted.status, scripted.body ?? {});
    if (scripted) return answer(call, response, 400, scripted.eventFail);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? tokens.get(token) : undefined;
    if (!issued || issued.expiresAt <= Date.now()) return answer(call, response, 401, { error: 'invalid_token' });
    if (typeof call.prozessId !== 'string' || typeof call.eventname !== 'string') {
      return answer(call, response, 400, {
        errorCode: 'INVALID_EVENT',
        message: 'zusatzdaten.prozessId and eventname are required',
      });
    }
    call.businessKey = randomUUID();
    answer(call, response, 201, { businessKey: call.businessKey, message: 'Event erfolgreich gestartet' });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (request.method === 'POST' && request.url === '/oauth/token')
        return issueToken(new URLSearchParams(text), response);
      if (request.method === 'POST' && request.url === '/inbound') return inbound(request, text, response);
      json(response, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/oauth/token`,
    env: {
      MACO_APP_URL: url,
      MACO_TOKEN_URL: `${url}/oauth/token`,
      MACO_CLIENT_ID: credentials.clientId,
      ...(credentials.clientSecret ? { MACO_CLIENT_SECRET: credentials.clientSecret } : {}),
      MACO_USERNAME: credentials.username,
      MACO_PASSWORD: credentials.password,
    },
    inboundCalls,
    get tokenRequests() {
      return tokenRequests;
    },
    get tokensIssued() {
      return tokens.size;
    },
    issuedTokens: () => [...tokens.keys()],
    failNext(count, scriptedAnswer) {
      script = { remaining: count, answer: scriptedAnswer };
    },
    recover() {
      script = undefined;
    },
    accepted: () => inboundCalls.filter((call) => call.answer === 201),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(call: InboundCall, response: ServerResponse, status: number, body: unknown): void {
  call.answer = status;
  json(response, status, body);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
