/**
 * Which plugins the panel has pages for are enabled. The two whose services the admin calls
 * (i18n's locales, api-tokens') are declared `optional`; the others are recognized by the
 * content-types they contribute, which the schemas hold from register on. They are not
 * declared, so that the panel does not pull them ahead of the plugins they would otherwise
 * start after (a declared plugin starts before its dependents).
 */
import type { PluginContext } from '@platform/core';

const MARKERS: Record<string, string> = {
  upload: 'plugin::upload.file',
  'users-permissions': 'plugin::users-permissions.user',
  i18n: 'plugin::i18n.locale',
  'api-tokens': 'plugin::api-tokens.api-token',
  webhooks: '',
};

export const PANEL_PLUGINS = Object.keys(MARKERS);

export function isPresent(ctx: PluginContext, plugin: string): boolean {
  const marker = MARKERS[plugin];
  if (marker === '') return ctx.isEnabled(plugin);
  return marker !== undefined && ctx.schemas.contentTypes.has(marker);
}
