/**
 * Error codes a plugin owns. The kernel's catalogue (./errors.ts) lists only the kernel's own
 * codes; a plugin declares its codes in its own folder with `definePluginErrors`, and raises
 * them through the returned helpers, which stamp the code as `<plugin>.<CODE>`:
 *
 *   export const errors = definePluginErrors('my-plugin', {
 *     ROUTER_OPTIONS: { kind: 'boot' },
 *     LOCALE_MISSING: { kind: 'request', status: 400, name: 'ApplicationError' },
 *   });
 *   throw errors.boot('ROUTER_OPTIONS', `${file}: "only" must be an array`);
 *
 * A boot code becomes a BootError (stops start-up), an internal code an InternalError (the
 * generic 500, message only in the log), a request code an ApplicationError with the declared
 * status and name (the error envelope). The plugin lists the table as `errors` in its
 * definition, so the catalogue test checks every declared code is raised and every raised one
 * declared.
 */
import { ApplicationError, BootError, InternalError, type ErrorDetails } from './errors';

export type PluginErrorSpec = { kind: 'boot' } | { kind: 'internal' } | { kind: 'request'; status: number; name: string };

export type PluginErrorTable = Readonly<Record<string, PluginErrorSpec>>;

/** A code a plugin raises: `<plugin>.<CODE>`. */
export type PluginErrorCode = `${string}.${string}`;

type CodesOf<T extends PluginErrorTable, K extends PluginErrorSpec['kind']> = { [C in keyof T]: T[C]['kind'] extends K ? C : never }[keyof T] & string;

export interface PluginErrors<T extends PluginErrorTable> {
  readonly plugin: string;
  readonly table: T;
  boot(code: CodesOf<T, 'boot'>, message: string, options?: { cause?: unknown }): BootError;
  internal(code: CodesOf<T, 'internal'>, message: string, options?: { cause?: unknown }): InternalError;
  request(code: CodesOf<T, 'request'>, message: string, details?: ErrorDetails, options?: { cause?: unknown }): ApplicationError;
}

const PLUGIN_NAME = /^[a-z][a-z0-9-]*$/;
const CODE_NAME = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const KINDS = new Set(['boot', 'internal', 'request']);

export function definePluginErrors<const T extends PluginErrorTable>(plugin: string, table: T): PluginErrors<T> {
  if (!PLUGIN_NAME.test(plugin)) throw new TypeError(`definePluginErrors: "${plugin}" is not a kebab-case plugin name`);
  for (const [code, spec] of Object.entries(table)) {
    if (!CODE_NAME.test(code)) throw new TypeError(`definePluginErrors(${plugin}): "${code}" is not an UPPER_SNAKE code`);
    if (!KINDS.has(spec.kind)) throw new TypeError(`definePluginErrors(${plugin}): "${code}" has kind ${JSON.stringify(spec.kind)}; use "boot", "internal" or "request"`);
    if (spec.kind === 'request' && (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599 || !spec.name)) {
      throw new TypeError(`definePluginErrors(${plugin}): "${code}" needs an HTTP error status (4xx or 5xx) and a name`);
    }
  }
  const stamp = (code: string): PluginErrorCode => `${plugin}.${code}`;
  const errors: PluginErrors<T> = {
    plugin,
    table: Object.freeze({ ...table }),
    boot: (code, message, options) => new BootError(stamp(code), message, options),
    internal: (code, message, options) => new InternalError(stamp(code), message, options),
    request(code, message, details = {}, options) {
      const spec = table[code] as Extract<PluginErrorSpec, { kind: 'request' }>;
      const error = new ApplicationError(message, details, options);
      error.status = spec.status;
      error.name = spec.name;
      error.code = stamp(code);
      return error;
    },
  };
  return Object.freeze(errors);
}
