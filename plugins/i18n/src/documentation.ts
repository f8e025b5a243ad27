/**
 * What this plugin tells the documentation plugin (when it is enabled): the `locale`
 * parameter of localized content-types, the locales route, and the localizations routes.
 */
import type { Model } from '@platform/core';
import type { DocumentationService } from '@platform/documentation';
import { isLocalizedModel } from './localized-model';

export function describeLocaleParameter(documentation: DocumentationService): void {
  documentation.describeParameter('locale', {
    description: 'The locale of the entries (a code of GET /api/i18n/locales; default: the default locale; `all`: every locale in a list)',
    schema: { type: 'string' },
    appliesTo: isLocalizedModel,
  });
  documentation.describeRoute(
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
export function describeLocalizationRoute(documentation: DocumentationService, model: Model, path: string): void {
  const name = documentation.schemaName(model.uid);
  if (!name) return;
  documentation.describeRoute(
    { method: 'POST', path },
    {
      summary: `Create a localization of a ${model.singularName}: its localized attributes in another locale (the body is not wrapped in \`data\`)`,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { allOf: [{ $ref: `#/components/schemas/${name}Input` }, { type: 'object', required: ['locale'], properties: { locale: { type: 'string' } } }] } } },
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
