/**
 * Reads `config/*.{ts,js,json}` of an app, then `config/env/<NODE_ENV>/*` over it. Each file
 * exports an object or a function of `{ env }`. A config error names the file and key.
 */
import fs from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { BootError } from '../errors';
import { createEnv, type EnvFn } from './env';
import { isPlainObject } from '../util/values';
import { listModuleFiles, loadUserModule } from './load-module';

export type ConfigTree = Record<string, Record<string, unknown>>;

export interface LoadedConfig {
  tree: ConfigTree;
  env: EnvFn;
  /** which file each top-level config key came from, for error messages */
  files: Record<string, string>;
  /** `config/middlewares.*`: an ordered list (Strapi v4's shape), not an object; null without the file */
  middlewares: unknown[] | null;
}

/** Config files that export a list; a later file (`config/env/<NODE_ENV>/`) replaces the list whole. */
const LIST_FILES = new Set(['middlewares']);

export function loadEnvironment(appDir: string, base: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const envFile = path.join(appDir, '.env');
  const fromFile = fs.existsSync(envFile) ? dotenv.parse(fs.readFileSync(envFile)) : {};
  // The process environment wins over `.env`, as users expect.
  return { ...fromFile, ...base };
}

export function loadConfig(appDir: string, envSource: Record<string, string | undefined>): LoadedConfig {
  const env = createEnv(envSource);
  const tree: ConfigTree = {};
  const files: Record<string, string> = {};
  let middlewares: unknown[] | null = null;
  const readDir = (dir: string) => {
    for (const [name, file] of listModuleFiles(dir)) {
      const value = evaluate(file, env, LIST_FILES.has(name));
      if (Array.isArray(value)) middlewares = value;
      else tree[name] = deepMerge(tree[name] ?? {}, value);
      files[name] = file;
    }
  };
  readDir(path.join(appDir, 'config'));
  const nodeEnv = envSource.NODE_ENV;
  if (nodeEnv) readDir(path.join(appDir, 'config', 'env', nodeEnv));
  return { tree, env, files, middlewares };
}

function evaluate(file: string, env: EnvFn, isList: boolean): Record<string, unknown> | unknown[] {
  let exported: unknown;
  try {
    exported = loadUserModule(file, { appCode: false });
    if (typeof exported === 'function') exported = (exported as (a: { env: EnvFn }) => unknown)({ env });
  } catch (error) {
    if (error instanceof BootError) {
      // Errors from loading the file itself already name it; env errors name only the variable.
      throw error.message.startsWith(file) ? error : new BootError(error.code, `${file}: ${error.message}`, { cause: error });
    }
    throw new BootError('CONFIG_FILE', `${file}: ${(error as Error).message}`, { cause: error });
  }
  if (isList) {
    if (!Array.isArray(exported)) throw new BootError('CONFIG_FILE', `${file}: must export an array or a function of { env } returning an array`);
    return exported;
  }
  if (!isPlainObject(exported)) {
    throw new BootError('CONFIG_FILE', `${file}: must export an object or a function of { env } returning an object`);
  }
  return exported;
}

export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isPlainObject(prev) && isPlainObject(value) ? deepMerge(prev, value) : value;
  }
  return out;
}

/** Reads `a.b.c` from the tree. */
export function getPath(tree: unknown, dotted: string): unknown {
  let node = tree;
  for (const part of dotted.split('.')) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
