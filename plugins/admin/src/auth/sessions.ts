/**
 * Admin sessions: HS256 JSON web tokens `{ id, iat, exp }` signed with the admin's own secret
 * (ADMIN_JWT_SECRET), never with the Content API's: a Content API user's token is no admin
 * session and the other way round. They expire (`expiresIn`, 30 days by default, as Strapi's).
 */
/** jsonwebtoken is loaded at the first session, not at every start-up. */
let loaded: typeof import('jsonwebtoken') | null = null;
function jwt(): typeof import('jsonwebtoken') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('jsonwebtoken') as typeof import('jsonwebtoken');
  return loaded;
}

export interface AdminSession {
  id: number;
  iat: number;
}

export interface SessionTokens {
  issue(id: number): string;
  verify(token: string): AdminSession | null;
}

/** An `iss` claim of our own, so that no token signed for another purpose with the same secret passes. */
const ISSUER = 'platform-admin';

export function createSessionTokens(secret: () => string, expiresIn: number): SessionTokens {
  return {
    issue: (id) => jwt().sign({ id }, secret(), { algorithm: 'HS256', expiresIn, issuer: ISSUER }),
    verify(token) {
      let payload: unknown;
      try {
        payload = jwt().verify(token, secret(), { algorithms: ['HS256'], issuer: ISSUER });
      } catch {
        return null;
      }
      const { id, iat } = (payload ?? {}) as { id?: unknown; iat?: unknown };
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof iat !== 'number') return null;
      return { id, iat };
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? (match[1] as string) : null;
}
