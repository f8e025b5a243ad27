/**
 * Validates the `data` of a write against a model, recursively through components and
 * dynamic zones, and turns it into a PreparedEntry tree that the writer stores without further
 * checks. Nothing is written here: every error (all attribute issues at once, as Strapi v4's
 * validator reports them) is found before the first INSERT.
 */
import { isPlainObject, ValidationError, type ComponentField, type DynamicZoneField, type ExtensionField, type Model, type ScalarField, type ValidationIssue } from '@platform/core';
import type { Entity, PreparedRelations } from '../types';
import type { FieldInput } from '../field-kinds/types';
import type { Engine } from '../engine';
import { checkScalar, type ScalarOptions } from './scalar';
import { issue, messages } from './messages';
import { checkUnique, type UniqueCheck } from './unique';
import { loadJoinRows, type JoinRow } from './join-rows';
import { SYSTEM_KEYS } from './writable-keys';
import { parseId } from '../ids';

/** Bound on items per repeatable component or dynamic zone, against hostile bodies. */
export const MAX_ITEMS = 1000;

export interface PreparedEntry {
  model: Model;
  mode: 'create' | 'update';
  /** the stored row's id (update), or null until inserted */
  id: number | null;
  /** scalar values to write, in canonical JS form */
  values: Array<{ field: ScalarField; value: unknown }>;
  /** component and dynamic-zone attributes present in the data */
  components: PreparedComponentField[];
  /** relation inputs, handed to the relation writer */
  relationData: Record<string, unknown>;
  relations: PreparedRelations | null;
  /** values of plugin-provided attributes present in the data, in schema order, for their field kinds */
  extensionData: Array<{ field: ExtensionField; value: unknown }>;
  /** the same values as their field kinds parsed them (set when the links are prepared) */
  extensions: FieldInput[];
  /** the stored `<table>_components` rows of an updated entry, when validation read them */
  joinRows: JoinRow[] | null;
}

export interface PreparedComponentField {
  field: ComponentField | DynamicZoneField;
  /** null clears the attribute */
  items: PreparedEntry[] | null;
}

export interface ValidateOptions {
  engine: Engine;
  mode: 'create' | 'update';
  id: number | null;
  relaxRequired: boolean;
  /** what the unique checks hand to the `scopeUnique` hook */
  existing: Entity | null;
}

interface Run {
  engine: Engine;
  issues: ValidationIssue[];
  formatErrors: string[];
  /** a dynamic-zone item of an unknown component (Strapi adds an `Invalid relations` error) */
  invalidRelations: boolean;
  relaxRequired: boolean;
  unique: UniqueCheck;
}

/** Validates root data (already reduced to writable keys and passed through plugin hooks). */
export async function validateEntry(model: Model, data: Record<string, unknown>, options: ValidateOptions): Promise<PreparedEntry> {
  const run: Run = {
    engine: options.engine,
    issues: [],
    formatErrors: [],
    invalidRelations: false,
    relaxRequired: options.relaxRequired,
    unique: { action: options.mode, id: options.id, data, existing: options.existing },
  };
  const prepared = await validateObject(run, model, data, [], options.mode, options.id, true);
  if (run.invalidRelations) run.issues.push(issue([], 'Invalid relations'));
  if (run.issues.length) throw ValidationError.fromIssues(run.issues);
  if (run.formatErrors.length) throw new ValidationError(run.formatErrors[0]);
  return prepared;
}

async function validateObject(run: Run, model: Model, data: Record<string, unknown>, path: string[], mode: 'create' | 'update', id: number | null, root: boolean): Promise<PreparedEntry> {
  const prepared: PreparedEntry = { model, mode, id, values: [], components: [], relationData: {}, relations: null, extensionData: [], extensions: [], joinRows: null };
  const scalarOptions: ScalarOptions = { mode, relaxRequired: run.relaxRequired };
  let joinRows: JoinRow[] | null = null;
  for (const [name, field] of model.fields) {
    if (SYSTEM_KEYS.has(name)) continue;
    // root data was reduced to writable keys before plugin hooks, which may set any attribute
    if (!root && field.attribute.writable === false) continue;
    const present = Object.hasOwn(data, name) && data[name] !== undefined;
    const value = present ? data[name] : undefined;
    const fieldPath = [...path, name];
    switch (field.kind) {
      case 'scalar': {
        let input = value;
        if (!present) {
          if (mode === 'update') continue;
          if (field.attribute.default !== undefined) input = field.attribute.default;
          else if (field.attribute.required && !run.relaxRequired) {
            run.issues.push(issue(fieldPath, messages.defined(fieldPath)));
            continue;
          } else continue;
        }
        const result = checkScalar(field, input, fieldPath, scalarOptions);
        if (!result.ok) {
          if ('issue' in result) run.issues.push(result.issue);
          else run.formatErrors.push(result.formatError);
          continue;
        }
        if (root && model.kind !== 'component' && result.value !== null && (field.attribute.unique || field.type === 'uid')) {
          const taken = await checkUnique(run.engine, model, field, result.value, run.unique);
          if (taken) {
            run.issues.push(issue(fieldPath, messages.unique()));
            continue;
          }
        }
        prepared.values.push({ field, value: result.value });
        break;
      }
      case 'component':
      case 'dynamiczone': {
        if (!present) {
          if (mode === 'create' && field.attribute.required && !run.relaxRequired) run.issues.push(issue(fieldPath, messages.defined(fieldPath)));
          continue;
        }
        if (value === null) {
          if (field.attribute.required && !run.relaxRequired) {
            run.issues.push(issue(fieldPath, mode === 'create' ? messages.defined(fieldPath) : messages.notNull(fieldPath)));
            continue;
          }
          prepared.components.push({ field, items: null });
          continue;
        }
        if (mode === 'update' && id !== null && joinRows === null) {
          joinRows = await loadJoinRows(run.engine, model, [id]);
          // the writer replaces these rows in the same transaction: it reuses them
          prepared.joinRows = joinRows;
        }
        // on create, ids in items are ignored (a client may send back an entry it read)
        const owned = joinRows === null ? null : joinRows.filter((row) => row.field === name);
        const items = field.kind === 'component' ? await validateComponentField(run, field, value, fieldPath, owned) : await validateDynamicZone(run, field, value, fieldPath, owned);
        if (items) prepared.components.push({ field, items });
        break;
      }
      case 'relation':
        if (present) prepared.relationData[name] = value;
        break;
      case 'extension':
        if (present) prepared.extensionData.push({ field, value });
        break;
    }
  }
  return prepared;
}

