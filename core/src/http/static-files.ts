/**
 * `strapi::public` and `strapi::favicon`: the app's `public/` folder served at `/` with
 * koa-static, and `/favicon.ico`. Files are looked up only for GET and HEAD requests no route
 * answered (koa-static's `defer`), so a file can never shadow an API route.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { PASS_THROUGH } from './pass-through';

export interface PublicConfig {
  /** Cache-Control max-age, in milliseconds (default one minute, as Strapi) */
  maxAge?: number;
  /** serve `index.html` for a folder (default true) */
  defaultIndex?: boolean;
}

export function publicFiles(appDir: string, config: PublicConfig = {}): Koa.Middleware {
  const root = path.join(appDir, 'public');
  // No folder, no lookups: every 404 would otherwise cost a stat call.
  if (!fs.existsSync(root)) return PASS_THROUGH;
  // required only for an app that has the folder
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const serve = require('koa-static') as typeof import('koa-static');
  return serve(root, { defer: true, maxage: config.maxAge ?? 60000, index: config.defaultIndex === false ? false : 'index.html' });
}

export interface FaviconConfig {
  /** the icon, relative to the app folder (default `favicon.ico`) */
  path?: string;
  /** Cache-Control max-age, in milliseconds (default one day, as Strapi) */
  maxAge?: number;
}

export function favicon(appDir: string, config: FaviconConfig = {}): Koa.Middleware {
  const file = path.resolve(appDir, config.path ?? 'favicon.ico');
  if (!fs.existsSync(file)) return PASS_THROUGH;
  // Read once: browsers ask for it on every page load.
  const icon = fs.readFileSync(file);
  const cacheControl = `public, max-age=${Math.floor((config.maxAge ?? 86400000) / 1000)}`;
  return (ctx, next) => {
    if (ctx.path !== '/favicon.ico' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', cacheControl);
    ctx.type = 'image/x-icon';
    ctx.body = icon;
    return undefined;
  };
}
