/**
 * sharp (libvips and the modules it loads) is required at the first image an upload processes,
 * not at every start-up: most starts never make one.
 */
import type sharpModule from 'sharp';

let loaded: typeof sharpModule | null = null;

export function sharp(): typeof sharpModule {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('sharp') as typeof sharpModule;
    // Each upload is processed once: libvips' operation cache would only hold memory.
    loaded.cache(false);
  }
  return loaded;
}
