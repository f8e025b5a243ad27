/**
 * A plugin that lives outside the app (`resolve: '../my-plugin'`, or a package npm installed as
 * a link to such a folder) declares `@platform/core` as a peer dependency and has no
 * node_modules of its own. Node would look for its imports next to the plugin's real path and
 * fail. The kernel registers each such plugin folder here: a bare import from a file inside it
 * that Node cannot resolve there is resolved from the app and the kernel instead, so the plugin
 * gets the very kernel instance (and plugin packages) the app runs, without copies or links.
 */
import Module from 'node:module';
import path from 'node:path';

interface ModuleInternals {
  _resolveFilename(request: string, parent: { filename?: string | null } | undefined, isMain: boolean, options?: unknown): string;
}

const internals = Module as unknown as ModuleInternals;
/** plugin folder (real path, with a trailing separator) -> folders to resolve its peers from */
const roots = new Map<string, string[]>();
let installed = false;

function rootOf(filename: string): string | undefined {
  for (const root of roots.keys()) if (filename.startsWith(root)) return root;
  return undefined;
}

function install(): void {
  if (installed) return;
  installed = true;
  const original = internals._resolveFilename;
  internals._resolveFilename = function resolveWithPeers(request, parent, isMain, options) {
    try {
      return original.call(this, request, parent, isMain, options);
    } catch (error) {
      const root = parent?.filename ? rootOf(parent.filename) : undefined;
      const bare = !request.startsWith('.') && !path.isAbsolute(request) && !request.startsWith('node:');
      if (!root || !bare) throw error;
      return original.call(this, request, parent, isMain, { paths: roots.get(root) });
    }
  };
}

/** Lets files under `pluginDir` resolve what they cannot find themselves from `from` (app, kernel). */
export function registerPluginRoot(pluginDir: string, from: string[]): void {
  install();
  const root = pluginDir.endsWith(path.sep) ? pluginDir : pluginDir + path.sep;
  if (!roots.has(root)) roots.set(root, from);
}
