/**
 * JSON web tokens as Strapi v4 issues them: HS256 only, payload `{ id, iat, exp }`, signed
 * with the plugin's `jwtSecret`. Verification pins the algorithm, so `alg: none` and every
 * other algorithm are refused, as are expired and tampered tokens.
 */
import type { SignOptions } from 'jsonwebtoken';

export interface VerifiedToken {
  id: number;
  /** issued at, seconds since the epoch */
  iat: number;
}

export interface JwtService {
  /**
   * A token for the user. `notBefore` (seconds) is the user's last password change: a token
   * is never dated before it, or the check that refuses older tokens would refuse it too.
   */
  issue(payload: { id: number }, notBefore?: number | null): string;
  /** the token's user id and issue time, or null when the token is not valid */
  verify(token: string): VerifiedToken | null;
}

/**
 * How many verified tokens are remembered. jsonwebtoken's verify costs a fraction of a
 * millisecond (it rebuilds the key and checks the header at every call): a token already
 * verified is only checked for expiry. A token is immutable and the secret fixed for the
 * process, so its signature stays valid; the user's state is checked at every request anyway.
 */
const REMEMBERED_TOKENS = 10000;

/** jsonwebtoken (and the semver it loads) is required at the first token, not at every start-up. */
let jsonwebtoken: typeof import('jsonwebtoken') | null = null;
function jwt(): typeof import('jsonwebtoken') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  jsonwebtoken ??= require('jsonwebtoken') as typeof import('jsonwebtoken');
  return jsonwebtoken;
}

export function createJwtService(secret: string, options: { expiresIn: NonNullable<SignOptions['expiresIn']> }): JwtService {
  const remembered = new Map<string, VerifiedToken & { exp: number | null }>();
  const now = () => Math.floor(Date.now() / 1000);
  return {
    issue: ({ id }, notBefore) => {
      const iat = Math.max(Math.floor(Date.now() / 1000), notBefore ?? 0);
      return jwt().sign({ id, iat }, secret, { algorithm: 'HS256', expiresIn: options.expiresIn });
    },
    verify(token) {
      const known = remembered.get(token);
      if (known) {
        if (known.exp === null || known.exp > now()) return { id: known.id, iat: known.iat };
        remembered.delete(token);
        return null;
      }
      let payload: unknown;
      try {
        payload = jwt().verify(token, secret, { algorithms: ['HS256'] });
      } catch {
        return null;
      }
      if (typeof payload !== 'object' || payload === null) return null;
      const { id, iat, exp } = payload as { id?: unknown; iat?: unknown; exp?: unknown };
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof iat !== 'number') return null;
      if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value as string);
      remembered.set(token, { id, iat, exp: typeof exp === 'number' ? exp : null });
      return { id, iat };
    },
  };
}
