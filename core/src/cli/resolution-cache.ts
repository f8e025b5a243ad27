/**
 * Module resolution kept from one `platform start` to the next. Node finds the file behind each
 * `require` by trying names on disk: a start of the example app resolves about 1,600 requests
 * (stats, real paths, the `package.json` of every folder it crosses), 80–100 ms of a 450 ms
 * start. Here Node's answer for a request from a folder is kept in a file and given again to the
 * next process, as long as what Node read to find it is as it was:
 *
 * - the installation is the one npm laid out: the whole file is dropped when
 *   `node_modules/.package-lock.json` or `package-lock.json` (rewritten by every npm install,
 *   update and removal) changed, or node, its options (`--conditions`) or the folder did;
 * - the file found still exists;
 * - for a package's name (`koa`, `@platform/core/x`), the manifest of the package found (its
 *   `main` and `exports` decide the file) has the modification time and size it had;
 * - a relative or absolute path is kept only when Node found it as a file (`./x` as `x.js`), not
 *   as a folder's `index.js` or `main`, which a later `x.js` would take the place of.
 *
 * An answer that no longer holds is asked of Node again. Only requests between files of the
 * installation are kept (an app folder elsewhere, a file outside it, a built-in module,
 * `require.resolve` options other than `paths` are Node's alone), so the file stays the size of
 * one installation. It is saved as the code cache is (./start-cache-file.ts), when Node was asked
 * something new. What it wraps is Node's own
 * resolver, under the hooks that change answers (./same-version-packages.ts): they see every
 * answer as they would without it. `PLATFORM_RESOLUTION_CACHE=off` turns it off.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { readPrivateFile, writePrivateFile } from '../util/private-temp-dir';
import { saveAfterStartUp, startCacheFile } from './start-cache-file';

interface Resolver {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
}

/** Node's answer and, for a package's name, the manifest that decided it with its modification time and size */
type Answer = [file: string, manifest?: string, stamp?: string];

interface CacheFile {
  fingerprint: string;
  /** by `${folder of the requiring file}\0${request}` (with the lookup paths between, when given) */
  answers: Record<string, Answer>;
}

const VERSION = 1;
/** what a file found for a relative path may add to it, in Node's order */
const FILE_SUFFIXES = ['', '.js', '.json', '.node'];

export function resolutionCacheFileFor(root: string, env: NodeJS.ProcessEnv = process.env): string {
  // node's options may change answers (`--conditions`): each set of them has its own file
  return startCacheFile('resolve', VERSION, root, 'json', `${process.execArgv.join(' ')}\0${env.NODE_OPTIONS ?? ''}`);
}

