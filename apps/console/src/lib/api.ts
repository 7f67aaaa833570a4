/**
 * A small client of the operator API (API.md): bearer token when signed in with one, problems as errors. The types of
 * the answers are the backend's own, imported type-only from the groups' `api` entry points (`@maco/operator/api`,
 * `@maco/process-data/api`, `@maco/platform/api`): nothing of the backend reaches the bundle.
 */
import type { ProblemDetails } from '@maco/platform/api';
import { parseExactJson } from './exact-json';

/**
 * A problem details answer (or a failure to reach the service, status 0). Partial: an answer that did not come from the
 * service (a proxy's error page, no connection) carries only what the console could make of it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Partial<ProblemDetails>,
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
  const send = async <T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...extraHeaders };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new ApiError(0, {
        title: 'Service not reachable',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? parseExactJson(text) : undefined;
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
