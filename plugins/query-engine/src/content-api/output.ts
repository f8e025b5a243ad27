/**
 * What a response may show: private and password attributes are removed at every depth
 * (relations, plugin attributes that hold entries, components, dynamic zones), even if a custom service loaded them, and so
 * are the attributes the guards' `unreadable` rules name for the caller.
 *
 * What sanitizing an entry of one model means is computed once per model: the keys to drop,
 * and the keys whose value may hold something to drop deeper (a model reachable from there has
 * a key to drop; asked the first time such a key has a value). Other keys are never looked at. Without `unreadable` rules the plans depend
 * on the schema only and are kept for the life of the contract; with taps they depend on the
 * caller too and are kept for one call.
 */
import { isPlainObject, type Field, type Model, type ModelRegistry } from '@platform/core';
import { targetUid } from '../link-targets';
import { RelationCount } from '../types';

interface NestedKey {
  key: string;
  /** the model uid of its value (undefined: a dynamic zone, per item) */
  uid: string | undefined;
  targets: string[];
  /** whether a key to drop can be reached through it; asked the first time the key holds a value */
  reachesHidden?: boolean;
}

interface OutputPlan {
  hidden: string[];
  /** the keys whose value may hold entries (relations, components, zones) */
  nested: NestedKey[];
}

/** The keys of a model to drop from an entry of it. */
export type HiddenKeys = (model: Model) => readonly string[];

/** each model's private keys: they depend on its schema only, and are asked on every answer */
const privateKeysOf = new WeakMap<Model, readonly string[]>();

/** Private and password attributes: never shown to a client. */
export function privateKeys(model: Model): readonly string[] {
  let keys = privateKeysOf.get(model);
  if (keys) return keys;
  const out: string[] = [];
  for (const [key, attribute] of Object.entries(model.attributes)) {
    const attr = attribute as { type?: string; private?: boolean };
    if (key !== 'id' && key !== '__component' && (attr.private === true || attr.type === 'password')) out.push(key);
  }
  keys = Object.freeze(out);
  privateKeysOf.set(model, keys);
  return keys;
}

/** The uids an attribute's value may hold entries of. */
function targetsOf(field: Field): string[] {
  if (field.kind === 'dynamiczone') return field.components;
  const uid = targetUid(field);
  return uid === undefined ? [] : [uid];
}

/** One walk over entries with one way of choosing hidden keys, and the plans it made. */
export class OutputSanitizer {
  private readonly plans: WeakMap<Model, OutputPlan> | Map<Model, OutputPlan>;

  /** `persistent`: the plans hold for every call (they depend on the schema only). */
  constructor(
    private readonly models: ModelRegistry,
    private readonly hiddenOf: HiddenKeys,
    persistent: boolean,
  ) {
    this.plans = persistent ? new WeakMap() : new Map();
  }

  /**
   * Copy on write: what has nothing to remove comes back as it is (the response transform
   * copies it anyway), so the common case allocates nothing and walks only where something
   * could hide.
   */
  sanitize(value: unknown, model: Model | undefined): unknown {
    if (Array.isArray(value)) return mapChanged(value, (item) => this.sanitize(item, model));
    if (!isPlainObject(value) || value instanceof RelationCount || !model) return value;
    const plan = this.planOf(model);
    let drop = false;
    for (const key of plan.hidden) {
      if (hasOwn(value, key)) {
        drop = true;
        break;
      }
    }
    let replaced: Map<string, unknown> | null = null;
    for (const nested of plan.nested) {
      const { key, uid } = nested;
      const child = value[key];
      if (child === null || typeof child !== 'object' || !hasOwn(value, key)) continue;
      nested.reachesHidden ??= this.reachesHidden(nested.targets);
      if (!nested.reachesHidden) continue;
      const clean = uid !== undefined ? this.sanitize(child, this.models.find(uid)) : this.sanitizeZone(child);
      if (clean !== child) {
        replaced ??= new Map();
        replaced.set(key, clean);
      }
    }
    if (!drop && !replaced) return value;
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!hasOwn(value, key) || plan.hidden.includes(key)) continue;
      out[key] = replaced?.has(key) ? replaced.get(key) : value[key];
    }
    return out;
  }

  private sanitizeZone(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    return mapChanged(value, (item) => (isPlainObject(item) && typeof item.__component === 'string' ? this.sanitize(item, this.models.find(item.__component)) : item));
  }

  private planOf(model: Model): OutputPlan {
    let plan = this.plans.get(model);
    if (plan) return plan;
    const hidden = [...this.hiddenOf(model)];
    const nested: OutputPlan['nested'] = [];
    for (const field of model.fields.values()) {
      if (hidden.includes(field.name)) continue;
      const targets = targetsOf(field);
      // Whether the models behind it hold something to drop is asked only once an entry has a
      // value there: an answer without populate never walks the models it could reach.
      if (targets.length > 0) nested.push({ key: field.name, uid: field.kind === 'dynamiczone' ? undefined : targets[0], targets });
    }
    plan = { hidden, nested };
    this.plans.set(model, plan);
    return plan;
  }

  /** Whether an entry of one of `uids`, at any depth, can carry a key to drop. */
  private reachesHidden(uids: string[]): boolean {
    const seen = new Set<string>();
    const queue = [...uids];
    while (queue.length > 0) {
      const uid = queue.pop() as string;
      if (seen.has(uid)) continue;
      seen.add(uid);
      const model = this.models.find(uid);
      if (!model) continue;
      if (this.hiddenOf(model).length > 0) return true;
      for (const field of model.fields.values()) queue.push(...targetsOf(field));
    }
    return false;
  }
}

const hasOwn = (value: object, key: string) => Object.hasOwn(value, key);

/** `list.map(fn)`, but the list itself when no item changed. */
function mapChanged(list: unknown[], fn: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < list.length; i += 1) {
    const item = list[i];
    const clean = fn(item);
    if (clean !== item && !out) out = list.slice(0, i);
    if (out) out.push(clean);
  }
  return out ?? list;
}

const schemaOnly = new WeakMap<ModelRegistry, OutputSanitizer>();

/**
 * Removes private and password attributes only, for callers outside a request (no caller, no
 * `unreadable` rules). The plans are kept per model registry, so per platform.
 */
export function sanitizePrivate(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  let sanitizer = schemaOnly.get(models);
  if (!sanitizer) {
    sanitizer = new OutputSanitizer(models, privateKeys, true);
    schemaOnly.set(models, sanitizer);
  }
  return sanitizer.sanitize(value, model);
}
