/**
 * The GraphQL console: GraphiQL at the endpoint for a browser (a GET that prefers `text/html`),
 * where Strapi v4 served its playground. Its scripts and styles are the installed packages'
 * own bundles (GraphiQL's and React 18's), served from `<endpoint>/console/`, so the console
 * works offline and under the default Content-Security-Policy (scripts from 'self' only: the
 * page has no inline script: the package's assets/console-start.js starts GraphiQL, found
 * through the package, as it is not compiled to dist/ with the code). They are sent as file
 * streams, so that `platform::compression`, when on, compresses them off the event loop.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RequestContext, RouteDefinition } from '@platform/core';

interface Asset {
  /** where the file is, resolved once from the installed package */
  file: () => string;
  type: string;
}

const packageFile = (pkg: string, relative: string) => () => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), relative);

const ASSETS: Record<string, Asset> = {
  'react.js': { file: packageFile('react', 'umd/react.production.min.js'), type: 'application/javascript; charset=utf-8' },
  'react-dom.js': { file: packageFile('react-dom', 'umd/react-dom.production.min.js'), type: 'application/javascript; charset=utf-8' },
  'graphiql.js': { file: packageFile('graphiql', 'graphiql.min.js'), type: 'application/javascript; charset=utf-8' },
  'graphiql.css': { file: packageFile('graphiql', 'graphiql.min.css'), type: 'text/css; charset=utf-8' },
  'start.js': { file: packageFile('@platform/graphql', 'assets/console-start.js'), type: 'application/javascript; charset=utf-8' },
};

/** The assets change only with the installed packages: a browser keeps them for a day. */
const ASSET_CACHE = 'public, max-age=86400';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function consolePage(endpoint: string): string {
  const base = `${endpoint.replace(/\/$/, '')}/console`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>GraphQL console</title>',
    // no /favicon.ico request (the API has none)
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="${base}/graphiql.css">`,
    '</head>',
    '<body>',
    `<div id="graphiql" data-endpoint="${escapeAttribute(endpoint)}">Loading the GraphQL console...</div>`,
    ...['react.js', 'react-dom.js', 'graphiql.js', 'start.js'].map((file) => `<script src="${base}/${file}"></script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A browser opening the endpoint: a GET whose Accept header prefers HTML to a GraphQL answer. */
export function wantsConsole(http: RequestContext): boolean {
  if (http.method !== 'GET' && http.method !== 'HEAD') return false;
  return http.accepts('application/graphql-response+json', 'application/json', 'text/html') === 'text/html';
}

export function serveConsolePage(http: RequestContext, endpoint: string): void {
  http.status = 200;
  http.type = 'text/html; charset=utf-8';
  http.set('cache-control', 'no-store');
  http.body = consolePage(endpoint);
}

/** The routes of the console's assets, public as the page is. */
export function consoleAssetRoutes(endpoint: string): RouteDefinition[] {
  const found = new Map<string, { file: string; size: number }>();
  const handler = (http: RequestContext) => {
    const name = http.params.file ?? '';
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return undefined;
    let located = found.get(name);
    if (!located) {
      const file = asset.file();
      located = { file, size: fs.statSync(file).size };
      found.set(name, located);
    }
    http.type = asset.type;
    http.set('cache-control', ASSET_CACHE);
    http.length = located.size;
    http.body = fs.createReadStream(located.file);
    return undefined;
  };
  return [{ method: 'GET', path: `${endpoint.replace(/\/$/, '')}/console/:file`, handler, config: { auth: false, prefix: '' } }];
}
