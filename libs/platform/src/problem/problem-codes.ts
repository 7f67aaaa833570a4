/**
 * Every problem this backend reports, with its HTTP status and the slug of its `type` URI.
 * Slugs follow the MaCo error page's names where one exists (malformed, unauthenticated, …) and
 * never change once published: clients may dispatch on them.
 */
export const PROBLEMS = {
  'REQUEST.MALFORMED_JSON': { status: 400, slug: 'malformed', title: 'Malformed request body' },
  'AUTH.UNAUTHENTICATED': { status: 401, slug: 'unauthenticated', title: 'Authentication required' },
  'AUTH.ROLE_NOT_PERMITTED': { status: 403, slug: 'permission-denied', title: 'Token not valid for this market role' },
  'REQUEST.NOT_FOUND': { status: 404, slug: 'not-found', title: 'No such resource' },
  'REQUEST.METHOD_NOT_ALLOWED': { status: 405, slug: 'method-not-allowed', title: 'Method not allowed' },
  'PROCESS_DATA.BUSINESS_KEY_CONFLICT': {
    status: 409,
    slug: 'business-key-conflict',
    title: 'Business key already booked with a different body',
  },
  'REQUEST.PAYLOAD_TOO_LARGE': { status: 413, slug: 'payload-too-large', title: 'Request body too large' },
  'REQUEST.UNSUPPORTED_MEDIA_TYPE': { status: 415, slug: 'unsupported-media-type', title: 'Unsupported media type' },
  'REQUEST.VALIDATION_FAILED': { status: 422, slug: 'invalid', title: 'Request body is invalid' },
  'REQUEST.COMMAND_MISMATCH': { status: 422, slug: 'command-mismatch', title: 'Command does not match the operation' },
  'PROCESS_DATA.BUSINESS_KEY_UNKNOWN': { status: 422, slug: 'business-key-unknown', title: 'Unknown business key' },
  'REQUEST.UNKNOWN_RELEASE': { status: 422, slug: 'unknown-release', title: 'Unknown release' },
  'PROCESS_DATA.MANDATORY_FIELDS_MISSING': {
    status: 422,
    slug: 'mandatory-fields-missing',
    title: 'Fields the AHB makes mandatory for this Prüfidentifikator are missing',
  },
  'REQUEST.JSON_LIMIT_EXCEEDED': {
    status: 422,
    slug: 'json-limit-exceeded',
    title: 'Request body nests too deeply or has too long an array',
  },
  'REQUEST.UNSTORABLE_TEXT': {
    status: 422,
    slug: 'unstorable-text',
    title: 'Request body contains text that cannot be stored (NUL character or unpaired surrogate)',
  },
  'REQUEST.RATE_LIMITED': { status: 429, slug: 'rate-limited', title: 'Too many requests' },
  'REQUEST.HEADERS_TOO_LARGE': { status: 431, slug: 'headers-too-large', title: 'Request header fields too large' },
  'REQUEST.MALFORMED_HTTP': { status: 400, slug: 'malformed-http', title: 'Malformed HTTP request' },
  'SERVER.INTERNAL': { status: 500, slug: 'internal', title: 'Internal server error' },
  'SERVER.UNAVAILABLE': { status: 503, slug: 'unavailable', title: 'Service temporarily unavailable' },
} as const satisfies Record<string, { status: number; slug: string; title: string }>;

export type ProblemCode = keyof typeof PROBLEMS;
