import type { OpenApiObject } from '../openapi/openapi-contribution';
import type { ProblemFieldError } from '../platform-api';
import type { QueryParameters } from './query-parameters';

/** Who may call a route: anyone, a token with the service's role, or that or an `OPERATOR` token (the console reads). */
export type RouteAuth = 'public' | 'role' | 'role+operator';

/** A named example of a body. */
export interface RouteExample {
  summary: string;
  description?: string;
  value: unknown;
}

/** One answer of a route besides its problems. */
export interface RouteAnswer {
  description: string;
  /** The body's schema; absent: no body. */
  schema?: OpenApiObject;
  /** Content type of the body, `application/json` unless said. */
  contentType?: string;
  example?: unknown;
  examples?: Record<string, RouteExample>;
  /** Headers of the answer besides `X-Request-Id`, by name. */
  headers?: Readonly<Record<string, OpenApiObject>>;
}

/** A path parameter of a route: its documentation (the handler checks it, with `readQuery` where it is a kind). */
export interface PathParameter {
  description: string;
  schema: OpenApiObject;
  /** Its name in the route's paths, where the document and the problems name it otherwise (`:key`). */
  routeName?: string;
  /** A value of it, documented and standing in for it in the problems' example `instance`. */
  example?: string;
}

/**
 * A route, described once as data in its group: the handler is registered from it (`@Route`), its query is read from
 * it (`readQuery`), and its OpenAPI operation is built from it (`routeOperations`).
 */
export interface RouteDescription<P extends QueryParameters = QueryParameters> {
  operationId: string;
  method: 'GET' | 'POST';
  /** Paths in Nest's form (`/processes/:key`), the current spelling first; the others are served and documented alike. */
  paths: readonly string[];
  /**
   * A path parameter that stands for the service's role in lower case (`/orders/:role/create`): documented as
   * the role's own path (`/orders/lf/create`). The handler refuses another role's.
   */
  roleParameter?: string;
  auth: RouteAuth;
  tag: string;
  summary: string;
  /** The summary of a later path's operation; `<summary> (also served as <path>)` unless said. */
  aliasSummary?: (path: string) => string;
  description: string;
  /** Path parameters, by the name the document gives them. */
  pathParameters?: Readonly<Record<string, PathParameter>>;
  query?: P;
  /** Further parameters (`$ref`s to shared parameters: headers, or query parameters the handler reads itself), documented after the query. */
  headers?: readonly OpenApiObject[];
  body?: {
    schema: OpenApiObject;
    required: boolean;
    description?: string;
    example?: unknown;
    examples?: Record<string, RouteExample>;
  };
  /** The answers by status; the first is the status the handler answers with unless it sets one. */
  answers: Readonly<Record<number, RouteAnswer>>;
  /** Problem codes the route can answer with (their statuses come from the service's problem catalog). */
  problems: readonly string[];
  /** What a problem status means on this route, where it says more than the general text. */
  statusText?: Readonly<Record<number, string>>;
  /** `errors[]` of a problem code's example. */
  errorsOf?: (code: string) => ProblemFieldError[] | undefined;
}

/** A route description whose query parameters are known by name and type (none: an empty list). */
export type DescribedRoute<P extends QueryParameters> = RouteDescription<P> & { readonly query: P };

/** Types a route description (and checks it at compile time), keeping its parameters' types for the handler. */
export function describeRoute<const P extends QueryParameters = Record<never, never>>(
  route: RouteDescription<P>,
): DescribedRoute<P> {
  return { ...route, query: route.query ?? ({} as P) };
}

/** The status a route answers with when all goes well: its first 2xx answer. */
export function successStatusOf(route: RouteDescription): number {
  const status = Object.keys(route.answers)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error(`Route ${route.operationId} describes no 2xx answer`);
  return status;
}
