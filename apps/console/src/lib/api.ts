/** Types of the operator API (API.md) and a small client: bearer token when signed in with one, problems as errors. */

export interface Session {
  role: string;
  subject: string;
  canWrite: boolean;
  operator: boolean;
}

export interface ProcessSummary {
  businessKey: string;
  status: string | null;
  pruefidentifikator: string | null;
  release: string | null;
  revisionCount: number;
  findingCount: number;
  findingCodes: string[];
  marktlokationsIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Finding {
  code: string;
  pointer: string;
  message: string;
  check?: string;
  binding?: string;
  condition?: string;
}

export interface Revision {
  revision: number;
  operation: string;
  pruefidentifikator: string | null;
  release: string | null;
  receivedAt: string;
  tokenSubject: string | null;
  requestId: string | null;
  matchedBy: string | null;
  findings: Finding[];
  body?: unknown;
}

export interface ProcessDetail {
  businessKey: string;
  role: string;
  status: string | null;
  pruefidentifikator: string | null;
  targetBusinessKey: string | null;
  keys: { key: string; kind: string; firstRevision: number }[];
  linkedProcesses: string[];
  revisions: Revision[];
  current: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface TriggerDelivery {
  prozessId: string;
  businessKey: string;
  eventname: string;
  status: 'pending' | 'failed' | 'sent';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
  deliveredAt: string | null;
  failedAt: string | null;
}

export interface TriggerEventInfo {
  eventname: string;
  pruefidentifikatoren: string[];
  required: string[];
}

export interface FindingItem {
  businessKey: string;
  revision: number;
  receivedAt: string;
  pruefidentifikator: string | null;
  release: string | null;
  code: string;
  pointer: string;
  message: string;
}

/** A write the service refused, kept in the quarantine (`GET /refused`). */
export interface RefusedSummary {
  id: string;
  role: string;
  operation: 'create' | 'update';
  path: string;
  status: number;
  code: string;
  detail: string;
  pruefidentifikator: string | null;
  receivedAt: string;
  state: 'open' | 'resolved' | 'dismissed';
  requestId: string | null;
  tokenSubject: string | null;
  contentType: string | null;
  bodySize: number;
}

/** A problem details body as the service answered it. */
export interface Problem {
  code?: string;
  title?: string;
  detail?: string;
  status?: number;
  errors?: { pointer: string; message: string }[];
  [member: string]: unknown;
}

/** One refused write with its body and what became of it (`GET /refused/{id}`). */
export interface RefusedDetail extends RefusedSummary {
  command: string | null;
  /** The problem the write was answered with. */
  problem: Problem;
  /** The body parsed as JSON; null when it does not parse. */
  body: unknown;
  /** The raw bytes as UTF-8 text. */
  bodyText: string;
  resolvedAt: string | null;
  resolvedBusinessKey: string | null;
  resolvedRevision: number | null;
  resolvedBy: 'resubmit' | 'automatic' | null;
  dismissedAt: string | null;
  dismissedReason: string | null;
  dismissedBy: string | null;
}

/** The answer of `POST /refused/{id}/resubmit`. */
export interface ResubmitAnswer {
  entry: RefusedDetail;
  outcome: 'booked' | 'refused';
  receipt?: { businessKey: string; processBusinessKey?: string | null; revision: number; replayed?: boolean; findings?: Finding[] } & Record<string, unknown>;
  problem?: Problem;
}

/** A problem details answer (or a failure to reach the service, status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: { code?: string; title?: string; detail?: string; errors?: { pointer: string; message: string }[] } & Record<string, unknown>,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'maco-console-token';

export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled: the token lives as long as the page.
  }
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export interface Api {
  get<T>(path: string, query?: URLSearchParams | Record<string, string>): Promise<T>;
  post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
}

/** The client; `token` null when the company's proxy signs requests (SSO) or before signing in. */
export function createApi(token: string | null): Api {
  const send = async <T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...extraHeaders };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    } catch (error) {
      throw new ApiError(0, { title: 'Service not reachable', detail: error instanceof Error ? error.message : String(error) });
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = { detail: text.slice(0, 500) };
    }
    if (!response.ok) throw new ApiError(response.status, (parsed ?? {}) as ApiError['problem']);
    return { status: response.status, body: parsed as T };
  };
  return {
    async get<T>(path: string, query?: URLSearchParams | Record<string, string>): Promise<T> {
      const search = query ? new URLSearchParams(query).toString() : '';
      return (await send<T>('GET', search ? `${path}?${search}` : path)).body;
    },
    post: <T>(path: string, body: unknown, headers?: Record<string, string>) => send<T>('POST', path, body, headers),
  };
}

/** A short text of an error for an alert. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.problem.code ? ` ${error.problem.code}` : '';
    return `${error.status || ''}${code}: ${error.message}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}
