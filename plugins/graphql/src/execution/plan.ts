/**
 * One root field's selection as ONE query-engine read: the attributes selected under
 * `data { attributes { ... } }` (through fragments, inline fragments, aliases, `@skip` and
 * `@include`) become a populate tree, with each relation's `filters` and `sort` arguments, so a
 * list costs one query per populated relation per level, whatever the page size. The other
 * arguments plugins give a relation field (draft & publish's `publicationState`) are the
 * `params` of the relation's populate options, and a to-many relation's `pagination` (or,
 * without one, the default page) its `windows` (the engine's `PopulateOptions`, under the
 * POPULATE_OPTIONS symbol no client can send; what a window keeps: `PopulateWindow`), so a
 * relation with many links costs a page per parent, not its whole list. A relation whose
 * target the caller may not `find` is left out (it resolves to nothing),
 * as Strapi v4 guards a relation field with its target's `find`; media are read as REST
 * populates them (no permission of their own: the answer's sanitizing decides, as for REST).
 */
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { Field, Model, ModelRegistry } from '@platform/core';
import { POPULATE_OPTIONS, type PopulateAttribute, type PopulateOptions, type PopulateWindow } from '@platform/query-engine';
import { errors } from '../errors';
import { typeName } from '../naming';
import { entryTarget, holdsMany } from '../schema/attribute-types';
import { toEngineFilters } from '../schema/filter-inputs';
import type { GraphqlContext } from '../types';
import { sliceBounds, type PaginationArgs, type ResolveSettings } from './settings';
import { planWindows } from './list-windows';

export type PopulateTree = Record<string, PopulateAttribute>;

interface PlanContext {
  info: GraphQLResolveInfo;
  models: ModelRegistry;
  context: GraphqlContext;
  settings: ResolveSettings;
}

/** The arguments of a relation field the plan reads itself; any other is a plugin parameter of its level. */
const LIST_ARGS = new Set(['filters', 'pagination', 'sort']);

/** The field nodes of a selection set that apply to an object of type `typeName`, by field name. */
export function collectFields(info: GraphQLResolveInfo, selectionSets: ReadonlyArray<SelectionSetNode | undefined>, type: string): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    if (!set) return;
    for (const selection of set.selections) {
      if (!included(info, selection)) continue;
      if (selection.kind === Kind.FIELD) {
        const list = out.get(selection.name.value) ?? [];
        list.push(selection);
        out.set(selection.name.value, list);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || applies(info, selection.typeCondition.name.value, type)) visit(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = info.fragments[name];
        // validation refused cycles; the set only avoids walking a fragment spread twice
        if (!fragment || seen.has(name) || !applies(info, fragment.typeCondition.name.value, type)) continue;
        seen.add(name);
        visit(fragment.selectionSet);
        seen.delete(name);
      }
    }
  };
  selectionSets.forEach(visit);
  return out;
}

function included(info: GraphQLResolveInfo, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, info.variableValues)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues)?.if !== false;
}

function applies(info: GraphQLResolveInfo, condition: string, type: string): boolean {
  if (condition === type) return true;
  const conditionType = info.schema.getType(condition);
  const objectType = info.schema.getType(type);
  return conditionType !== undefined && isAbstractType(conditionType) && isObjectType(objectType) && info.schema.isSubType(conditionType, objectType);
}

const subSelections = (nodes: FieldNode[]) => nodes.map((node) => node.selectionSet);

/** The sub-fields of `nodes` (fields of type `type`) named `name`, merged. */
function child(plan: PlanContext, nodes: FieldNode[], type: string, name: string): FieldNode[] {
  return collectFields(plan.info, subSelections(nodes), type).get(name) ?? [];
}

/**
 * The populate tree of an entity-response selection (`{ data { attributes { ... } } }`, a
 * collection or a single entry) of `model`, with its relations' populate options.
 */
export async function planEntities(
  info: GraphQLResolveInfo,
  models: ModelRegistry,
  context: GraphqlContext,
  settings: ResolveSettings,
  model: Model,
  nodes: FieldNode[],
  responseType: string,
): Promise<PopulateTree> {
  const plan: PlanContext = { info, models, context, settings };
  return planAttributes(plan, model, attributesOf(plan, model, nodes, responseType));
}

/** `response { data { attributes } }` -> the attributes nodes. */
function attributesOf(plan: PlanContext, model: Model, nodes: FieldNode[], responseType: string): FieldNode[] {
  const data = child(plan, nodes, responseType, 'data');
  return child(plan, data, `${typeName(model)}Entity`, 'attributes');
}

