/**
 * `strapi::security`: security headers with koa-helmet. The config is helmet's options in
 * Strapi v4's shape (`contentSecurityPolicy`, `xssFilter`, `hsts`, `frameguard`, ...), merged
 * key by key over Strapi's defaults; `false` turns one header off.
 */
import type Koa from 'koa';
import helmet from 'koa-helmet';
import { deepMerge } from '../config/load-config';

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
  return helmet(deepMerge(SECURITY_DEFAULTS, config) as HelmetOptions);
}
