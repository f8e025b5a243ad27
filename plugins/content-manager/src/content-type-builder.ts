/**
 * The read-only model endpoints of Strapi v4's content-type-builder that real frontends call to
 * learn the model (gatsby-source-strapi): `GET /api/content-type-builder/content-types` and
 * `/components`, each `{ data: [{ uid, apiID | apiId, schema }] }`.
 */
import type { Attribute, LoadedComponent, LoadedContentType, PluginContext, RouteDefinition } from '@platform/core';

function formatAttributes(attributes: Record<string, Attribute>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, { hidesRowsWhenNull: _kernelOnly, ...attribute }] of Object.entries(attributes)) {
    if (attribute.type === 'relation') {
      const { inversedBy, mappedBy } = attribute as { inversedBy?: string; mappedBy?: string };
      out[name] = { ...attribute, targetAttribute: inversedBy ?? mappedBy ?? null };
    } else {
      out[name] = { ...attribute };
    }
  }
  return out;
}

export function formatContentType(ct: LoadedContentType): Record<string, unknown> {
  const { schema } = ct;
  return {
    uid: ct.uid,
    ...(ct.namespace === 'plugin' ? { plugin: ct.apiName } : {}),
    apiID: schema.info.singularName,
    schema: {
      draftAndPublish: schema.options?.draftAndPublish === true,
      displayName: schema.info.displayName,
      singularName: schema.info.singularName,
      pluralName: schema.info.pluralName,
      description: schema.info.description ?? '',
      // Strapi v4 leaves the key out of a schema that declares none.
      ...(schema.pluginOptions ? { pluginOptions: schema.pluginOptions } : {}),
      kind: schema.kind ?? 'collectionType',
      collectionName: schema.collectionName,
      attributes: formatAttributes(schema.attributes),
      visible: true,
    },
  };
}

/** A component's `pluginOptions` when it declares some (Strapi v4 leaves the key out otherwise). */
function pluginOptionsOf(schema: object): { pluginOptions?: Record<string, unknown> } {
  const { pluginOptions } = schema as { pluginOptions?: Record<string, unknown> };
  return pluginOptions ? { pluginOptions } : {};
}

export function formatComponent(component: LoadedComponent): Record<string, unknown> {
  const { schema } = component;
  const info = (schema.info ?? {}) as { displayName?: string; description?: string; icon?: string };
  return {
    uid: component.uid,
    category: component.category,
    apiId: component.uid.split('.')[1],
    schema: {
      displayName: info.displayName,
      description: info.description ?? '',
      icon: info.icon,
      collectionName: schema.collectionName,
      ...pluginOptionsOf(schema),
      attributes: formatAttributes(schema.attributes),
    },
  };
}

/**
 * Strapi v4's order of the components list: the categories as loaded (by name), and each
 * category's components in reverse file order (`shared/{meta-tag,quote,rich-text,seo}.json`
 * answer seo, rich-text, quote, meta-tag).
 */
export function strapiComponentOrder(components: Iterable<LoadedComponent>): LoadedComponent[] {
  const byCategory = new Map<string, LoadedComponent[]>();
  for (const component of components) {
    const list = byCategory.get(component.category) ?? [];
    list.push(component);
    byCategory.set(component.category, list);
  }
  return [...byCategory.values()].flatMap((list) => list.reverse());
}

/** Builds a value on first use and keeps it: the schemas do not change once the platform runs. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export function contentTypeBuilderRoutes(platform: PluginContext): RouteDefinition[] {
  const info = { type: 'content-api' as const, pluginName: 'content-type-builder' };
  const contentTypes = once(() => ({ data: [...platform.schemas.contentTypes.values()].map(formatContentType) }));
  const components = once(() => ({ data: strapiComponentOrder(platform.schemas.components.values()).map(formatComponent) }));
  return [
    {
      method: 'GET',
      path: '/content-types',
      handler: contentTypes,
      config: { auth: { scope: ['plugin::content-type-builder.content-types.getContentTypes'] } },
      info,
    },
    {
      method: 'GET',
      path: '/components',
      handler: components,
      config: { auth: { scope: ['plugin::content-type-builder.components.getComponents'] } },
      info,
    },
  ];
}
