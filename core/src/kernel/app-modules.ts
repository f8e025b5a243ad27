/**
 * Modules that app code may import without installing them: a plugin names them in
 * `appCode.modules` (`{ '<module name>': '<absolute file>' }`), and a bare import of that name
 * from a file of the app's folder (its own `node_modules` aside) loads the plugin's file. A
 * project written for another system thus finds that system's module names, served by the
 * plugins that implement them, whether or not the original package is installed beside it.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

interface ModuleInternals {
  _resolveFilename(request: string, parent: { filename?: string | null } | undefined, isMain: boolean, options?: unknown): string;
}

const internals = Module as unknown as ModuleInternals;
/** app folder (real path, with a trailing separator) -> module name -> file */
const apps = new Map<string, Map<string, string>>();
let installed = false;

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

function aliasFor(request: string, filename: string | null | undefined): string | undefined {
  if (!filename) return undefined;
  for (const [root, modules] of apps) {
    if (!filename.startsWith(root)) continue;
    if (filename.slice(root.length - 1).includes(NODE_MODULES)) return undefined;
    return modules.get(request);
  }
  return undefined;
}

function install(): void {
  if (installed) return;
  installed = true;
  const original = internals._resolveFilename;
  internals._resolveFilename = function resolveAppModule(request, parent, isMain, options) {
    return aliasFor(request, parent?.filename) ?? original.call(this, request, parent, isMain, options);
  };
}

function realDir(dir: string): string {
  const real = fs.existsSync(dir) ? fs.realpathSync(dir) : path.resolve(dir);
  return real.endsWith(path.sep) ? real : real + path.sep;
}

/** Serves `modules` to the files of `appDir` (replacing what an earlier start of that app set). */
export function registerAppModules(appDir: string, modules: ReadonlyMap<string, string>): void {
  const root = realDir(appDir);
  if (modules.size === 0) {
    apps.delete(root);
    return;
  }
  install();
  apps.set(root, new Map(modules));
}
