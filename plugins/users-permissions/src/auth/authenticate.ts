/**
 * The users-permissions strategy, tapped on the kernel's `authenticate` (after the API-token
 * strategy, which taps an earlier stage). A request another strategy recognized only gets its
 * route scope checked. Otherwise: a bearer JWT must verify and name a user who exists, is not
 * blocked (and is confirmed when email confirmation is on) and has not changed their password
 * since it was issued, else 401 `Missing or invalid credentials`; no bearer is the public role.
 */
import { ForbiddenError, UnauthorizedError, type AuthState, type RequestContext, type RouteDefinition } from '@platform/core';
import type { AccessCache } from '../permissions/access-cache';
import type { JwtService } from './jwt';
import { bearerToken } from './bearer';
import type { ExplainDenial } from '../permissions/denials';
import { checkRouteScope, missingAction } from './route-scope';

export const STRATEGY = 'users-permissions';

export interface Authenticator {
  /** the auth state of a bearer JWT, or null when it is not a valid one for a current user */
  fromJwt(token: string): Promise<{ auth: AuthState; user: Record<string, unknown> } | null>;
  /** the public role's auth state, or null when that role grants nothing */
  asPublic(): Promise<AuthState | null>;
  authenticate(ctx: RequestContext, route: RouteDefinition): Promise<void>;
}

function invalid(): UnauthorizedError {
  return new UnauthorizedError('Missing or invalid credentials', {});
}

export function createAuthenticator(options: { jwt: () => JwtService; access: AccessCache; emailConfirmation: () => boolean; explainDenial: ExplainDenial }): Authenticator {
  const { access } = options;

  const authenticator: Authenticator = {
    async fromJwt(token) {
      const verified = options.jwt().verify(token);
      if (!verified) return null;
      const entry = await access.user(verified.id);
      if (!entry || entry.blocked || (options.emailConfirmation() && !entry.confirmed)) return null;
      if (entry.passwordChangedAt !== null && verified.iat < entry.passwordChangedAt) return null;
      const role = entry.roleId === null ? null : await access.role(entry.roleId);
      const ability = role?.ability ?? { can: () => false };
      // Users of one role see the same content answers: a response cache may share them.
      const scope = role ? `role:${role.id}` : 'no-role';
      return { auth: { strategy: STRATEGY, credentials: entry.user, ability, scope }, user: entry.user };
    },
    async asPublic() {
      const role = await access.roleByType('public');
      if (!role || role.actions.size === 0) return null;
      return { strategy: STRATEGY, credentials: null, ability: role.ability, scope: `role:${role.id}` };
    },
    async authenticate(ctx, route) {
      if (!ctx.state.auth) {
        const token = bearerToken(ctx.headers.authorization);
        if (token !== null) {
          const found = await authenticator.fromJwt(token);
          if (!found) throw invalid();
          ctx.state.auth = found.auth;
          ctx.state.user = found.user;
        } else {
          const auth = await authenticator.asPublic();
          if (!auth) throw invalid();
          ctx.state.auth = auth;
        }
      }
      const missing = missingAction(ctx.state.auth, route);
      // Strapi v4 answers the http-errors 403 here: `Forbidden`.
      if (missing !== null) throw new ForbiddenError('Forbidden', await options.explainDenial(ctx.state.auth, missing));
      checkRouteScope(ctx.state.auth, route);
    },
  };
  return authenticator;
}
