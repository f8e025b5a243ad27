/**
 * One copy of a package per version: a module of a package installed twice at the same version
 * (npm nests a second copy wherever the top-level folder holds another version) resolves to the
 * copy that was loaded first.
 *
 * koa 3 and its type-is each require mime-types 3, while the installation's top level holds
 * mime-types 2: npm gives each of them its own copy of version 3, and every start loaded both,
 * each building its tables of 2,500 types (about 20 ms apiece on a slow machine) and holding
 * them. The same files at the same version behave the same from either folder; only the
 * package's own dependencies are then resolved from the first copy's folder, as npm would have
 * laid them out had it placed that copy once for both.
 *
 * A package that declares peer dependencies is left where it is: its peers are whatever its
 * folder's ancestors hold, and moving it could hand it another copy of one (a second graphql
 * for a schema built with the first). `PLATFORM_SAME_VERSION_PACKAGES=copies` turns it off.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

interface Resolver {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
}

const MARKER = `${path.sep}node_modules${path.sep}`;

/** A package's folder (up to and including its name, scoped or not), or null outside node_modules. */
export function packageFolderOf(file: string): { folder: string; name: string } | null {
  const at = file.lastIndexOf(MARKER);
  if (at < 0) return null;
  const start = at + MARKER.length;
  let end = file.indexOf(path.sep, start);
  if (end < 0) return null;
  if (file[start] === '@') {
    end = file.indexOf(path.sep, end + 1);
    if (end < 0) return null;
  }
  return { folder: file.slice(0, end), name: file.slice(start, end) };
}

/** `version`, or null when the package declares peers or its manifest cannot be read */
function movableVersion(folder: string): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: unknown; peerDependencies?: unknown };
    if (manifest.peerDependencies && Object.keys(manifest.peerDependencies).length > 0) return null;
    return typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}

/** Returns what puts Node's own resolution back, or null when turned off. */
export function loadOneCopyPerVersion(env: NodeJS.ProcessEnv = process.env): (() => void) | null {
  if (env.PLATFORM_SAME_VERSION_PACKAGES === 'copies') return null;
  const resolver = Module as unknown as Resolver;
  const resolve = resolver._resolveFilename;
  /** by package name: the folders its modules load from, one per version, in the order first seen */
  const kept = new Map<string, string[]>();
  /** by folder: the folder its modules resolve to (itself when it stays) */
  const target = new Map<string, string>();
  /** by folder: its version when it may be moved, null when not (read once, when a second copy shows) */
  const versions = new Map<string, string | null>();
  /** by file of a moved copy: the file it resolves to */
  const movedFiles = new Map<string, string>();
  const versionOf = (folder: string): string | null => {
    let version = versions.get(folder);
    if (version === undefined) {
      version = movableVersion(folder);
      versions.set(folder, version);
    }
    return version;
  };
  /** the kept copy of the same version, or the folder itself (then kept) */
  const decide = (folder: string, name: string): string => {
    const copies = kept.get(name);
    if (!copies) {
      kept.set(name, [folder]);
      return folder;
    }
    const version = versionOf(folder);
    const same = version === null ? undefined : copies.find((other) => versionOf(other) === version);
    if (same) return same;
    copies.push(folder);
    return folder;
  };
  const movedFile = (file: string, from: string, to: string): string => {
    let moved = movedFiles.get(file);
    if (moved === undefined) {
      const candidate = to + file.slice(from.length);
      // the same version holds the same files; a copy that differs (patched in place) keeps its own
      moved = fs.existsSync(candidate) ? candidate : file;
      movedFiles.set(file, moved);
    }
    return moved;
  };
  resolver._resolveFilename = function (this: unknown): string {
    // biome-ignore lint/complexity/noArguments: Node's resolver may take more arguments than it declares; all of them pass on
    const file = resolve.apply(this, arguments as unknown as [string, unknown, boolean, unknown]);
    const found = packageFolderOf(file);
    if (!found) return file;
    let to = target.get(found.folder);
    if (to === undefined) {
      to = decide(found.folder, found.name);
      target.set(found.folder, to);
    }
    return to === found.folder ? file : movedFile(file, found.folder, to);
  };
  return () => {
    resolver._resolveFilename = resolve;
  };
}