function checkItemCount(run: Run, field: ComponentField | DynamicZoneField, list: unknown, path: string[]): list is unknown[] {
  if (!Array.isArray(list)) {
    run.issues.push(issue(path, messages.notType(path, 'array', list)));
    return false;
  }
  const attr = field.attribute as { min?: number; max?: number };
  const max = Math.min(attr.max ?? MAX_ITEMS, MAX_ITEMS);
  if (list.length > max) {
    run.issues.push(issue(path, messages.maxItems(path, max)));
    return false;
  }
  if (attr.min !== undefined && !run.relaxRequired && list.length < attr.min && (list.length > 0 || field.attribute.required)) {
    run.issues.push(issue(path, messages.minItems(path, attr.min)));
    return false;
  }
  return true;
}

/** An item with an id updates that component, if it belongs to this entry and attribute. */
function ownedId(item: Record<string, unknown>, owned: JoinRow[] | null, uid: string, field: string): number | null {
  if (owned === null || item.id === undefined || item.id === null) return null;
  const id = parseId(item.id);
  const row = id === null ? undefined : owned.find((r) => r.componentId === id && r.componentType === uid);
  if (!row || id === null) throw new ValidationError(messages.componentsNotRelated(field));
  return id;
}

async function validateComponentField(run: Run, field: ComponentField, value: unknown, path: string[], owned: JoinRow[] | null): Promise<PreparedEntry[] | null> {
  const model = run.engine.ctx.models.get(field.component);
  const list = field.repeatable ? value : [value];
  if (field.repeatable) {
    if (!checkItemCount(run, field, list, path)) return null;
  } else if (!isPlainObject(value)) {
    run.issues.push(issue(path, messages.notType(path, 'object', value)));
    return null;
  }
  const items: PreparedEntry[] = [];
  const seen = new Set<number>();
  for (const [index, item] of (list as unknown[]).entries()) {
    const itemPath = field.repeatable ? [...path, String(index)] : path;
    if (!isPlainObject(item)) {
      run.issues.push(issue(itemPath, messages.notType(itemPath, 'object', item)));
      continue;
    }
    const id = ownedId(item, owned, field.component, field.name);
    if (id !== null && seen.has(id)) throw new ValidationError(messages.componentsNotRelated(field.name));
    if (id !== null) seen.add(id);
    items.push(await validateObject(run, model, item, itemPath, id === null ? 'create' : 'update', id, false));
  }
  return items;
}

async function validateDynamicZone(run: Run, field: DynamicZoneField, value: unknown, path: string[], owned: JoinRow[] | null): Promise<PreparedEntry[] | null> {
  if (!checkItemCount(run, field, value, path)) return null;
  const items: PreparedEntry[] = [];
  const seen = new Set<string>();
  for (const [index, item] of (value as unknown[]).entries()) {
    const itemPath = [...path, String(index)];
    if (!isPlainObject(item)) {
      run.issues.push(issue(itemPath, messages.notType(itemPath, 'object', item)));
      continue;
    }
    const typePath = [...itemPath, '__component'];
    const uid = item.__component;
    if (typeof uid !== 'string' || uid === '') {
      run.issues.push(issue(typePath, messages.required(typePath)));
      run.invalidRelations = true;
      continue;
    }
    const known = run.engine.ctx.models.find(uid);
    if (known?.kind !== 'component') {
      // Strapi v4 lists every component of the app here, and fails its relation check too
      const all = run.engine.ctx.models.components().map((c) => c.uid);
      run.issues.push(issue(typePath, messages.oneOf(typePath, all, false)));
      run.invalidRelations = true;
      continue;
    }
    if (!field.components.includes(uid)) {
      // Stricter than Strapi v4, which accepts any component here: only the zone's own components are allowed
      run.issues.push(issue(typePath, messages.oneOf(typePath, field.components, false)));
      continue;
    }
    const id = ownedId(item, owned, uid, field.name);
    if (id !== null) {
      const key = `${uid}#${id}`;
      if (seen.has(key)) throw new ValidationError(messages.componentsNotRelated(field.name));
      seen.add(key);
    }
    items.push(await validateObject(run, known, item, itemPath, id === null ? 'create' : 'update', id, false));
  }
  return items;
}
