/**
 * What features declared about their GraphQL side to the content API
 * (`declarations.graphql`, plain data: see the query engine's graphql-declarations.ts), applied
 * where an extension's equivalent would be (the switches: ../extension/declared-switches.ts): types
 * and operations (./declared-operations.ts) with the declared parameters, before the extensions,
 * permissions merged before the extensions' `resolversConfig`, and the rest (nullable required
 * attributes, relation arguments) as the first schema-composer plugin. So a feature changes the
 * schema without importing this plugin.
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { SchemaComposer } from 'graphql-compose';
import type { Model, ModelRegistry, PluginContext } from '@platform/core';
import { selects, type ContentApi, type GraphqlDeclarations, type GraphqlInputField, type GraphqlScalarDeclaration, type ModelSelector } from '@platform/query-engine';
import * as naming from '../naming';
import type { GraphqlContext, ResolverConfig } from '../types';
import type { RootDeps } from '../execution/root-resolvers';
import { fill, operationFields } from './declared-operations';

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

const inputField = (field: GraphqlInputField) => (typeof field === 'string' ? field : { type: field.type, defaultValue: field.defaultValue });

/**
 * The scalars, the input and output types (those for models only when one's types were
 * generated), and the fields rules add to generated input types.
 */
export function addDeclaredTypes(composer: SchemaComposer<GraphqlContext>, declared: GraphqlDeclarations, models: ModelRegistry, exposed: (model: Model) => boolean): void {
  const wanted = (selector: ModelSelector | undefined) => selector === undefined || models.all().some((model) => selects(selector, model) && exposed(model));
  for (const scalar of declared.scalars()) composer.add(scalarType(scalar));
  for (const type of declared.inputTypes()) {
    if (wanted(type.models)) composer.createInputTC({ name: type.name, fields: Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, inputField(field)])) });
  }
  for (const type of declared.objectTypes()) {
    if (wanted(type.models)) composer.createObjectTC({ name: type.name, fields: { ...type.fields } });
  }
  for (const rule of declared.modelRules()) {
    if (!rule.inputFields) continue;
    for (const model of models.contentTypes()) {
      const name = naming.inputName(model);
      if (selects(rule.models, model) && exposed(model) && composer.has(name)) composer.getITC(name).addFields({ ...rule.inputFields });
    }
  }
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

/** The schema-composer plugin that changes generated types as declared (required attributes, relation arguments), run before the extensions' plugins. */
export function declaredSchemaPlugin(deps: RootDeps, declared: GraphqlDeclarations, exposed: (model: Model) => boolean, relationParams: (composer: SchemaComposer<GraphqlContext>) => void) {
  const models = deps.platform.models;
  return (composer: SchemaComposer<GraphqlContext>): void => {
    relaxRequired(composer, declared, models, exposed);
    relationParams(composer);
  };
}
