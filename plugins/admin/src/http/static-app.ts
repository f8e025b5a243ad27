/**
 * The panel's files, built once when the package is built (scripts/build-app.js) into
 * `dist/app/`: `index.html`, and `assets/` whose names carry a hash of their content, each
 * beside its brotli and gzip forms. Assets are sent with a year-long, immutable cache lifetime
 * and the smallest form the client accepts (nothing is compressed per request); the page itself
 * is revalidated at every visit, so a new build reaches browsers at once. Every other GET under
 * `/admin` that no API route answers is the page (the app routes in the browser). The page has
 * no inline script: it runs under the default Content-Security-Policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotFoundError, type RequestContext, type RouteDefinition } from '@platform/core';
import { errors } from '../errors';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface AppFiles {
  root: string;
  page(): Buffer;
}

/** Where the built panel is: the package's `dist/app`. */
export function appFiles(root = path.join(path.dirname(require.resolve('@platform/admin/package.json')), 'dist', 'app')): AppFiles {
  let page: Buffer | null = null;
  return {
    root,
    page() {
      if (!page) {
        const file = path.join(root, 'index.html');
        if (!fs.existsSync(file)) throw errors.internal('APP_NOT_BUILT', `The admin panel is not built: ${file} is missing (run npm run build)`);
        page = fs.readFileSync(file);
      }
      return page;
    },
  };
}

/** Sends a file in the best encoding the client takes among those built beside it. */
function sendAsset(koa: RequestContext, file: string, type: string): void {
  const accepts = koa.acceptsEncodings('br', 'gzip', 'identity');
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepts !== encoding) continue;
    const encoded = file + suffix;
    if (fs.existsSync(encoded)) {
      koa.set('Content-Encoding', encoding);
      file = encoded;
      break;
    }
  }
  koa.vary('Accept-Encoding');
  koa.type = type;
  koa.set('Cache-Control', IMMUTABLE);
  koa.length = fs.statSync(file).size;
  koa.body = fs.createReadStream(file);
}

export function appRoutes(files: () => AppFiles): RouteDefinition[] {
  const route = (pathPattern: string, handler: (koa: RequestContext) => void): RouteDefinition => ({
    method: 'GET',
    path: pathPattern,
    handler,
    config: { auth: false, prefix: '' },
    info: { type: 'admin', pluginName: 'admin' },
  });
  const page = (koa: RequestContext) => {
    koa.type = 'text/html; charset=utf-8';
    koa.set('Cache-Control', 'no-cache');
    koa.body = files().page();
  };
  return [
    route('/admin/assets/:file', (koa) => {
      const name = koa.params.file ?? '';
      const type = TYPES[path.extname(name)];
      const file = path.join(files().root, 'assets', name);
      if (!SAFE_NAME.test(name) || !type || !fs.existsSync(file)) throw new NotFoundError('Not Found', {});
      sendAsset(koa, file, type);
    }),
    route('/admin', page),
    // the app's own paths (the browser routes them); API routes are matched before this one
    route('/admin/*path', page),
  ];
}
