/**
 * Strapi's configuration paths read from the platform's: `server.port`, `api.rest.defaultLimit`,
 * `plugin.<name>.<key>` are the same; Strapi's `plugin::<name>.<key>` and `plugin:<name>.<key>`
 * forms name the plugin's configuration too.
 */
import type { Platform } from '@platform/core';

export function getPath(platform: Platform, path: string): unknown {
  const plugin = /^plugin::?([^.]+)(?:\.(.+))?$/.exec(path);
  const dotted = plugin ? `plugin.${plugin[1]}${plugin[2] ? `.${plugin[2]}` : ''}` : path;
  return platform.config(dotted);
}
