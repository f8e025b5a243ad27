/**
 * Rejects request bodies nested deeper than any real content needs. Walks iteratively, so a
 * hostile body of thousands of levels costs linear time and never overflows the stack of the
 * code that reads it later.
 */
import type Koa from 'koa';
import { ValidationError } from '../errors';

export const MAX_BODY_DEPTH = 64;

export function bodyDepthExceeds(value: unknown, maxDepth: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, depth } = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

export function limitBodyDepth(maxDepth = MAX_BODY_DEPTH): Koa.Middleware {
  return async (ctx, next) => {
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined && bodyDepthExceeds(body, maxDepth)) {
      throw new ValidationError(`Request body nested deeper than ${maxDepth} levels`);
    }
    await next();
  };
}
