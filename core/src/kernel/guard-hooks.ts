/**
 * Every hooks object (the kernel's, and those plugins publish) is guarded: an error a tap throws
 * that is not one of the platform's typed errors is wrapped in an InternalError that names the
 * hook and the tap and keeps the original as `cause`, so a failure deep in a plugin's tap says
 * where it came from. ApplicationErrors (meant for the client: a ValidationError from a
 * parameter check) and BootErrors (they name their file and key) pass through unchanged.
 * The guard is an interceptor, so tapable's `isUsed()` is true for every guarded hook: a fast
 * path that skips an untapped hook asks `hook.taps.length` instead.
 */
import type { Hook } from 'tapable';
import { ApplicationError, BootError, InternalError } from '../errors';

type AnyHook = Hook<unknown, unknown>;
type TapFn = (...args: unknown[]) => unknown;

function wrap(error: unknown, hook: string, tap: string): unknown {
  if (error instanceof ApplicationError || error instanceof BootError) return error;
  if (error instanceof InternalError && error.code === 'HOOK_TAP') return error;
  const message = error instanceof Error ? error.message : String(error);
  return new InternalError('HOOK_TAP', `Hook "${hook}", tap "${tap}" failed: ${message}`, { cause: error });
}

function guardedFn(type: 'sync' | 'async' | 'promise', fn: TapFn, hook: string, tap: string): TapFn {
  if (type === 'sync') {
    return (...args) => {
      try {
        return fn(...args);
      } catch (error) {
        throw wrap(error, hook, tap);
      }
    };
  }
  if (type === 'promise') {
    return (...args) => {
      try {
        return Promise.resolve(fn(...args)).catch((error: unknown) => {
          throw wrap(error, hook, tap);
        });
      } catch (error) {
        return Promise.reject(wrap(error, hook, tap));
      }
    };
  }
  return (...args) => {
    const callback = args.pop() as (error?: unknown, result?: unknown) => void;
    try {
      return fn(...args, (error?: unknown, result?: unknown) => callback(error ? wrap(error, hook, tap) : error, result));
    } catch (error) {
      return callback(wrap(error, hook, tap));
    }
  };
}

/** Guards each hook of `hooks` (named by its key, prefixed with `owner`) and freezes the object. */
export function guardHooks<T extends Record<string, object>>(owner: string, hooks: T): Readonly<T> {
  for (const [key, value] of Object.entries(hooks)) {
    const hook = value as AnyHook;
    const name = owner ? `${owner}.${key}` : key;
    hook.intercept({
      register: (tap) => ({ ...tap, fn: guardedFn(tap.type, tap.fn as TapFn, name, tap.name) }),
    });
  }
  return Object.freeze(hooks);
}
