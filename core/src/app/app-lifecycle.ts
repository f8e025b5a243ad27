/**
 * The app's own `register`, `bootstrap` and `destroy`: `src/index.(js|ts)` in Strapi's layout,
 * exporting `{ register({ strapi }), bootstrap({ strapi }), destroy({ strapi }) }`. Each gets
 * what app code receives (`{ platform }` and what plugins add). `register` runs after every
 * plugin's, `bootstrap` after every plugin's (the tables exist), `destroy` before the plugins'.
 */
import path from 'node:path';
import { BootError } from '../errors';
import { findModuleFile, loadUserModule } from '../config/load-module';
import type { AppCodeArgs } from '../http/types';
import { isPlainObject } from '../util/values';
import { appSourceDir } from './app-layout';

export type AppLifecycleStep = 'register' | 'bootstrap' | 'destroy';

export type AppLifecycle = Partial<Record<AppLifecycleStep, (args: AppCodeArgs) => unknown>> & { file?: string };

const STEPS: AppLifecycleStep[] = ['register', 'bootstrap', 'destroy'];

/** The app's `index` file beside its `api/` in Strapi's layout; nothing for an app without one. */
export function loadAppLifecycle(appDir: string): AppLifecycle {
  const sourceDir = appSourceDir(appDir);
  if (sourceDir === appDir) return {};
  const file = findModuleFile(sourceDir, 'index');
  if (!file || file.endsWith('.json')) return {};
  const exported = loadUserModule(file);
  const where = path.relative(appDir, file);
  if (!isPlainObject(exported)) throw new BootError('APP_FILE', `${where}: must export an object with register, bootstrap or destroy functions`);
  const out: AppLifecycle = { file: where };
  for (const step of STEPS) {
    const fn = exported[step];
    if (fn === undefined) continue;
    if (typeof fn !== 'function') throw new BootError('APP_FILE', `${where}: "${step}" must be a function`);
    out[step] = fn as (args: AppCodeArgs) => unknown;
  }
  return out;
}

/** Runs one step of the app's `index` file; what it throws stops start-up naming the file and the step. */
export async function runAppStep(lifecycle: AppLifecycle, step: AppLifecycleStep, args: AppCodeArgs): Promise<void> {
  const fn = lifecycle[step];
  if (!fn) return;
  try {
    await fn(args);
  } catch (error) {
    if (error instanceof BootError) throw error;
    throw new BootError('APP_STEP', `${lifecycle.file}: ${step} failed: ${(error as Error).message}`, { cause: error });
  }
}
