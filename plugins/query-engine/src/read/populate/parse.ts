/**
 * `populate` in every form Strapi v4 accepts, turned into a validated tree of PopulateNodes:
 * `'*'`, `'a,b.c'`, `['a', 'b.c']`, and the object form with booleans, nested `populate`,
 * `fields`/`filters`/`sort`/`count`, and dynamic-zone `on` fragments; the mixes of these that
 * older clients send are merged into one first (./merge-pieces.ts). Unknown keys are ignored as
 * Strapi ignores them (under develop, with a warning: ./unknown-keys.ts); malformed values are a
 * 400 (where Strapi answers 500). What an internal caller sets on an attribute under the
 * POPULATE_OPTIONS symbol (its level's parameters, its windows) goes onto the attribute's node.
 */
import { isPlainObject, parseBoolean, ValidationError, type Field, type Model } from '@platform/core';
import type { Engine } from '../../engine';
import { POPULATE_OPTIONS, type Filters, type PopulateAttribute } from '../../types';
import type { ParsePopulate, PopulateBranch, PopulateNode } from '../query/contracts';
import { checkOptions, nestedPaths } from '../query/check-options';
import { invalidPopulate, MAX_POPULATE_DEPTH, parseBoolish, populatableField, schemaOrder, tooDeep } from './parse-helpers';
import { targetModel } from '../../link-targets';
import { isPopulatableCreator, populatableCreators } from './creators';
import { mergePopulatePieces } from './merge-pieces';
import { reportsUnknownKeys, warnUnknownKeys, type UnknownKey } from './unknown-keys';

interface ParseContext {
  engine: Engine;
  includePrivate: boolean;
  /** the keys ignored so far, when they are reported (./unknown-keys.ts) */
  unknown: UnknownKey[] | null;
}

export const parsePopulate: ParsePopulate = (engine, model, input, path, options = {}) => {
  const includePrivate = options.includePrivate === true;
  const ctx: ParseContext = { engine, includePrivate, unknown: reportsUnknownKeys(engine) ? [] : null };
  const nodes = parseLevel(ctx, model, mergePopulatePieces(input, path), path, 0);
  if (ctx.unknown && ctx.unknown.length > 0) {
    warnUnknownKeys(engine, ctx.unknown, (m) => [...m.fields.values()].filter((field) => populatableField(field, includePrivate)).map((field) => field.name));
  }
  return nodes;
};

/** Notes a key that names no attribute to populate (a scalar one included), when keys are reported. */
function noteUnknown(ctx: ParseContext, model: Model, key: string, field: Field | undefined, path: string): void {
  if (ctx.unknown && (!field || field.kind === 'scalar')) ctx.unknown.push({ models: [model], key, path, scalar: field !== undefined });
}

/** One level of populate against `model`: any of the accepted forms. */
function parseLevel(ctx: ParseContext, model: Model, input: unknown, path: string, depth: number): PopulateNode[] {
  if (input === undefined || input === null || input === '' || input === false) return [];
  if (depth >= MAX_POPULATE_DEPTH) throw tooDeep();
  if (input === true) return populateAll(ctx, model);
  if (typeof input === 'string') {
    if (input.trim() === '*') return populateAll(ctx, model);
    return parsePaths(ctx, model, input.split(','), path, depth);
  }
  if (Array.isArray(input)) {
    const paths: string[] = [];
    input.forEach((value, index) => {
      if (typeof value !== 'string') throw invalidPopulate(`${path}[${index}]`);
      paths.push(...value.split(','));
    });
    return parsePaths(ctx, model, paths, path, depth);
  }
  if (isPlainObject(input)) return parseObject(ctx, model, input, path, depth);
  throw invalidPopulate(path);
}

/** `*`: every relation, component, dynamic zone and plugin-provided attribute, one level deep. */
function populateAll(ctx: ParseContext, model: Model): PopulateNode[] {
  const nodes: PopulateNode[] = [];
  for (const field of model.fields.values()) {
    if (!populatableField(field, ctx.includePrivate)) continue;
    nodes.push(field.kind === 'dynamiczone' ? sharedZone(ctx, field.name, field.components, '', () => ({ populate: [] })) : { field: field.name, populate: [] });
  }
  // Strapi's creator fields are relations to its admin user, so `*` includes them where shown
  for (const name of populatableCreators(model)) nodes.push({ field: name, populate: [] });
  return nodes;
}

