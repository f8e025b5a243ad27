/**
 * Runs an app's own TypeScript files (config/, api/, components/, migrations, local plugins)
 * in a process that has no TypeScript loader: `platform start` runs the compiled kernel, and
 * registering a loader for every `.ts` in the process would put one back. Each file loaded
 * through here is compiled to CommonJS by esbuild, and the relative imports it makes of other
 * TypeScript files are compiled the same way; everything else is left to Node's own `require`.
 * What esbuild made is kept in a cache folder keyed by the file's content: esbuild
 * starts a process of its own at its first call, a cost the next start-ups need not pay.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { privateTempDir, readPrivateFile, writePrivateFile } from '../util/private-temp-dir';

interface ModuleInternals {
  _nodeModulePaths(dir: string): string[];
  _resolveFilename(request: string, parent: Module): string;
  _cache: Record<string, Module | undefined>;
}

interface CompilableModule extends Module {
  _compile(code: string, filename: string): void;
}

const internals = Module as unknown as ModuleInternals;

/** Whether `.ts` files load through a registered loader (tsx, when the platform runs from source). */
export function hasTypeScriptLoader(): boolean {
  return '.ts' in require.extensions;
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** `./helpers` imported by a TypeScript file: `helpers.ts` or `helpers/index.ts`, as tsc resolves it. */
export function typeScriptCandidate(target: string): string | null {
  if (target.endsWith('.ts')) return isFile(target) ? target : null;
  for (const file of [`${target}.ts`, path.join(target, 'index.ts')]) if (isFile(file)) return file;
  return null;
}

const TARGET = `node${process.versions.node.split('.')[0]}`;
/** per user, as a shared temporary folder must be, and used only while no other user may write in it */
const CACHE_DIR = privateTempDir();

let compilerVersion: string | null = null;
function esbuildVersion(): string {
  compilerVersion ??= (JSON.parse(fs.readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
  return compilerVersion;
}

function compile(file: string): string {
  const source = fs.readFileSync(file, 'utf8');
  // The code esbuild makes depends on the source alone (the file's name only appears in the
  // errors it reports, which are not kept): a fresh copy of an app reuses what it compiled.
  const key = createHash('sha256').update(`${esbuildVersion()}\0${TARGET}\0${source}`).digest('hex');
  const cached = path.join(CACHE_DIR, `${key}.js`);
  const kept = readPrivateFile(cached);
  if (kept) return kept.toString('utf8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { transformSync } = require('esbuild') as typeof import('esbuild');
  const { code } = transformSync(source, { loader: 'ts', format: 'cjs', target: TARGET, sourcefile: file });
  try {
    writePrivateFile(cached, code);
  } catch {
    // a read-only or full temporary folder only costs the next start-up a compilation
  }
  return code;
}

/** The TypeScript file a request made from `parent` names, or null when Node resolves it itself. */
function typeScriptTarget(request: string, parent: Module): string | null {
  const relative = request.startsWith('./') || request.startsWith('../') || path.isAbsolute(request);
  if (!relative) return null;
  const target = path.resolve(path.dirname(parent.filename), request);
  if (target.endsWith('.ts')) return typeScriptCandidate(target);
  try {
    internals._resolveFilename(request, parent);
    return null; // a `.js`/`.json`/folder Node knows how to load
  } catch {
    return typeScriptCandidate(target);
  }
}

/** Loads a TypeScript file compiled by esbuild, kept in Node's module cache as any module is. */
export function requireTypeScript(file: string): unknown {
  const cached = internals._cache[file];
  if (cached) return cached.exports;
  const mod = new Module(file, module) as CompilableModule;
  mod.filename = file;
  mod.paths = internals._nodeModulePaths(path.dirname(file));
  // The compiled code's `require` calls this method: TypeScript siblings come back here.
  mod.require = ((request: string): unknown => {
    const target = typeScriptTarget(request, mod);
    return target ? requireTypeScript(target) : Module.prototype.require.call(mod, request);
  }) as NodeJS.Require;
  internals._cache[file] = mod; // before running it, so that import cycles see the partial exports
  try {
    mod._compile(compile(file), file);
  } catch (error) {
    delete internals._cache[file];
    throw error;
  }
  mod.loaded = true;
  return mod.exports;
}
