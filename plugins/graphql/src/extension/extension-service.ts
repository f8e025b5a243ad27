/**
 * `plugin::graphql.extension`: how an app or a plugin changes the generated schema, as Strapi
 * v4's extension service does. `shadowCRUD(uid)` switches generated pieces off; `use(ext)`
 * adds types, SDL, schema-composer plugins, resolvers and per-resolver options;
 * `readMultipartWith(reader)` lets the endpoint take file uploads; `provideArgs(fn)` lets a
 * plugin add what extension functions receive besides the graphql plugin's own (a Strapi
 * project's extensions destructure `{ strapi, nexus }`). Everything is
 * read when the schema is built (after every plugin's register and bootstrap); from then on the
 * service is closed and a change is an error.
 */
import { errors } from '../errors';
import { createContentTypeSwitches, type ContentTypeSwitches } from './shadow-crud';
import type { ExtensionInput, MultipartReader } from '../types';

export interface ExtensionService {
  shadowCRUD(uid: string): ContentTypeSwitches;
  use(extension: ExtensionInput): ExtensionService;
  /** the registered extensions, in order */
  extensions(): readonly ExtensionInput[];
  /**
   * Multipart requests (the GraphQL multipart request spec) are read with `reader`, within its
   * owner's bounds; without one, the endpoint refuses them.
   */
  readMultipartWith(reader: MultipartReader): ExtensionService;
  multipartReader(): MultipartReader | null;
  /** `fn`'s values are given to every extension function, beside the graphql plugin's own arguments */
  provideArgs(fn: () => Record<string, unknown>): ExtensionService;
  /** what the providers give, merged in the order they were registered */
  providedArgs(): Record<string, unknown>;
  /** called when the schema is built: later changes are refused */
  close(): void;
}

export function createExtensionService(): ExtensionService {
  const switches = new Map<string, ContentTypeSwitches>();
  const registered: ExtensionInput[] = [];
  let reader: MultipartReader | null = null;
  const providers: Array<() => Record<string, unknown>> = [];
  let closed = false;
  const assertOpen = () => {
    if (closed) throw errors.internal('EXTENSION_CLOSED', 'The GraphQL schema is built: extensions are registered in register or bootstrap');
  };
  const service: ExtensionService = {
    shadowCRUD(uid) {
      let found = switches.get(uid);
      if (!found) {
        found = createContentTypeSwitches(assertOpen);
        switches.set(uid, found);
      }
      return found;
    },
    use(extension) {
      assertOpen();
      if (typeof extension !== 'function' && (extension === null || typeof extension !== 'object')) {
        throw errors.internal('EXTENSION_INVALID', 'An extension is an object or a function returning one');
      }
      registered.push(extension);
      return service;
    },
    extensions: () => registered,
    readMultipartWith(given) {
      assertOpen();
      reader = given;
      return service;
    },
    multipartReader: () => reader,
    provideArgs(fn) {
      assertOpen();
      providers.push(fn);
      return service;
    },
    providedArgs: () => Object.assign({}, ...providers.map((fn) => fn())),
    close() {
      closed = true;
    },
  };
  return service;
}