async function planAttributes(plan: PlanContext, model: Model, nodes: FieldNode[]): Promise<PopulateTree> {
  const tree: PopulateTree = {};
  if (nodes.length === 0) return tree;
  const type = typeName(model);
  const objectType = plan.info.schema.getType(type) as GraphQLObjectType | undefined;
  if (!objectType) return tree;
  const selected = collectFields(plan.info, subSelections(nodes), type);
  for (const [name, fieldNodes] of selected) {
    const field = model.fields.get(name);
    const definition = objectType.getFields()[name];
    if (!field || !definition || field.kind === 'scalar') continue;
    const each = fieldNodes.map((node) => getArgumentValues(definition, node, plan.info.variableValues));
    const args = sameArguments(each, `${type}.${name}`);
    let windows: PopulateWindow[] | undefined;
    if (field.kind === 'relation' && field.toMany) {
      const slices = each.map((one) => sliceBounds(one.pagination as PaginationArgs | undefined, plan.settings));
      windows = planWindows(plan.context, String(plan.info.path.key), fieldNodes, slices, `${type}.${name}`);
    }
    const branch = await planField(plan, field, fieldNodes, args, windows);
    if (branch) tree[name] = branch;
  }
  return tree;
}

/** `windows`: a to-many relation's, planned by the caller. */
async function planField(plan: PlanContext, field: Field, nodes: FieldNode[], args: Record<string, unknown>, windows: PopulateWindow[] | undefined): Promise<PopulateAttribute | null> {
  const { models } = plan;
  if (field.kind === 'component') {
    const component = models.get(field.component);
    return withListArgs(component, models, args, { populate: await planAttributes(plan, component, nodes) });
  }
  if (field.kind === 'dynamiczone') {
    const on: Record<string, PopulateAttribute> = {};
    for (const uid of field.components) {
      const component = models.find(uid);
      if (!component) continue;
      // every component is listed, so no item of the zone is left out of the answer
      const componentNodes = nodes.flatMap((node) => ([...collectFields(plan.info, [node.selectionSet], typeName(component)).values()].length > 0 ? [node] : []));
      on[uid] = { populate: await planAttributes(plan, component, componentNodes) };
    }
    return { on };
  }
  const target = entryTarget(field, models);
  if (!target) return null;
  if (field.kind === 'relation' && !(await plan.context.isAllowed(target.uid, 'find'))) return null;
  const responseType = `${typeName(target)}${holdsMany(field) ? 'RelationResponseCollection' : 'EntityResponse'}`;
  const options: PopulateOptions = {};
  const params = levelArgs(args);
  if (params) options.params = params;
  if (windows) options.windows = windows;
  const branch = withListArgs(target, models, args, { populate: await planAttributes(plan, target, attributesOf(plan, target, nodes, responseType)) });
  if (options.params || options.windows) branch[POPULATE_OPTIONS] = options;
  return branch;
}

function levelArgs(args: Record<string, unknown>): Record<string, unknown> | null {
  const own = Object.entries(args).filter(([key, value]) => !LIST_ARGS.has(key) && value !== undefined && value !== null);
  return own.length > 0 ? Object.fromEntries(own) : null;
}

function withListArgs(target: Model, models: ModelRegistry, args: Record<string, unknown>, branch: PopulateAttribute): PopulateAttribute {
  const filters = toEngineFilters(target, models, args.filters);
  if (filters && Object.keys(filters).length > 0) branch.filters = filters;
  if (Array.isArray(args.sort) && args.sort.length > 0) branch.sort = args.sort;
  return branch;
}

/** One populate per attribute: the same attribute selected twice must ask for the same list. */
function sameArguments(each: Array<Record<string, unknown>>, where: string): Record<string, unknown> {
  // no node selects nothing, with no arguments
  const [first = {}, ...rest] = each;
  const key = JSON.stringify(populateArgs(first));
  for (const other of rest) {
    if (JSON.stringify(populateArgs(other)) !== key) {
      throw errors.request('CONFLICTING_ARGUMENTS', `${where} is selected more than once with different filters, sort or publicationState; select it once per entry`, { field: where });
    }
  }
  return first;
}

/** The arguments that change what is read (each selection's pagination is a window of its own: ./list-windows.ts). */
function populateArgs(args: Record<string, unknown>): unknown {
  const { pagination: _pagination, ...read } = args;
  return read;
}
