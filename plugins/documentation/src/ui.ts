/**
 * The documentation page (`/documentation`, in development): Swagger UI from the
 * `swagger-ui-dist` package, its files served from node_modules (no CDN, works offline), and
 * a start script of our own rather than an inline one, so the security headers'
 * `script-src 'self'` holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotFoundError, type RequestContext, type RouteDefinition } from '@platform/core';

export const UI_PATH = '/documentation';

/** The files of swagger-ui-dist the page loads, and their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const START_SCRIPT = 'start.js';

function assetDir(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function pageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>API documentation</title>
  <link rel="stylesheet" href="${UI_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${UI_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${UI_PATH}/swagger-ui-bundle.js"></script>
  <script src="${UI_PATH}/swagger-ui-standalone-preset.js"></script>
  <script src="${UI_PATH}/${START_SCRIPT}"></script>
</body>
</html>
`;
}

function startScript(documentUrl: string): string {
  return `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(documentUrl)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;
}

/** The page and its files; `documentUrl` is where the page fetches the document. */
export function uiRoutes(documentUrl: string): RouteDefinition[] {
  const cache = new Map<string, Buffer>();
  return [
    {
      method: 'GET',
      path: UI_PATH,
      handler: (ctx: RequestContext) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = pageHtml();
      },
      config: { auth: false, prefix: '' },
    },
    {
      method: 'GET',
      path: `${UI_PATH}/:file`,
      handler: (ctx: RequestContext) => {
        const file = ctx.params.file;
        if (file === START_SCRIPT) {
          ctx.type = 'application/javascript; charset=utf-8';
          ctx.body = startScript(documentUrl);
          return;
        }
        const type = file === undefined ? undefined : ASSETS[file];
        if (file === undefined || !type) throw new NotFoundError();
        let content = cache.get(file);
        if (!content) {
          content = fs.readFileSync(path.join(assetDir(), file));
          cache.set(file, content);
        }
        ctx.type = type;
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = content;
      },
      config: { auth: false, prefix: '' },
    },
  ];
}
