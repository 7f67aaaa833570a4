/** What every route behind the bearer guard can answer: no or a bad token, another role, the rate limit, a failure. */
export const GUARDED_ROUTE_PROBLEMS = [
  'AUTH.UNAUTHENTICATED',
  'AUTH.ROLE_NOT_PERMITTED',
  'REQUEST.RATE_LIMITED',
  'SERVER.INTERNAL',
  'SERVER.UNAVAILABLE',
] as const;

/** What platform answers on a POST before the handler: a body that is not JSON, too large, of another type, too deep. */
export const JSON_BODY_PROBLEMS = [
  'REQUEST.MALFORMED_JSON',
  'REQUEST.PAYLOAD_TOO_LARGE',
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'REQUEST.JSON_LIMIT_EXCEEDED',
] as const;
