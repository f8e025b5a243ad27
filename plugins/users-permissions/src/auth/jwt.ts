/**
 * JSON web tokens as Strapi v4 issues them: HS256 only, payload `{ id, iat, exp }`, signed
 * with the plugin's `jwtSecret`. Verification pins the algorithm, so `alg: none` and every
 * other algorithm are refused, as are expired and tampered tokens.
 */
import jwt, { type SignOptions } from 'jsonwebtoken';

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

export function createJwtService(secret: string, options: { expiresIn: NonNullable<SignOptions['expiresIn']> }): JwtService {
  return {
    issue: ({ id }, notBefore) => {
      const iat = Math.max(Math.floor(Date.now() / 1000), notBefore ?? 0);
      return jwt.sign({ id, iat }, secret, { algorithm: 'HS256', expiresIn: options.expiresIn });
    },
    verify(token) {
      try {
        const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
        if (typeof payload !== 'object' || payload === null) return null;
        const { id, iat } = payload as { id?: unknown; iat?: unknown };
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof iat !== 'number') return null;
        return { id, iat };
      } catch {
        return null;
      }
    },
  };
}
