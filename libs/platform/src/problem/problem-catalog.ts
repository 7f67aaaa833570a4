/** How one problem code is answered: its HTTP status, the slug of its `type` URI and its title. */
export interface ProblemDefinition {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
}

/** Problem codes (`GROUP.WHAT`) with their definitions: what a group registers with platform. */
export type ProblemCatalog = Readonly<Record<string, ProblemDefinition>>;

/** Types a catalog literal, keeping its codes as a union (`keyof typeof CATALOG`). */
export function defineProblems<const T extends ProblemCatalog>(catalog: T): T {
  return catalog;
}

/**
 * The problems of the HTTP layer every service shares: parsing, auth, routing, limits, server faults. Slugs follow the
 * MaCo error page's names where one exists (malformed, unauthenticated, …) and never change once published: clients
 * may dispatch on them. What a request means to a group (validation, conflicts) is the group's own catalog.
 */
export const PLATFORM_PROBLEMS = defineProblems({
  'REQUEST.MALFORMED_JSON': { status: 400, slug: 'malformed', title: 'Malformed request body' },
  'AUTH.UNAUTHENTICATED': { status: 401, slug: 'unauthenticated', title: 'Authentication required' },
  'AUTH.ROLE_NOT_PERMITTED': { status: 403, slug: 'permission-denied', title: 'Token not valid for this market role' },
  'REQUEST.NOT_FOUND': { status: 404, slug: 'not-found', title: 'No such resource' },
  'REQUEST.METHOD_NOT_ALLOWED': { status: 405, slug: 'method-not-allowed', title: 'Method not allowed' },
  'REQUEST.PAYLOAD_TOO_LARGE': { status: 413, slug: 'payload-too-large', title: 'Request body too large' },
  'REQUEST.UNSUPPORTED_MEDIA_TYPE': { status: 415, slug: 'unsupported-media-type', title: 'Unsupported media type' },
  'REQUEST.JSON_LIMIT_EXCEEDED': {
    status: 422,
    slug: 'json-limit-exceeded',
    title: 'Request body nests too deeply or has too long an array',
  },
  'REQUEST.RATE_LIMITED': { status: 429, slug: 'rate-limited', title: 'Too many requests' },
  'REQUEST.HEADERS_TOO_LARGE': { status: 431, slug: 'headers-too-large', title: 'Request header fields too large' },
  'REQUEST.MALFORMED_HTTP': { status: 400, slug: 'malformed-http', title: 'Malformed HTTP request' },
  'SERVER.INTERNAL': { status: 500, slug: 'internal', title: 'Internal server error' },
  'SERVER.UNAVAILABLE': { status: 503, slug: 'unavailable', title: 'Service temporarily unavailable' },
});

export type PlatformProblemCode = keyof typeof PLATFORM_PROBLEMS;

/**
 * Codes of every group that validates a JSON body against a release (an invalid field, an unknown `X-Format-Version`).
 * Platform answers neither itself; a group spreads them into its catalog, so groups sharing them define them alike.
 */
export const BODY_VALIDATION_PROBLEMS = defineProblems({
  'REQUEST.VALIDATION_FAILED': { status: 422, slug: 'invalid', title: 'Request body is invalid' },
  'REQUEST.UNKNOWN_RELEASE': { status: 422, slug: 'unknown-release', title: 'Unknown release' },
});

/** Injection token of the service's merged {@link ProblemCatalog}: platform's codes and every group's. */
export const PROBLEM_CATALOG = Symbol('PROBLEM_CATALOG');

/**
 * Platform's catalog and the groups' in one. A code may be registered twice only with the same definition (two groups
 * sharing a code from a common lib); a different one is a start-up error, since the filter could not tell which holds.
 */
export function mergeProblemCatalogs(...catalogs: ProblemCatalog[]): ProblemCatalog {
  const merged: Record<string, ProblemDefinition> = {};
  for (const catalog of catalogs) {
    for (const [code, definition] of Object.entries(catalog)) {
      const known = merged[code];
      if (
        known &&
        (known.status !== definition.status || known.slug !== definition.slug || known.title !== definition.title)
      ) {
        throw new Error(`Problem code ${code} is registered twice with different definitions`);
      }
      merged[code] = definition;
    }
  }
  return merged;
}
