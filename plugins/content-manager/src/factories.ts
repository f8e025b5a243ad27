/**
 * Turns the kernel's factory declarations (`factories.createCoreController/Service`) into real
 * objects. The app's methods override the core ones, and the core object becomes the
 * prototype of the app's object, so `super.find(ctx)` inside an override reaches the core
 * action (exactly as in Strapi v4).
 */
import { BootError, type Platform } from '@platform/core';

/** Evaluates an app file's export: an object as it is, a function called with `{ platform }`. */
export function evaluateExport(exported: unknown, platform: Platform, file: string): Record<string, unknown> {
  const value = typeof exported === 'function' ? (exported as (ctx: { platform: Platform }) => unknown)({ platform }) : exported;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BootError('APP_FILE', `${file}: must export an object, a function returning one, or a core factory`);
  }
  return value as Record<string, unknown>;
}

/** `extension` with `base` as its prototype; without an extension, a fresh object over `base`. */
export function extendCore<T extends object>(base: T, extension: unknown, platform: Platform, file: string): T {
  if (extension === undefined || extension === null) return Object.create(base) as T;
  const own = evaluateExport(extension, platform, file);
  // The object's own methods keep their [[HomeObject]], so `super` resolves through this prototype.
  Object.setPrototypeOf(own, base);
  return own as T;
}
