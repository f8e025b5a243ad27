/**
 * What plugins tell about their routes (the extension point of this plugin's service): an
 * OpenAPI operation fragment per route, matched by the route's handler (`plugin::upload.content-api.upload`)
 * or by its method and full path as the router writes it (`POST /api/auth/local`).
 */
import type { HttpMethod, RouteDefinition } from '@platform/core';
import type { OperationObject } from './openapi/types';

export type RouteMatch = { handler: string } | { method: HttpMethod; path: string };

export class RouteDescriptions {
  private readonly byHandler = new Map<string, Partial<OperationObject>>();
  private readonly byPath = new Map<string, Partial<OperationObject>>();

  add(match: RouteMatch, operation: Partial<OperationObject>): void {
    if ('handler' in match) this.byHandler.set(match.handler, { ...this.byHandler.get(match.handler), ...operation });
    else {
      const key = `${match.method} ${match.path}`;
      this.byPath.set(key, { ...this.byPath.get(key), ...operation });
    }
  }

  /** Every description of `other`, as if added here in the same order. */
  addAll(other: RouteDescriptions): void {
    for (const [handler, operation] of other.byHandler) this.byHandler.set(handler, { ...this.byHandler.get(handler), ...operation });
    for (const [key, operation] of other.byPath) this.byPath.set(key, { ...this.byPath.get(key), ...operation });
  }

  find(route: RouteDefinition, fullPath: string): Partial<OperationObject> | undefined {
    const byPath = this.byPath.get(`${route.method} ${fullPath}`);
    const byHandler = typeof route.handler === 'string' ? this.byHandler.get(route.handler) : undefined;
    if (!byPath && !byHandler) return undefined;
    return { ...byHandler, ...byPath };
  }
}
