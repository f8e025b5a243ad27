/**
 * Which plugins run. The kernel knows no plugin by name: plugins are found the way any package
 * is, from what the app declares.
 * - Installed plugins: every dependency in the app's `package.json` whose own `package.json`
 *   says `"platform": { "kind": "plugin" }` is on by default. An app folder without a
 *   `package.json` (`platform start --app /srv/site`, holding only config/, api/, components/)
 *   gets the set of the distribution it runs from: the project whose `platform` command runs it
 *   (the nearest `package.json` at or above the working directory). Either way the default set
 *   is declared by depending on the plugin packages, never by the kernel. An app whose
 *   `package.json` lists no plugin package at all (a project written for another system, whose
 *   dependencies are that system's packages) gets the distribution's set too.
 * - `config/plugins.ts` turns any of them off (`false` or `{ enabled: false }`), configures
 *   them, and adds others with `resolve`: a folder (relative to the app) or a package name.
 *   `resolve` on an installed plugin's key replaces it with that implementation. A local folder
 *   is first offered to the installed plugins' `pluginFolders` adapters (a folder written for
 *   another system); none claiming it, it is loaded as a platform plugin.
 * - A key that names no plugin we have and has no `resolve` is ignored with a warning naming the
 *   closest known plugin: a Strapi project's `config/plugins.js` configures plugins this
 *   platform does not have (an email provider, say), and it must still boot; the
 *   warning is what catches a typo.
 * - Plugins given in code (`new Platform({ plugins })`) come last.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BootError } from '../errors';
import { loadUserModule, resolveModule } from '../config/load-module';
import type { ConfigTree } from '../config/load-config';
import { isPlainObject } from '../util/values';
import type { PluginDefinition } from './plugin';
import { registerPluginRoot } from './peer-resolution';
import { closestName, editDistance } from '../util/closest-name';
import type { EnvFn } from '../config/env';

/** Close enough to be a slip of the keyboard (`graphq`, `user-permissions`), not another plugin's name. */
function isLikelyTypo(name: string, closest: string): boolean {
  return editDistance(name, closest) <= Math.max(2, Math.floor(closest.length / 4));
}

interface PluginEntry {
  enabled: boolean;
  resolve?: string;
  config: Record<string, unknown>;
}

export interface InstalledPlugin {
  name: string;
  packageName: string;
  /** where the package was found from: the folder of the manifest that lists it, then the kernel */
  from: string[];
}

/** The `"platform"` field of a plugin package's `package.json`. */
interface PlatformPackageField {
  kind?: string;
  /** the plugin's name when it differs from the package name without its scope */
  name?: string;
}

function readEntry(name: string, raw: unknown, file: string): PluginEntry {
  if (typeof raw === 'boolean') return { enabled: raw, config: {} };
  if (!isPlainObject(raw)) throw new BootError('CONFIG_PLUGINS', `${file}: key "${name}" must be a boolean or an object`);
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.enabled" must be a boolean`);
  if (raw.resolve !== undefined && typeof raw.resolve !== 'string') throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.resolve" must be a string`);
  if (raw.config !== undefined && !isPlainObject(raw.config)) throw new BootError('CONFIG_PLUGINS', `${file}: "${name}.config" must be an object`);
  return { enabled: raw.enabled !== false, resolve: raw.resolve as string | undefined, config: (raw.config as Record<string, unknown>) ?? {} };
}

