/**
 * The extension point through which other plugins add pages and field inputs to the panel,
 * published as `plugin::admin.extensions`. A plugin hands over a browser script it built
 * itself (an IIFE using the panel's React and components from `window.platformAdmin`, see
 * docs/admin.md); the panel loads every script of an enabled plugin after sign-in, and the
 * script registers its pages (`registerPage`) and field inputs (`registerField`). The
 * built-in settings pages of upload, users-permissions, i18n and api-tokens register through
 * the same calls, from inside the panel's bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errors } from './errors';

export interface AdminExtensions {
  /** adds a browser script (a file on disk) that registers pages and field inputs; before the server starts */
  addScript(plugin: string, file: string): void;
  /** the scripts, by the URL the panel loads them from */
  scripts(): ReadonlyArray<{ plugin: string; url: string; file: string }>;
}

const NAME = /^[a-z][a-z0-9-]*$/;

export function createExtensions(): AdminExtensions {
  const added: Array<{ plugin: string; url: string; file: string }> = [];
  return {
    addScript(plugin, file) {
      if (!NAME.test(plugin)) throw errors.boot('EXTENSION', `admin extension: "${plugin}" is not a plugin name`);
      if (!path.isAbsolute(file) || !fs.existsSync(file)) throw errors.boot('EXTENSION', `admin extension of "${plugin}": ${file} is not an existing absolute path`);
      const index = added.filter((entry) => entry.plugin === plugin).length;
      added.push({ plugin, file, url: `/admin/extensions/${plugin}/${index}.js` });
    },
    scripts: () => added,
  };
}
