/**
 * What this plugin declares about its routes to the content API, for the transports to read
 * (the API's document): the locales route, and the localizations routes. Plain data; no
 * transport is imported.
 */
import type { Model } from '@platform/core';
import { modelSchemaRef, type Declarations } from '@platform/query-engine';

const OWNER = 'i18n';

export function declareLocalesRoute(declarations: Declarations): void {
  declarations.describeRoute(
    OWNER,
    { handler: 'plugin::i18n.locales.listLocales' },
    {
      summary: 'The locales of the app (not in the entry envelope)',
      responses: {
        '200': {
          description: 'Every locale, the default one marked',
          content: {
            'application/json': {
              schema: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'code', 'isDefault'],
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    code: { type: 'string' },
                    createdAt: { type: 'string', format: 'date-time' },
                    updatedAt: { type: 'string', format: 'date-time' },
                    isDefault: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
    },
  );
}

/** The localizations route of a content-type, as mounted at `path` (the router's form). */
export function declareLocalizationRoute(declarations: Declarations, model: Model, path: string): void {
  declarations.describeRoute(
    OWNER,
    { method: 'POST', path },
    {
      summary: `Create a localization of a ${model.singularName}: its localized attributes in another locale (the body is not wrapped in \`data\`)`,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { allOf: [{ $ref: modelSchemaRef(model.uid, 'Input') }, { type: 'object', required: ['locale'], properties: { locale: { type: 'string' } } }] } },
        },
      },
      responses: {
        '200': {
          description: 'The new localization, flat (id and attributes side by side)',
          content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
        },
      },
    },
  );
}
