/**
 * `strapi::security`: security headers with helmet. The config is helmet's options in
 * Strapi v4's shape (`contentSecurityPolicy`, `xssFilter`, `hsts`, `frameguard`, ...), merged
 * key by key over Strapi's defaults; `false` turns one header off.
 */
import type Koa from 'koa';
import helmet from 'koa-helmet';
import { deepMerge } from '../config/load-config';
import { recordHeaderSteps, replayHeaderSteps, type HeaderStep } from './header-steps';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** Strapi v4's `strapi::security` defaults (less the admin panel's image host). */
export const SECURITY_DEFAULTS = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'data:', 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  xssFilter: false,
  hsts: { maxAge: 31536000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
};

export function security(config: Record<string, unknown> = {}): Koa.Middleware {
  const options = deepMerge(SECURITY_DEFAULTS, config) as HelmetOptions;
  const runHelmet = helmet(options);
  // A directive that is a function of the request (a CSP nonce) makes the headers vary.
  if (containsFunction(options)) return runHelmet;
  // Otherwise helmet sets the same headers on every request: they are recorded once (the
  // recording settles within start-up, before any request) and replayed, instead of running
  // helmet's chain of middlewares and rebuilding the CSP text per request.
  let steps: readonly HeaderStep[] | null = null;
  void recordHeaderSteps(runHelmet).then((recorded) => {
    steps = recorded;
  });
  return (ctx, next) => {
    if (steps === null) return runHelmet(ctx, next);
    replayHeaderSteps(ctx.res, steps);
    return next();
  };
}

function containsFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(containsFunction);
}
