/**
 * `GET /uploads/:name`: the local provider's files, with their content type (from the
 * extension) and a Cache-Control max-age (`providerOptions.localServer.maxage`, in ms, default
 * one minute), as Strapi v4's upload plugin serves them. A route of its own rather than the
 * public files middleware, which only serves a `public/` folder that existed at start; a name
 * that is not a stored object name is a 404 without touching the disk. Uploaded content is
 * whatever a client sent (an SVG or an HTML file may hold scripts), so it is served with a
 * policy that lets it run nothing when it is opened directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotFoundError, type RouteDefinition } from '@platform/core';
import { OBJECT_NAME, UPLOADS_FOLDER } from '../providers/local';

/** koa-send loads when a file is first served, not with the platform. */
const sendModule = () => require('koa-send') as typeof import('koa-send');

export function localFilesRoute(root: string, maxage: number): RouteDefinition {
  return {
    method: 'GET',
    path: `/${UPLOADS_FOLDER}/:name`,
    config: { auth: false, prefix: '' },
    async handler(ctx) {
      const name = ctx.params.name;
      if (name === undefined || !OBJECT_NAME.test(name) || name.includes('..') || !fs.existsSync(path.join(root, name))) throw new NotFoundError('Not Found', {});
      await sendModule()(ctx, name, { root, maxage });
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return undefined;
    },
  };
}
