/**
 * The names models take in the document and in the generated types: `api::article.article`
 * is `Article`, `plugin::upload.file` is `UploadFile`, the component `shared.seo` is
 * `SharedSeoComponent`. Two models that would take the same name get a number after the
 * second one, in uid order, so a name never changes with the order plugins load in.
 */
import type { Model, ModelRegistry } from '@platform/core';

export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function baseName(model: Model): string {
  if (model.kind === 'component') return `${pascalCase(model.uid)}Component`;
  if (model.namespace === 'plugin') {
    const plugin = /^plugin::([^.]+)\./.exec(model.uid)?.[1] ?? '';
    return pascalCase(`${plugin}-${model.singularName}`);
  }
  return pascalCase(model.singularName);
}

function ownName(model: Model): string {
  const base = baseName(model);
  return /^[A-Za-z]/.test(base) ? base : `T${base}`;
}

export type ModelNames = ReadonlyMap<string, string>;

/** uid -> name, for every content-type and component. */
export function modelNames(models: ModelRegistry): ModelNames {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const model of [...models.all()].sort((a, b) => a.uid.localeCompare(b.uid))) {
    const base = ownName(model);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    names.set(model.uid, name);
  }
  return names;
}

/**
 * One model's name, as modelNames() gives it. When no two models take the same name (as in most
 * apps) each has its own, found without sorting the models: plugins ask for names in their
 * bootstrap, and the first localeCompare of a process sets up ICU's collator, a cost
 * `platform start` need not pay before it answers.
 */
export function modelName(models: ModelRegistry, uid: string): string | undefined {
  const own = new Map<string, string>();
  const taken = new Set<string>();
  for (const model of models.all()) {
    const name = ownName(model);
    if (taken.has(name)) return modelNames(models).get(uid);
    taken.add(name);
    own.set(model.uid, name);
  }
  return own.get(uid);
}
