/**
 * Which plugins run: the built-in ones (on unless `enabled: false` in `config/plugins.ts`) and
 * third-party ones declared there with `resolve` (a local path or an installed package name).
 */
import path from 'node:path';
import { BootError } from '../errors';
import { loadUserModule } from '../config/load-module';
import type { ConfigTree } from '../config/load-config';
import { isPlainObject } from '../util/values';
import type { PluginDefinition } from './plugin';

/**
 * Built-in plugins by name and package, in a sensible default order (dependencies still rule).
 * Only packages that exist in the workspace are listed: a new built-in plugin is added as a
 * `plugins/<name>` workspace package named `@platform/<name>` and then given a row here.
 */
export const BUILT_IN_PLUGINS: ReadonlyArray<{ name: string; packageName: string }> = [
  { name: 'query-engine', packageName: '@platform/query-engine' },
  { name: 'relations', packageName: '@platform/relations' },
  { name: 'content-manager', packageName: '@platform/content-manager' },
  { name: 'draft-publish', packageName: '@platform/draft-publish' },
  { name: 'i18n', packageName: '@platform/i18n' },
  { name: 'upload', packageName: '@platform/upload' },
];

interface PluginEntry {
  enabled: boolean;
  resolve?: string;
  config: Record<string, unknown>;
}

function readEntry(name: string, raw: unknown, file: string): PluginEntry {
  if (typeof raw === 'boolean') return { enabled: raw, config: {} };
  if (!isPlainObject(raw)) throw new BootError('CONFIG_PLUGINS', `${file}: key "${name}" must be a boolean or an object`);
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.enabled" must be a boolean`);
  if (raw.resolve !== undefined && typeof raw.resolve !== 'string') throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.resolve" must be a string`);
  if (raw.config !== undefined && !isPlainObject(raw.config)) throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.config" must be an object`);
  return { enabled: raw.enabled !== false, resolve: raw.resolve as string | undefined, config: (raw.config as Record<string, unknown>) ?? {} };
}

function loadDefinition(name: string, specifier: string, appDir: string, file: string): PluginDefinition {
  let exported: unknown;
  try {
    const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
    const target = isPath ? path.resolve(appDir, specifier) : require.resolve(specifier, { paths: [appDir, __dirname] });
    // Installed packages are shared by every platform in the process; local paths are app code.
    exported = loadUserModule(require.resolve(target), { fresh: isPath });
  } catch (error) {
    throw new BootError('PLUGIN_LOAD', `${file}: plugin "${name}" could not be loaded from "${specifier}": ${(error as Error).message}`, { cause: error });
  }
  const def = (typeof exported === 'function' ? (exported as () => unknown)() : exported) as PluginDefinition;
  if (!def || typeof def !== 'object' || typeof def.name !== 'string') {
    throw new BootError('PLUGIN_LOAD', `${file}: plugin "${name}" (${specifier}) must export a plugin definition (definePlugin({ name, ... }))`);
  }
  if (def.name !== name) throw new BootError('PLUGIN_LOAD', `${file}: plugin key "${name}" loads a plugin named "${def.name}"`);
  return def;
}

function isInstalled(packageName: string, appDir: string): boolean {
  try {
    require.resolve(packageName, { paths: [appDir, __dirname] });
    return true;
  } catch {
    return false;
  }
}

export function resolvePlugins(
  appDir: string,
  tree: ConfigTree,
  files: Record<string, string>,
  extra: PluginDefinition[],
): { plugins: PluginDefinition[]; pluginConfig: Record<string, unknown>; disabled: Set<string> } {
  const file = files.plugins ?? 'config/plugins';
  const declared = tree.plugins ?? {};
  const entries = new Map<string, PluginEntry>();
  for (const [name, raw] of Object.entries(declared)) entries.set(name, readEntry(name, raw, file));

  const plugins: PluginDefinition[] = [];
  for (const builtIn of BUILT_IN_PLUGINS) {
    const entry = entries.get(builtIn.name);
    if (entry && !entry.enabled) continue;
    if (entry?.resolve) continue; // replaced by a local implementation, loaded below
    if (!isInstalled(builtIn.packageName, appDir)) {
      if (entry) throw new BootError('PLUGIN_LOAD', `${file}: built-in plugin "${builtIn.name}" is not installed (${builtIn.packageName})`);
      continue;
    }
    plugins.push(loadDefinition(builtIn.name, builtIn.packageName, appDir, file));
  }
  for (const [name, entry] of entries) {
    if (!entry.enabled || BUILT_IN_PLUGINS.some((b) => b.name === name && !entry.resolve)) continue;
    if (!entry.resolve) throw new BootError('CONFIG_PLUGINS', `${file}: plugin "${name}" is not built in and has no "resolve"`);
    plugins.push(loadDefinition(name, entry.resolve, appDir, file));
  }
  for (const def of extra) {
    if (entries.get(def.name)?.enabled === false) continue;
    plugins.push(def);
  }

  const pluginConfig: Record<string, unknown> = {};
  for (const plugin of plugins) {
    pluginConfig[plugin.name] = { ...(plugin.config?.default ?? {}), ...(entries.get(plugin.name)?.config ?? {}) };
  }
  const disabled = new Set([...entries].filter(([, entry]) => !entry.enabled).map(([name]) => name));
  return { plugins, pluginConfig, disabled };
}
