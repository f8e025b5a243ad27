/**
 * `GET <rest prefix>/openapi.json`: the document, public (no credentials needed to read it).
 * `?public=true` (or the plugin's `public` option) answers only what the public role may call.
 */
import { parseBoolean, ValidationError, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import type { DocumentationConfig, DocumentationService } from './service';
import { UI_PATH } from './ui';

export const DOCUMENT_HANDLER = 'documentation.openapi';

export function documentationRoutes(ctx: PluginContext<DocumentationConfig>): RouteDefinition[] {
  return [
    {
      method: 'GET',
      path: '/openapi.json',
      handler: async (koa: RequestContext) => {
        const asked = koa.query.public === undefined ? false : parseBoolean(koa.query.public);
        if (asked === null) throw new ValidationError('Invalid parameter public');
        return ctx.service('plugin::documentation.openapi').document({ public: ctx.config.public === true || asked });
      },
      config: { auth: false },
      info: { pluginName: 'documentation' },
    },
  ];
}

export function describeOwnRoutes(service: DocumentationService, prefix: string, ui: boolean): void {
  service.describeRoute(
    { method: 'GET', path: `${prefix}/openapi.json` },
    {
      operationId: 'getOpenApiDocument',
      summary: 'This document (OpenAPI 3.1)',
      tags: ['documentation'],
      parameters: [{ name: 'public', in: 'query', description: 'only the routes the public role may call', schema: { type: 'boolean' } }],
      responses: { '200': { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } } } },
    },
  );
  if (!ui) return;
  service.describeRoute(
    { method: 'GET', path: UI_PATH },
    {
      operationId: 'getDocumentationPage',
      summary: 'The documentation page (Swagger UI)',
      tags: ['documentation'],
      responses: { '200': { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  );
  service.describeRoute(
    { method: 'GET', path: `${UI_PATH}/:file` },
    {
      operationId: 'getDocumentationAsset',
      summary: 'A file the documentation page loads',
      tags: ['documentation'],
      responses: { '200': { description: 'The file' } },
    },
  );
}
