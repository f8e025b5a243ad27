/**
 * Writes the declarations to `<dir>/index.d.ts`, only when they changed: `platform develop`
 * regenerates them on every start, and a file rewritten with the same text would still wake
 * the frontend's own watcher.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelRegistry } from '@platform/core';
import { generateTypes } from './generate';

/** Where `platform types` and `platform develop` write, in the app folder (Strapi v4 writes `types/generated` too). */
export const TYPES_DIR = path.join('types', 'generated');
export const TYPES_FILE = 'index.d.ts';

export function writeTypes(models: ModelRegistry, dir: string): { path: string; changed: boolean } {
  const file = path.join(dir, TYPES_FILE);
  const text = generateTypes(models);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === text) return { path: file, changed: false };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, text);
  return { path: file, changed: true };
}
