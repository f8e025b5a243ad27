/**
 * One full garbage collection, once, a while after `platform start` began serving. Loading and
 * booting leave V8 with a young generation grown to 16–32 MB of touched pages and, on Node 20,
 * the code cache's file buffer and scripts (./code-cache.ts lets go of them at its first save,
 * 10 s after it is installed). V8 gives that back only at a full collection; its memory reducer
 * runs one when it noticed garbage, which an idle server often never shows it, so the process
 * could keep ~15 MB it does not use for as long as no load comes. The collection costs one pause
 * of 20–35 ms on a 2-core machine (a request arriving then waits that much), once per process.
 * `PLATFORM_STARTUP_GC=off` turns it off.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** after the code cache's first save (10 s after it was installed, before serving) */
export const COLLECT_AFTER_MS = 12_000;

/** Schedules the collection (a timer that keeps no process alive); false when turned off. */
export function collectAfterStartUp(env: NodeJS.ProcessEnv = process.env, delayMs = COLLECT_AFTER_MS): boolean {
  if (env.PLATFORM_STARTUP_GC === 'off') return false;
  setTimeout(collectOnce, delayMs).unref();
  return true;
}

/**
 * A full collection now. Node exposes V8's `gc` only with `--expose-gc`: the flag is set just
 * long enough for a new context to get the function, then unset, so the app's own global scope
 * never sees `gc` unless node was started with the flag.
 */
export function collectOnce(): void {
  let gc = (globalThis as { gc?: () => void }).gc;
  try {
    if (!gc) {
      v8.setFlagsFromString('--expose-gc');
      try {
        gc = vm.runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
      } finally {
        v8.setFlagsFromString('--no-expose-gc');
      }
    }
    gc?.();
  } catch {
    // a node without the flag or the function: the memory stays until V8 collects it itself
  }
}