function stampOf(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs}:${stat.size}` : undefined;
}

/** npm's record of what it installed: any install, update or removal changes it */
export function installationFingerprint(root: string): string {
  return ['node_modules/.package-lock.json', 'package-lock.json'].map((file) => stampOf(path.join(root, file)) ?? '-').join('|');
}

function readCacheFile(file: string, fingerprint: string): Record<string, Answer> {
  try {
    const bytes = readPrivateFile(file);
    if (!bytes) return {};
    const parsed = JSON.parse(bytes.toString('utf8')) as CacheFile;
    return parsed.fingerprint === fingerprint && parsed.answers && typeof parsed.answers === 'object' ? parsed.answers : {};
  } catch {
    return {};
  }
}

/** `name` or `@scope/name` of a request for a package, or null for a path */
function packageNameOf(request: string): string | null {
  if (request.startsWith('.') || path.isAbsolute(request)) return null;
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/**
 * The manifest of the package named `name` that holds `file`: the nearest `package.json` above
 * it with that name (a package may have nested manifests, and a linked package a folder of
 * another name), else the nearest one.
 */
function manifestOf(file: string, name: string): string | undefined {
  let nearest: string | undefined;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    try {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      nearest ??= manifest;
      if (parsed.name === name) return manifest;
    } catch {
      // no manifest here (or not one Node could read either): the folder above
    }
    if (path.dirname(dir) === dir) return nearest;
  }
}

/**
 * The folders of `require.resolve(request, { paths })`: undefined without options, null for
 * options this cache does not know (Node's alone).
 */
function lookupPathsOf(options: unknown): string[] | undefined | null {
  if (options === undefined) return undefined;
  const keys = options && typeof options === 'object' ? Object.keys(options) : [];
  const paths = (options as { paths?: unknown } | null)?.paths;
  const known = keys.length === 1 && Array.isArray(paths) && paths.every((folder) => typeof folder === 'string');
  return known ? (paths as string[]) : null;
}

/** Returns what puts Node's own resolution back, or null when turned off. */
export function keepResolutions(root: string, env: NodeJS.ProcessEnv = process.env): (() => void) | null {
  if (env.PLATFORM_RESOLUTION_CACHE === 'off') return null;
  const resolver = Module as unknown as Resolver;
  const resolve = resolver._resolveFilename;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const file = resolutionCacheFileFor(root, env);
  const fingerprint = installationFingerprint(root);
  let answers = readCacheFile(file, fingerprint);
  let changed = false;
  /** manifests' stamps as this process first read them */
  const stamps = new Map<string, string | undefined>();
  const stampNow = (manifest: string): string | undefined => {
    if (!stamps.has(manifest)) stamps.set(manifest, stampOf(manifest));
    return stamps.get(manifest);
  };

  const stillHolds = (answer: unknown): answer is Answer => {
    // a file this version did not write is only ever a miss
    if (!Array.isArray(answer) || typeof answer[0] !== 'string') return false;
    const [found, manifest, stamp] = answer as Answer;
    return fs.existsSync(found) && (manifest === undefined || (typeof manifest === 'string' && stampNow(manifest) === stamp));
  };

  /** what to keep of Node's answer, or null when it is not to be kept */
  const answerToKeep = (request: string, from: string, found: string): Answer | null => {
    if (!found.startsWith(prefix)) return null;
    const name = packageNameOf(request);
    if (name === null) {
      const asked = path.resolve(from, request);
      return FILE_SUFFIXES.some((suffix) => asked + suffix === found) ? [found] : null;
    }
    const manifest = manifestOf(found, name);
    const stamp = manifest && stampNow(manifest);
    return manifest && stamp ? [found, manifest, stamp] : null;
  };

  resolver._resolveFilename = function (this: unknown, request: string, parent: unknown, isMain: boolean, options?: unknown): string {
    const parentFile = (parent as { filename?: unknown } | null | undefined)?.filename;
    const from = typeof parentFile === 'string' && parentFile.startsWith(prefix) ? path.dirname(parentFile) : undefined;
    const paths = lookupPathsOf(options);
    if (isMain || from === undefined || paths === null || typeof request !== 'string' || (paths && packageNameOf(request) === null)) {
      // biome-ignore lint/complexity/noArguments: Node's resolver may take more arguments than it declares; all of them pass on
      return resolve.apply(this, arguments as unknown as [string, unknown, boolean, unknown]);
    }
    // `require.resolve(name, { paths })` looks from those folders (and from the requiring file for its own package)
    const key = paths ? `${from}\0${paths.join('\0')}\0\0${request}` : `${from}\0${request}`;
    const kept = answers[key];
    if (kept && stillHolds(kept)) return kept[0];
    // biome-ignore lint/complexity/noArguments: as above
    const found = resolve.apply(this, arguments as unknown as [string, unknown, boolean, unknown]);
    const answer = path.isAbsolute(found) ? answerToKeep(request, from, found) : null;
    if (answer) {
      answers[key] = answer;
      changed = true;
    } else if (kept) {
      delete answers[key];
      changed = true;
    }
    return found;
  };

  const save = () => {
    if (!changed) return;
    changed = false;
    try {
      // what other processes kept (other commands, other requests) and this one did not ask
      answers = { ...readCacheFile(file, fingerprint), ...answers };
      writePrivateFile(file, JSON.stringify({ fingerprint, answers } satisfies CacheFile));
    } catch {
      // a read-only or full temporary folder only costs the next start-up its resolving
    }
  };
  saveAfterStartUp(save);
  return () => {
    resolver._resolveFilename = resolve;
  };
}
