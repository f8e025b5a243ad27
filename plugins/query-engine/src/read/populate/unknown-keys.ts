/**
 * Unknown populate keys are ignored, as Strapi v4 ignores them (a 200 without what was asked),
 * which leaves a typo silent. Under `platform develop` each one is a warning naming the key,
 * where it was, and the closest attribute that can be populated there, once per model and key
 * for the life of the process (a client repeating it does not flood the log). `__component`
 * inside a dynamic zone's populate is sent by frontends on purpose, and is not reported.
 */
import { closestName, type Model } from '@platform/core';
import type { Engine } from '../../engine';

export interface UnknownKey {
  /** the model, or the components of a dynamic zone, the key was looked up in */
  models: Model[];
  key: string;
  /** the level it was found at, as the query string names it (`populate[category][populate]`) */
  path: string;
  /** the key names an attribute that holds nothing to populate (a scalar) */
  scalar: boolean;
}

/** Keys frontends send that are no attributes, on purpose. */
const EXPECTED = new Set(['__component']);
/** Beyond this, a key is shown cut, and compared cut (the distance costs its length). */
const MAX_KEY_SHOWN = 64;
/** Warnings kept per engine; past it, nothing more is reported (a client sending random keys). */
const MAX_WARNINGS = 500;

const warnedOf = new WeakMap<Engine, Set<string>>();

/** Whether unknown keys are reported at all: only under `platform develop`. */
export const reportsUnknownKeys = (engine: Engine): boolean => engine.ctx.mode === 'develop';

export function warnUnknownKeys(engine: Engine, found: readonly UnknownKey[], populatable: (model: Model) => string[]): void {
  let warned = warnedOf.get(engine);
  if (!warned) {
    warned = new Set();
    warnedOf.set(engine, warned);
  }
  for (const { models, key, path, scalar } of found) {
    if (EXPECTED.has(key)) continue;
    const id = `${models.map((model) => model.uid).join('|')}\u0000${key}`;
    if (warned.has(id) || warned.size >= MAX_WARNINGS) continue;
    warned.add(id);
    const shown = key.length > MAX_KEY_SHOWN ? `${key.slice(0, MAX_KEY_SHOWN)}...` : key;
    const where = models.length === 1 ? (models[0]?.uid ?? '') : `the components ${models.map((model) => model.uid).join(', ')}`;
    const what = scalar ? `"${shown}" is an attribute of ${where} with nothing to populate` : `"${shown}" is not an attribute of ${where}`;
    const names = [...new Set(models.flatMap(populatable))];
    const closest = closestName(key.slice(0, MAX_KEY_SHOWN), names);
    const hint = closest ? `; the closest attribute it can populate is "${closest}"` : '';
    engine.ctx.log.warn(`populate: ${what} (in ${path}), so it is ignored, as Strapi v4 ignores it${hint}`);
  }
}
