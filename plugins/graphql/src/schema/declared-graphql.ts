/**
 * What features declared about their GraphQL side to the content API
 * (`declarations.graphql`, plain data: see the query engine's graphql-declarations.ts), applied
 * where an extension's equivalent would be (the switches: ../extension/declared-switches.ts): scalars
 * with the declared parameters, permissions merged before the extensions' `resolversConfig`,
 * and the rest (nullable required attributes, relation arguments, operations) as the first
 * schema-composer plugin. So a feature changes the schema without importing this plugin.
 */
import { GraphQLError, GraphQLScalarType, Kind, type GraphQLResolveInfo, type ValueNode } from 'graphql';
import type { SchemaComposer } from 'graphql-compose';
import type { Model, ModelRegistry, PluginContext } from '@platform/core';
import { selects, type ContentApi, type GraphqlDeclarations, type GraphqlOperationDeclaration, type GraphqlScalarDeclaration } from '@platform/query-engine';
import * as naming from '../naming';
import type { GraphqlContext, ResolverConfig } from '../types';
import type { RootDeps } from '../execution/root-resolvers';
import { readEntityResponse, readEntityResponses } from '../execution/root-resolvers';

export const declaredGraphql = (platform: PluginContext): GraphqlDeclarations => platform.service<ContentApi>('plugin::query-engine.content-api').declarations.graphql;

function scalarType(declared: GraphqlScalarDeclaration): GraphQLScalarType {
  const accepted = (value: unknown, node?: ValueNode) => {
    if (declared.accepts(value)) return value;
    throw new GraphQLError(declared.message, node ? { nodes: node } : {});
  };
  return new GraphQLScalarType({
    name: declared.name,
    ...(declared.description ? { description: declared.description } : {}),
    serialize: (value) => value,
    parseValue: (value) => accepted(value),
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError(declared.message, { nodes: node });
      return accepted(node.value, node);
    },
  });
}

/** The scalars, and the input types made for models whose types were generated. */
export function addDeclaredTypes(composer: SchemaComposer<GraphqlContext>, declared: GraphqlDeclarations, models: ModelRegistry, exposed: (model: Model) => boolean): void {
  for (const scalar of declared.scalars()) composer.add(scalarType(scalar));
  for (const type of declared.inputTypes()) {
    const selector = type.models;
    if (selector !== undefined && !models.all().some((model) => selects(selector, model) && exposed(model))) continue;
    composer.createInputTC({ name: type.name, fields: { ...type.fields } });
  }
}

const fill = (template: string, model: Model | null) => (model ? template.replaceAll('{Type}', naming.typeName(model)).replaceAll('{uid}', model.uid) : template);

/** Each declared operation once per model it is for (none: once); a model's only when its types were generated. */
function operationFields(
  declared: GraphqlDeclarations,
  models: ModelRegistry,
  exposed: (model: Model) => boolean,
): Array<{ operation: GraphqlOperationDeclaration; model: Model | null; name: string }> {
  const out: Array<{ operation: GraphqlOperationDeclaration; model: Model | null; name: string }> = [];
  for (const operation of declared.operations()) {
    const selector = operation.models;
    const targets: Array<Model | null> = selector === undefined ? [null] : models.all().filter((model) => selects(selector, model) && exposed(model));
    for (const model of targets) out.push({ operation, model, name: fill(operation.name, model) });
  }
  return out;
}

/** The permissions the rules and operations name, as `resolversConfig` entries (merged before the extensions'). */
export function declaredResolversConfig(declared: GraphqlDeclarations, models: ModelRegistry, exposed: (model: Model) => boolean): Array<[string, ResolverConfig]> {
  const out: Array<[string, ResolverConfig]> = [];
  for (const rule of declared.modelRules()) {
    for (const model of models.contentTypes()) {
      if (!rule.scopes || !selects(rule.models, model)) continue;
      const names = naming.operationNames(model);
      for (const [action, scope] of Object.entries(rule.scopes)) {
        const root = action === 'find' || action === 'findOne' ? 'Query' : 'Mutation';
        const field = model.kind === 'singleType' && action === 'find' ? names.findOne : names[action as keyof typeof names];
        out.push([`${root}.${field}`, { auth: { scope: [...(scope ?? [])] } }]);
      }
    }
  }
  for (const { operation, model, name } of operationFields(declared, models, exposed)) {
    out.push([`${operation.root}.${name}`, { auth: operation.scope === false ? false : { scope: operation.scope.map((scope) => fill(scope, model)) } }]);
  }
  return out;
}

/** GraphQL's input objects have no prototype: plain objects for the feature's code (other values, an `Upload`'s, stay as they are). */
function plainArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args))
    out[key] = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === null ? plainArgs(value as Record<string, unknown>) : value;
  return out;
}

function operationField(deps: RootDeps, operation: GraphqlOperationDeclaration, model: Model | null) {
  const args = Object.fromEntries(Object.entries(operation.args ?? {}).map(([name, type]) => [name, fill(type, model)]));
  return {
    type: fill(operation.type, model),
    ...(Object.keys(args).length > 0 ? { args } : {}),
    resolve: (_parent: unknown, given: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => {
      const reading = () => {
        if (!model) throw new Error(`The GraphQL operation ${info.fieldName} names no model to read`);
        return model;
      };
      return operation.resolve({
        args: plainArgs(given),
        model,
        context: context.contentApi,
        http: context.http,
        state: context.state,
        readEntry: (id, options) => readEntityResponse(deps, reading(), id, context, info, options),
        readEntries: (ids, options) => readEntityResponses(deps, reading(), ids, context, info, options),
      });
    },
  };
}

/** The required attributes of the models a rule makes optional: nullable in their output type. */
function relaxRequired(composer: SchemaComposer<GraphqlContext>, declared: GraphqlDeclarations, models: ModelRegistry, exposed: (model: Model) => boolean): void {
  for (const rule of declared.modelRules()) {
    if (!rule.optionalRequired) continue;
    for (const model of models.contentTypes()) {
      if (!selects(rule.models, model) || !exposed(model)) continue;
      const tc = composer.getOTC(naming.typeName(model));
      for (const field of model.fields.values()) {
        if ((field.attribute as { required?: unknown }).required === true && tc.hasField(field.name)) tc.makeFieldNullable(field.name);
      }
    }
  }
}

/** The schema-composer plugin that adds the declarations' fields, run before the extensions' plugins. */
export function declaredSchemaPlugin(deps: RootDeps, declared: GraphqlDeclarations, exposed: (model: Model) => boolean, relationParams: (composer: SchemaComposer<GraphqlContext>) => void) {
  const models = deps.platform.models;
  return (composer: SchemaComposer<GraphqlContext>): void => {
    relaxRequired(composer, declared, models, exposed);
    relationParams(composer);
    const fields = operationFields(declared, models, exposed);
    for (const root of ['Query', 'Mutation'] as const) {
      const own = fields.filter(({ operation }) => operation.root === root);
      if (own.length > 0) composer[root].addFields(Object.fromEntries(own.map(({ operation, model, name }) => [name, operationField(deps, operation, model)])));
    }
  };
}
