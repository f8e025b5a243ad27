/**
 * Records what a header-only middleware does to a response (set and remove, in order), so that
 * a middleware whose headers do not depend on the request can be replayed without running it.
 */
import type { ServerResponse } from 'node:http';
import type Koa from 'koa';

/** one header set (`value`) or removed (`value` undefined), as the middleware did it */
export interface HeaderStep {
  name: string;
  value?: string | number | readonly string[];
}

/**
 * The steps `middleware` takes on a bare request, or null when it does anything else: reads the
 * request, touches the response otherwise, fails, or does not go on to `next`.
 */
export async function recordHeaderSteps(middleware: Koa.Middleware): Promise<readonly HeaderStep[] | null> {
  const steps: HeaderStep[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ name, value: Array.isArray(value) ? Object.freeze([...value]) : value });
      return res;
    },
    removeHeader(name: string) {
      steps.push({ name });
    },
  };
  // Only these two methods exist: a middleware that needs anything else throws, and is not replayed.
  const ctx = { req: Object.freeze({ headers: Object.freeze({}) }), res: Object.freeze(res) } as unknown as Koa.Context;
  let nextCalled = false;
  try {
    await middleware(ctx, async () => {
      nextCalled = true;
    });
  } catch {
    return null;
  }
  return nextCalled ? Object.freeze(steps) : null;
}

/** Applies recorded steps to a response, in their order. */
export function replayHeaderSteps(res: ServerResponse, steps: readonly HeaderStep[]): void {
  for (const step of steps) {
    if (step.value === undefined) res.removeHeader(step.name);
    else res.setHeader(step.name, step.value);
  }
}
