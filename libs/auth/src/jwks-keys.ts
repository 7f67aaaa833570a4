import { decode } from 'jsonwebtoken';
import { JwksClient } from 'jwks-rsa';

/** The issuer's keys cannot be fetched (unreachable, timed out, an HTTP error): no answer about the token is possible. */
export class SigningKeysUnavailableError extends Error {
  override readonly name = 'SigningKeysUnavailableError';
}

// Longest a JWKS fetch may hang a request (jwks-rsa's own default is far longer).
const FETCH_TIMEOUT_MS = 5_000;
// Keys kept for an outage: an issuer publishes a handful, and only kids a verified token named are remembered.
const REMEMBERED_KEYS = 64;

type KeyCallback = (error: Error | null, key?: string) => void;

/**
 * The `secretOrKeyProvider` of the JWT strategy for a JWKS URL. jwks-rsa fetches and caches the keys (and limits
 * fetches for unknown kids); when a fetch fails, a kid whose key was fetched before keeps its key, so tokens of a
 * known key keep working while the issuer is unreachable, and others get `SigningKeysUnavailableError` (503), not 401.
 */
export function jwksKeyProvider(
  jwksUri: string,
  options: { cacheMaxAgeMs?: number } = {},
): (request: unknown, token: string, done: KeyCallback) => void {
  const client = new JwksClient({
    jwksUri,
    cache: true,
    cacheMaxAge: options.cacheMaxAgeMs,
    rateLimit: true,
    jwksRequestsPerMinute: 10,
    timeout: FETCH_TIMEOUT_MS,
  });
  const remembered = new Map<string, string>();
  return (_request, token, done) => {
    const kid = kidOf(token);
    // Not a JWT with a header: no key; verification then refuses it (401).
    if (kid === undefined) return done(null, undefined);
    client.getSigningKey(kid ?? undefined).then(
      (key) => {
        const publicKey = key.getPublicKey();
        if (kid !== null) remember(remembered, kid, publicKey);
        done(null, publicKey);
      },
      (error: Error) => {
        // No such kid, or too many unknown kids this minute: the token cannot be verified (401).
        if (error.name === 'SigningKeyNotFoundError' || error.name === 'JwksRateLimitError')
          return done(null, undefined);
        const known = kid === null ? undefined : remembered.get(kid);
        if (known) return done(null, known);
        done(new SigningKeysUnavailableError(`The issuer's signing keys could not be fetched (${error.name}).`));
      },
    );
  };
}

/** The token's `kid` (null when it names none); undefined when it is no decodable JWT. */
function kidOf(token: string): string | null | undefined {
  const decoded = decode(token, { complete: true });
  if (!decoded || typeof decoded.header !== 'object') return undefined;
  return typeof decoded.header.kid === 'string' ? decoded.header.kid : null;
}

function remember(keys: Map<string, string>, kid: string, key: string): void {
  keys.delete(kid);
  keys.set(kid, key);
  if (keys.size > REMEMBERED_KEYS) keys.delete(keys.keys().next().value as string);
}
