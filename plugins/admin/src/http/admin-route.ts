/**
 * How the admin API's routes are declared: Strapi's paths as they are (`/admin/...`,
 * `/content-manager/...`, no REST prefix), marked `info.type: 'admin'` so that the Content API's
 * tooling (its permissions, its document) leaves them out. They are no Content API routes: the
 * kernel's authentication (Content API users and tokens) does not run on them; an administrator's
 * session is checked by the route's own middleware instead, which leaves `koa.state.admin`.
 */
import { isPlainObject, ValidationError, type HttpMethod, type Middleware, type RequestContext, type RouteDefinition } from '@platform/core';
import { requireAction, type Access } from '../access';

export type AdminHandler = (koa: RequestContext) => unknown | Promise<unknown>;

export interface AdminRoutes {
  /**
   * another plugin's admin route (its handler a controller action), for administrators holding
   * `permission` (null: any signed-in one); its path is under `prefix` (`/admin`, or nothing for
   * a whole path, `/upload/...`); `after` run once the permission is checked (what the plugin
   * needs to know of the caller)
   */
  mounted(route: RouteDefinition, permission: string | null, prefix?: string, after?: Middleware[]): RouteDefinition;
  /** a route for a signed-in administrator */
  signedIn(method: HttpMethod, path: string, handler: AdminHandler): RouteDefinition;
  /** a route anyone may call (init, login, register-admin) */
  open(method: HttpMethod, path: string, handler: AdminHandler): RouteDefinition;
}

export function adminRoutes(access: () => Access): AdminRoutes {
  const session: Middleware = async (koa, next) => {
    await access().authenticate(koa);
    await next();
  };
  const route = (method: HttpMethod, path: string, handler: AdminHandler, middlewares: Middleware[]): RouteDefinition => ({
    method,
    path,
    handler,
    config: { auth: false, prefix: '', middlewares },
    info: { type: 'admin', pluginName: 'admin' },
  });
  return {
    mounted: (definition, permission, prefix = '/admin', after = []) => {
      const allowed: Middleware[] =
        permission === null
          ? []
          : [
              async (koa, next) => {
                requireAction(koa, permission);
                await next();
              },
            ];
      return {
        method: definition.method,
        path: `${prefix}${definition.path}`,
        handler: definition.handler,
        config: { auth: false, prefix: '', middlewares: [session, ...allowed, ...after] },
        info: { type: 'admin', pluginName: 'admin' },
      };
    },
    signedIn: (method, path, handler) => route(method, path, handler, [session]),
    open: (method, path, handler) => route(method, path, handler, []),
  };
}

/** The request body as an object, or the 400 Strapi answers for anything else. */
export function bodyOf(koa: RequestContext): Record<string, unknown> {
  const body = koa.request.body;
  if (body === undefined || body === null || body === '') return {};
  if (!isPlainObject(body)) throw new ValidationError('The request body must be an object', {});
  return body;
}

/** A positive integer path parameter, or a 400. */
export function idParam(koa: RequestContext, name = 'id'): number {
  const raw = koa.params[name] ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ValidationError(`Invalid ${name}`, {});
  return Number(raw);
}

export function optionalText(body: Record<string, unknown>, key: string, max = 255): string | null | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw ValidationError.fromIssues([{ path: [key], message: `${key} must be a \`string\` type`, name: 'ValidationError' }]);
  if (value.length > max) throw ValidationError.fromIssues([{ path: [key], message: `${key} must be at most ${max} characters`, name: 'ValidationError' }]);
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredEmail(body: Record<string, unknown>, key = 'email'): string {
  const value = body[key];
  if (typeof value !== 'string' || !EMAIL.test(value.trim()) || value.length > 255) {
    throw ValidationError.fromIssues([{ path: [key], message: `${key} must be a valid email`, name: 'ValidationError' }]);
  }
  return value.trim().toLowerCase();
}

export function requiredText(body: Record<string, unknown>, key: string): string {
  const value = optionalText(body, key);
  if (value === undefined || value === null || value.trim() === '') throw ValidationError.fromIssues([{ path: [key], message: `${key} is a required field`, name: 'ValidationError' }]);
  return value.trim();
}
