/**
 * A code cache for the compiled commands on Node 20, which has no `module.enableCompileCache`
 * (Node 22 and later use that instead, core/bin/platform.js). Start-up is mostly module
 * loading, and a third of that is V8 compiling: the modules' top level when they load, then
 * each function at its first call. Here each `.js` module of the installation compiles through
 * a `vm.Script` given the code V8 produced for it in an earlier process, taken after that
 * process had run (`createCachedData()` then holds the functions compiled so far, start-up's and
 * the first requests', not just the top level that a cache made at compile time holds).
 *
 * Nothing else changes: Node resolves, reads and caches the modules as before; the module gets
 * the same `require`, `__filename` and `__dirname`; a stack names the same file and line. A
 * module's cached code is only used for the very source it was taken from (a hash of the text
 * Node read: V8 itself checks no more than the source's length, and a package updated in place
 * may keep its files' sizes and modification times, which npm sets to one fixed date), and V8
 * rejects code made by another V8 or with other flags: the module then compiles as usual.
 *
 * The cache is one file per installation in the user's private temporary folder, as the
 * compiled TypeScript of apps is (../util/private-temp-dir.ts: nothing is read from or written
 * to a folder another user could write in). It is written, aside then renamed, 10 s after
 * start-up and when the process exits, if some module compiled without cached code since; the
 * modules other processes cached and this one did not load are kept while their files exist.
 * The first save lets go of the file's bytes and of the scripts, whatever it wrote (./startup-gc.ts
 * then gives their memory back).
 * `PLATFORM_CODE_CACHE=off` turns it off.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { readPrivateFile, writePrivateFile } from '../util/private-temp-dir';
import { saveAfterStartUp, startCacheFile } from './start-cache-file';

interface CompilingModule {
  exports: unknown;
  require(id: string): unknown;
}

interface ModuleInternals {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: { paths?: string[] }): string;
  _resolveLookupPaths(request: string, parent: unknown): string[] | null;
  _extensions: NodeJS.RequireExtensions;
  _cache: NodeJS.Require['cache'];
  /** `format`: what Node settled the file is ('module' for an ES module that `require` loads, Node 20.19+), undefined when it did not */
  prototype: { _compile(this: CompilingModule, content: string, filename: string, format?: string): unknown };
}

/** A module's code as cached: the source it was taken for (sourceHash) and where its bytes are in the cache file. */
interface Entry {
  hash: string;
  offset: number;
  length: number;
}

/** The cache file: a 4-byte length, the JSON index of that length, then the entries' bytes. */
type Index = Record<string, Entry>;

const VERSION = 2;
// Node's own CommonJS wrapper, on the module's first line as Node 12 and earlier had it: lines keep their numbers
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n});';

/** `import()` in a cached module resolves as in any CommonJS module (Node 20.8+; else it stays unsupported, as no compiled module uses it). */
const dynamicImport = (vm as unknown as { constants?: { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } }).constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

export function cacheFileFor(root: string): string {
  return startCacheFile('code', VERSION, root, 'bin');
}

/** What tells one source from another: V8's cached code is only valid for the source it was made from. */
function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('base64');
}

function readCache(file: string): { index: Index; bytes: Buffer } {
  try {
    const bytes = readPrivateFile(file);
    if (!bytes) throw new Error('no cache, or not in a folder of this user alone');
    const indexLength = bytes.readUInt32LE(0);
    const index = JSON.parse(bytes.subarray(4, 4 + indexLength).toString('utf8')) as Index;
    return { index, bytes: bytes.subarray(4 + indexLength) };
  } catch {
    return { index: {}, bytes: Buffer.alloc(0) };
  }
}

/** The `require` Node gives a module (its internal makeRequireFunction, which it does not export). */
function requireFor(mod: CompilingModule, internals: ModuleInternals): NodeJS.Require {
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) => internals._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => internals._resolveLookupPaths(request, mod);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = internals._extensions;
  require.cache = internals._cache;
  return require;
}

/**
 * Compiles the `.js` modules under `root` with cached code from now on. Returns false (and
 * changes nothing) when the cache is turned off or source maps are on (Node maps stacks only
 * for the modules it compiles itself).
 */
export function installCodeCache(root: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PLATFORM_CODE_CACHE === 'off' || process.sourceMapsEnabled) return false;
  const internals = Module as unknown as ModuleInternals;
  const file = cacheFileFor(root);
  // held until start-up is over (the first save), then let go: 3 MB the server need not keep
  let cache: { index: Index; bytes: Buffer } | null = readCache(file);
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const compiled = new Map<string, { script: vm.Script; hash: string }>();
  let missed = 0;

  const compile = internals.prototype._compile;
  internals.prototype._compile = function (this: CompilingModule, content: string, filename: string, format?: string): unknown {
    // an ES module (its package's type), a file elsewhere: Node's own compiling, as it was asked for
    if (format === 'module' || !filename.startsWith(prefix) || !filename.endsWith('.js')) return compile.call(this, content, filename, format);
    const entry = cache?.index[filename];
    const hash = sourceHash(content);
    const cachedData = entry && cache && entry.hash === hash ? cache.bytes.subarray(entry.offset, entry.offset + entry.length) : undefined;
    const source = content.startsWith('#!') ? `//${content}` : content;
    let script: vm.Script;
    try {
      script = new vm.Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename, cachedData, importModuleDynamically: dynamicImport as never });
    } catch {
      // not a script (ES module syntax Node loads its own way): Node compiles it, and reports what is wrong
      return compile.call(this, content, filename, format);
    }
    if (!cachedData || script.cachedDataRejected) missed++;
    compiled.set(filename, { script, hash });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireFor(this, internals), this, filename, path.dirname(filename));
  };

  const save = () => {
    cache = null;
    if (missed > 0) {
      missed = 0;
      try {
        writeCache(file, compiled);
      } catch {
        // a read-only or full temporary folder only costs the next start-up its compiling
        return;
      }
    }
    // written, or all taken from the file as it is: the next save adds what loads from now on
    // to the file's, and the scripts (each holding its module's top-level code) can go
    compiled.clear();
  };
  saveAfterStartUp(save);
  return true;
}

function writeCache(file: string, compiled: Map<string, { script: vm.Script; hash: string }>): void {
  const index: Index = {};
  const parts: Buffer[] = [];
  let offset = 0;
  const add = (name: string, hash: string, data: Buffer) => {
    index[name] = { hash, offset, length: data.length };
    parts.push(data);
    offset += data.length;
  };
  for (const [name, { script, hash }] of compiled) add(name, hash, script.createCachedData());
  // what other processes (other commands, other requests) loaded and this one did not, while
  // their files exist (one that changed since is only ever taken for the source it was made from)
  const old = readCache(file);
  for (const [name, entry] of Object.entries(old.index)) {
    if (!compiled.has(name) && fs.existsSync(name)) add(name, entry.hash, old.bytes.subarray(entry.offset, entry.offset + entry.length));
  }
  const head = Buffer.from(JSON.stringify(index), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length, 0);
  writePrivateFile(file, Buffer.concat([length, head, ...parts]));
}
