/**
 * Which plugins the panel has pages for are enabled. The two whose services the admin calls
 * (i18n's locales, api-tokens') are declared `optional`; the others are recognized by the
 * content-types they contribute, which the schemas hold from register on, or, for webhooks
 * (which has none) and any other plugin, by what they hand the panel in their register (a
 * script, routes or actions, `plugin::admin.extensions`): only an enabled plugin registers. They are not
 * declared, so that the panel does not pull them ahead of the plugins they would otherwise start
 * after (a declared plugin starts before its dependents); upload and webhooks declare the admin
 * instead.
 */
import type { PluginContext } from '@platform/core';
import type { AdminExtensions } from './extensions';

/** the content-type a built-in panel's plugin contributes; null: known by its extensions */
const MARKERS: Record<string, string | null> = {
  upload: 'plugin::upload.file',
  'users-permissions': 'plugin::users-permissions.user',
  i18n: 'plugin::i18n.locale',
  'api-tokens': 'plugin::api-tokens.api-token',
  webhooks: null,
};

export const PANEL_PLUGINS = Object.keys(MARKERS);

/** The plugins that handed the panel a script, routes or actions, in the order they did. */
export function extendingPlugins(ctx: PluginContext): string[] {
  const extensions = ctx.service<AdminExtensions>('plugin::admin.extensions');
  return [...new Set([...extensions.scripts(), ...extensions.routes(), ...extensions.actions()].map((entry) => entry.plugin))];
}

export function isPresent(ctx: PluginContext, plugin: string): boolean {
  const marker = MARKERS[plugin];
  if (typeof marker === 'string') return ctx.schemas.contentTypes.has(marker);
  return extendingPlugins(ctx).includes(plugin);
}