/** The list forms: `a,b.c` and `['a', 'b.c']`; dotted paths populate nested levels. */
function parsePaths(ctx: ParseContext, model: Model, rawPaths: string[], path: string, depth: number): PopulateNode[] {
  // first segment -> the rest of each path under it (an empty rest: populate the attribute itself)
  const grouped = new Map<string, string[]>();
  for (const raw of rawPaths) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const segments = trimmed.split('.');
    if (segments.length + depth > MAX_POPULATE_DEPTH) throw tooDeep();
    const [head = '', ...rest] = segments; // split gives at least one part
    const list = grouped.get(head) ?? [];
    if (rest.length > 0) list.push(rest.join('.'));
    grouped.set(head, list);
  }
  const nodes: PopulateNode[] = [];
  for (const [name, rests] of grouped) {
    // a creator has nothing below it to populate: `createdBy.x` is `createdBy`
    if (isPopulatableCreator(model, name)) {
      nodes.push({ field: name, populate: [] });
      continue;
    }
    const field = model.fields.get(name);
    if (!field || !populatableField(field, ctx.includePrivate)) {
      noteUnknown(ctx, model, name, field, path);
      continue;
    }
    const nestedPath = `${path}[${name}][populate]`;
    if (field.kind === 'dynamiczone') {
      nodes.push(sharedZone(ctx, field.name, field.components, nestedPath, (component) => ({ populate: rests.length > 0 ? parseLevel(ctx, component, rests, nestedPath, depth + 1) : [] })));
      continue;
    }
    const target = targetModel(ctx.engine.ctx.models, field);
    nodes.push({ field: name, populate: target && rests.length > 0 ? parseLevel(ctx, target, rests, nestedPath, depth + 1) : [] });
  }
  return schemaOrder(model, nodes);
}

/**
 * The object form: `{ a: true, b: { populate, fields, filters, sort, count }, dz: { on } }`,
 * and `'*': true` (pieces merged with `*`, ./merge-pieces.ts): every attribute of the level,
 * with what the named keys ask for in place of the bare attribute.
 */
function parseObject(ctx: ParseContext, model: Model, input: Record<string, unknown>, path: string, depth: number): PopulateNode[] {
  const nodes: PopulateNode[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === '*') continue;
    // Unknown keys (`__component`, a scalar attribute) are ignored before their value is looked
    // at, as Strapi does (the index keys of a mix of forms were merged first: ./merge-pieces.ts).
    if (isPopulatableCreator(model, key)) {
      if (parseCreator(value, `${path}[${key}]`)) nodes.push({ field: key, populate: [] });
      continue;
    }
    const field = model.fields.get(key);
    if (!field || !populatableField(field, ctx.includePrivate)) {
      noteUnknown(ctx, model, key, field, path);
      continue;
    }
    const node = parseAttribute(ctx, field, value, `${path}[${key}]`, depth);
    if (node) nodes.push(node);
  }
  if (input['*'] !== undefined && parseStar(input['*'], `${path}[*]`)) {
    const named = new Set(nodes.map((node) => node.field));
    for (const node of populateAll(ctx, model)) if (!named.has(node.field)) nodes.push(node);
  }
  return schemaOrder(model, nodes);
}

function parseStar(value: unknown, path: string): boolean {
  if (typeof value === 'boolean' || typeof value === 'string') return parseBoolish(value);
  throw invalidPopulate(path);
}

/** `populate[createdBy]=true` or `populate[createdBy][...]=...`: its options select nothing more. */
function parseCreator(value: unknown, path: string): boolean {
  if (typeof value === 'boolean' || typeof value === 'string') return parseBoolish(value);
  if (isPlainObject(value)) return true;
  throw invalidPopulate(path);
}

