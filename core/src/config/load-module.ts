/**
 * Loads a user file (`.ts`, `.js`, `.json`) from an app folder, fresh each time, taking its
 * default export. TypeScript goes through the loader the process has (tsx, when the platform
 * runs from its sources), else it is compiled on load (./compile-typescript.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BootError } from '../errors';
import { hasTypeScriptLoader, requireTypeScript, typeScriptCandidate } from './compile-typescript';

/** `require.resolve`, which also finds a `.ts` file or folder index when no loader knows `.ts`. */
export function resolveModule(request: string, paths?: string[]): string {
  try {
    return require.resolve(request, { paths });
  } catch (error) {
    const found = path.isAbsolute(request) && !hasTypeScriptLoader() ? typeScriptCandidate(request) : null;
    if (!found) throw error;
    return found;
  }
}

export interface LoadUserModuleOptions {
  /** load it again, not from node's module cache (default true) */
  fresh?: boolean;
  /**
   * Whether the file is code of the app's that may run while requests are answered (a
   * controller, a service, a lifecycle, an upload provider: the default), or what is read once at
   * start (a config or schema file, a migration, an installed plugin package: false). JSON never is.
   */
  appCode?: boolean;
}

/** Whether this process has loaded any module of app code (LoadUserModuleOptions.appCode). */
let appCodeSeen = false;

/**
 * Whether any app code has been loaded in this process. What only app code can ask for (a Strapi
 * project's `strapi.requestContext`) can go unprovided until then.
 */
export function appCodeLoaded(): boolean {
  return appCodeSeen;
}

export function loadUserModule(file: string, options: LoadUserModuleOptions = {}): unknown {
  if (file.endsWith('.json')) {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new BootError('FILE_INVALID_JSON', `${file}: invalid JSON: ${(error as Error).message}`, { cause: error });
    }
  }
  const resolved = resolveModule(path.resolve(file));
  if (options.appCode !== false) appCodeSeen = true;
  if (options.fresh !== false) delete require.cache[resolved];
  if (resolved.endsWith('.ts') && !hasTypeScriptLoader()) return defaultExport(requireTypeScript(resolved));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return defaultExport(require(resolved));
}

function defaultExport(mod: unknown): unknown {
  return mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
}

const EXTENSIONS = ['.ts', '.js', '.json'];

/** `dir/name` with the first extension that exists, or null. */
export function findModuleFile(dir: string, name: string): string | null {
  for (const ext of EXTENSIONS) {
    const file = path.join(dir, name + ext);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** Files of a folder that are loadable modules, keyed by base name (no declaration files). */
export function listModuleFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir).sort()) {
    if (entry.endsWith('.d.ts')) continue;
    const ext = EXTENSIONS.find((e) => entry.endsWith(e));
    if (!ext) continue;
    const base = entry.slice(0, -ext.length);
    if (!out.has(base)) out.set(base, path.join(dir, entry));
  }
  return out;
}
