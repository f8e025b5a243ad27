/**
 * `require('lodash/<method>')` answered by the method of the package's single-file build.
 *
 * knex (and a few of our own modules) take lodash one method at a time: `lodash/isPlainObject`,
 * `lodash/clone`, ... Each such file requires the private helpers it is built from, and a start
 * of the example app loaded 269 lodash files that way, a quarter of every module it loaded, each
 * resolved, read, compiled and wrapped on its own. The package's `lodash.js` holds the same
 * methods, built from the same helpers, in one file, and `lodash.min.js` the same minified:
 * resolved and compiled once.
 *
 * Only a request of the form `lodash/<name>` whose name is a method of that build is answered so;
 * anything else (`lodash/fp/...`, a name the build lacks or holds no method by, a `lodash` that
 * cannot be loaded) loads as Node loads it; `lodash/templateSettings`, which `lodash/template`
 * reads, is the build's too. The build comes from the `lodash` the requiring module
 * itself resolves, so a package with its own copy of lodash gets that copy's methods.
 * `PLATFORM_LODASH_METHODS=files` turns it off.
 */
import Module from 'node:module';

interface Loader {
  _load(request: string, parent: unknown, isMain: boolean): unknown;
}

const METHOD = /^lodash\/([A-Za-z]+)$/;
/**
 * `lodash/template` reads the settings of `lodash/templateSettings`, an object a program may
 * change: both come from the build, so a change to the one reaches the other as with the files.
 */
const OBJECTS = new Set(['templateSettings']);

/** Returns what puts Node's own loading back, or null when turned off. */
export function answerLodashMethodsFromBuild(env: NodeJS.ProcessEnv = process.env): (() => void) | null {
  if (env.PLATFORM_LODASH_METHODS === 'files') return null;
  const loader = Module as unknown as Loader;
  const load = loader._load;
  /** the minified build (73 KB against lodash.js's 546 KB: less to read, hash and compile), or lodash.js */
  const buildOf = (self: unknown, parent: unknown): Record<string, unknown> | undefined => {
    for (const request of ['lodash/lodash.min', 'lodash']) {
      try {
        return load.call(self, request, parent, false) as Record<string, unknown>;
      } catch {
        // not in this copy of lodash: the next, or the files
      }
    }
    return undefined;
  };
  loader._load = function (this: unknown, request: string, parent: unknown): unknown {
    const method = typeof request === 'string' && request.startsWith('lodash/') ? METHOD.exec(request)?.[1] : undefined;
    if (method !== undefined) {
      const found = buildOf(this, parent)?.[method];
      if (typeof found === 'function' || (OBJECTS.has(method) && typeof found === 'object' && found !== null)) return found;
    }
    // biome-ignore lint/complexity/noArguments: Node's loader takes more arguments than it declares; all of them pass on
    return load.apply(this, arguments as unknown as [string, unknown, boolean]);
  };
  return () => {
    loader._load = load;
  };
}