/** Where packages are looked up for an app: the app first, then beside the kernel. */
function lookupPaths(appDir: string): string[] {
  return [appDir, __dirname];
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The nearest `package.json` at or above a folder, with its folder. */
function nearestManifest(start: string): { manifest: Record<string, unknown>; dir: string } | null {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const manifest = readJson(path.join(dir, 'package.json'));
    if (manifest) return { manifest, dir };
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The plugin packages among the dependencies of the app's `package.json` (else the
 * distribution's, see above), in the order the manifest lists them.
 */
export function installedPlugins(appDir: string, distributionDir: string = process.cwd()): InstalledPlugin[] {
  const own = readJson(path.join(appDir, 'package.json'));
  if (own) {
    const listed = pluginPackages({ manifest: own, dir: appDir });
    if (listed.length > 0) return listed;
  }
  const distribution = nearestManifest(distributionDir);
  // The distribution is the app's own folder or above it: its manifest was just read.
  if (!distribution || (own && distribution.dir === path.resolve(appDir))) return [];
  return pluginPackages(distribution);
}

function pluginPackages(found: { manifest: Record<string, unknown>; dir: string }): InstalledPlugin[] {
  const dependencies = found.manifest.dependencies;
  if (!isPlainObject(dependencies)) return [];
  // The packages a manifest lists are installed next to it (or, in a workspace, beside the kernel).
  const from = lookupPaths(found.dir);
  const out: InstalledPlugin[] = [];
  for (const packageName of Object.keys(dependencies)) {
    let manifestFile: string;
    try {
      manifestFile = require.resolve(`${packageName}/package.json`, { paths: from });
    } catch {
      continue; // not installed, or its exports hide package.json: not a plugin package
    }
    const field = readJson(manifestFile)?.platform as PlatformPackageField | undefined;
    if (!isPlainObject(field) || field.kind !== 'plugin') continue;
    out.push({ name: typeof field.name === 'string' ? field.name : packageName.replace(/^@[^/]+\//, ''), packageName, from });
  }
  return out;
}

/** The definition of an installed plugin package (what `platform new` asks of the distribution's plugins). */
export function loadInstalledDefinition(plugin: InstalledPlugin, appDir: string): PluginDefinition {
  return loadDefinition(plugin.name, plugin.packageName, appDir, 'package.json', plugin.from);
}

function loadDefinition(name: string, specifier: string, appDir: string, file: string, from: string[] = lookupPaths(appDir)): PluginDefinition {
  let exported: unknown;
  try {
    const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
    const entry = resolveModule(isPath ? path.resolve(appDir, specifier) : specifier, from);
    // A plugin outside the app resolves its peers (`@platform/core`) from where it was found.
    registerPluginRoot(packageRoot(fs.realpathSync(entry)), from);
    // Installed packages are shared by every platform in the process; local paths are app code.
    exported = loadUserModule(entry, { fresh: isPath, appCode: isPath });
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

/**
 * A local `resolve` folder claimed by a plugin's PluginFolderAdapter (a plugin written for
 * another system), or undefined: the folder is then loaded as a platform plugin.
 */
function adaptedFolder(name: string, specifier: string, appDir: string, file: string, adapters: PluginDefinition[], env: EnvFn | undefined): PluginDefinition | undefined {
  if (!(specifier.startsWith('.') || path.isAbsolute(specifier))) return undefined;
  const folder = path.resolve(appDir, specifier);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) return undefined;
  for (const adapter of adapters) {
    const def = adapter.pluginFolders?.(env ? { name, folder, appDir, file, env } : { name, folder, appDir, file });
    if (!def) continue;
    if (def.name !== name) throw new BootError('PLUGIN_LOAD', `${file}: plugin key "${name}" loads a plugin named "${def.name}" (read by plugin "${adapter.name}")`);
    return def;
  }
  try {
    resolveModule(folder, lookupPaths(appDir));
  } catch {
    const readers = adapters.map((def) => def.name);
    throw new BootError(
      'PLUGIN_LOAD',
      `${file}: plugin "${name}" resolves to the folder ${folder}, which holds no plugin: no platform plugin (a package.json "main" or an index file exporting definePlugin(...))${readers.length > 0 ? `, nor a plugin folder that ${readers.length === 1 ? 'the plugin' : 'the plugins'} ${readers.map((r) => `"${r}"`).join(', ')} ${readers.length === 1 ? 'reads' : 'read'}` : ''}`,
    );
  }
  return undefined;
}

/** The folder of the nearest `package.json` above a file (the file's folder without one). */
function packageRoot(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

export function resolvePlugins(
  appDir: string,
  tree: ConfigTree,
  files: Record<string, string>,
  extra: PluginDefinition[],
  distributionDir?: string,
  env?: EnvFn,
): { plugins: PluginDefinition[]; pluginConfig: Record<string, unknown>; disabled: Set<string>; warnings: string[] } {
  const file = files.plugins ?? 'config/plugins';
  const declared = tree.plugins ?? {};
  const entries = new Map<string, PluginEntry>();
  for (const [name, raw] of Object.entries(declared)) entries.set(name, readEntry(name, raw, file));

  const installed = installedPlugins(appDir, distributionDir);
  const plugins: PluginDefinition[] = [];
  for (const { name, packageName, from } of installed) {
    const entry = entries.get(name);
    if (entry && (!entry.enabled || entry.resolve)) continue; // off, or replaced (loaded below)
    plugins.push(loadDefinition(name, packageName, appDir, file, from));
  }
  const known = [...installed.map((p) => p.name), ...extra.map((def) => def.name)];
  const warnings: string[] = [];
  const adapters = [...plugins, ...extra].filter((def) => def.pluginFolders);
  for (const [name, entry] of entries) {
    if (entry.resolve) {
      if (entry.enabled) plugins.push(adaptedFolder(name, entry.resolve, appDir, file, adapters, env) ?? loadDefinition(name, entry.resolve, appDir, file));
      continue;
    }
    if (known.includes(name)) continue;
    const closest = closestName(name, known);
    if (!entry.enabled) {
      // `<name>: { enabled: false }` for a plugin we do not have asks for what is already true,
      // unless it misspells one that is installed, which it then leaves on.
      if (closest && isLikelyTypo(name, closest)) {
        warnings.push(`${file}: plugin "${name}" is not installed, so its "enabled: false" switches nothing off (the closest installed plugin is "${closest}")`);
      }
      continue;
    }
    warnings.push(
      `${file}: plugin "${name}" is not installed (no dependency of the app's package.json provides it) and has no "resolve"; its entry is ignored${closest ? ` (the closest known plugin is "${closest}")` : ''}`,
    );
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
  return { plugins, pluginConfig, disabled, warnings };
}