/** The value given for one attribute in the object form; null when it asks for nothing. */
function parseAttribute(ctx: ParseContext, field: Field, value: unknown, path: string, depth: number): PopulateNode | null {
  if (typeof value === 'boolean' || typeof value === 'string') {
    if (!parseBoolish(value)) return null;
    return field.kind === 'dynamiczone' ? sharedZone(ctx, field.name, field.components, '', () => ({ populate: [] })) : { field: field.name, populate: [] };
  }
  if (!isPlainObject(value)) throw invalidPopulate(path);
  if (depth + 1 >= MAX_POPULATE_DEPTH) throw tooDeep();

  if (field.kind === 'dynamiczone') {
    if (value.on !== undefined && value.on !== null) return zoneFragments(ctx, field.name, field.components, value.on, path, depth);
    // shared strategy: the same options for every component of the zone
    return sharedZone(ctx, field.name, field.components, `${path}[populate]`, (component) => parseBranch(ctx, component, value, path, depth));
  }

  const node: PopulateNode = { field: field.name, populate: [] };
  const target = targetModel(ctx.engine.ctx.models, field);
  if (target) Object.assign(node, parseBranch(ctx, target, value, path, depth));
  if (value.count !== undefined && field.kind === 'relation' && field.toMany) {
    const count = parseCount(value.count, `${path}[count]`);
    if (count) node.count = true;
  }
  const internal = (value as PopulateAttribute)[POPULATE_OPTIONS];
  if (internal?.params) node.params = internal.params;
  if (internal?.windows && internal.windows.length > 0) node.windows = internal.windows;
  return node;
}

/** `fields`, `filters`, `sort` and nested `populate` for one target model; pagination is ignored. */
function parseBranch(ctx: ParseContext, target: Model, options: Record<string, unknown>, path: string, depth: number): PopulateBranch {
  const branch: PopulateBranch = { populate: [] };
  const { fields, filters, sort, populate } = options;
  checkOptions(ctx.engine, target, { fields, filters, sort }, nestedPaths(path), ctx.includePrivate);
  if (fields !== undefined && fields !== null) branch.fields = fields;
  if (filters !== undefined && filters !== null) branch.filters = filters as Filters;
  if (sort !== undefined && sort !== null && sort !== '') branch.sort = sort;
  branch.populate = parseLevel(ctx, target, populate, `${path}[populate]`, depth + 1);
  return branch;
}

/** `populate[dz][on][cat.comp]=...`: only the listed components' items appear. */
function zoneFragments(ctx: ParseContext, name: string, allowed: string[], on: unknown, path: string, depth: number): PopulateNode {
  if (!isPlainObject(on)) throw invalidPopulate(`${path}[on]`);
  const fragments: Record<string, PopulateBranch> = {};
  for (const [uid, value] of Object.entries(on)) {
    if (!allowed.includes(uid)) continue;
    const component = ctx.engine.ctx.models.find(uid);
    if (!component) continue;
    const fragmentPath = `${path}[on][${uid}]`;
    if (typeof value === 'boolean' || typeof value === 'string') {
      if (parseBoolish(value)) fragments[uid] = { populate: [] };
      continue;
    }
    if (!isPlainObject(value)) throw invalidPopulate(fragmentPath);
    fragments[uid] = parseBranch(ctx, component, value, fragmentPath, depth + 1);
  }
  return { field: name, populate: [], on: fragments };
}

/**
 * The same options for every component of a zone. `levelPath` is where the components' own
 * keys are: one that names an attribute of some component only is meant for those (reported
 * only when no component has it).
 */
function sharedZone(ctx: ParseContext, name: string, allowed: string[], levelPath: string, branch: (component: Model) => PopulateBranch): PopulateNode {
  const components: Record<string, PopulateBranch> = {};
  const outer = ctx.unknown;
  const found: Model[] = [];
  const direct = new Map<string, UnknownKey[]>();
  for (const uid of allowed) {
    const component = ctx.engine.ctx.models.find(uid);
    if (!component) continue;
    if (outer) ctx.unknown = [];
    components[uid] = branch(component);
    if (!outer || !ctx.unknown) continue;
    found.push(component);
    for (const entry of ctx.unknown) {
      if (entry.path !== levelPath) outer.push(entry);
      else direct.set(entry.key, [...(direct.get(entry.key) ?? []), entry]);
    }
  }
  ctx.unknown = outer;
  for (const [key, entries] of direct) {
    if (entries.length === found.length) outer?.push({ models: found, key, path: levelPath, scalar: entries.some((entry) => entry.scalar) });
  }
  return { field: name, populate: [], components };
}

function parseCount(value: unknown, path: string): boolean {
  const parsed = typeof value === 'boolean' || typeof value === 'string' ? parseBoolean(value, { caseSensitive: true }) : null;
  if (parsed !== null) return parsed;
  throw new ValidationError(`Invalid parameter ${path}: expected true or false`);
}
