/**
 * The client parameters features declared to the content API with a `graphql` part become
 * arguments of the generated operations of the types they apply to (and their enum types), so
 * a feature adds a GraphQL argument without importing this plugin. The resolvers hand every
 * argument that is not their own to the operation as a client parameter (root-resolvers.ts),
 * where the engine validates and interprets it as it does REST's query string.
 */
import type { SchemaComposer } from 'graphql-compose';
import type { Model, ModelRegistry } from '@platform/core';
import type { ParamDeclaration } from '@platform/query-engine';
import * as naming from '../naming';

const DEFAULT_OPERATIONS = ['find', 'findOne'] as const;

const argOf = (graphql: NonNullable<ParamDeclaration['graphql']>) => ({ type: graphql.type, ...(graphql.defaultValue !== undefined ? { defaultValue: graphql.defaultValue } : {}) });

/** The enum types the declarations name (whether or not the shadow CRUD is on, as the types a feature adds). */
export function addDeclaredEnums<C>(composer: SchemaComposer<C>, declarations: readonly ParamDeclaration[]): void {
  for (const declaration of declarations) {
    const enumType = declaration.graphql?.enum;
    if (enumType && !composer.has(enumType.name)) {
      composer.createEnumTC({ name: enumType.name, values: Object.fromEntries(Object.entries(enumType.values).map(([name, value]) => [name, { value }])) });
    }
  }
}

export function addDeclaredParams<C>(composer: SchemaComposer<C>, models: Iterable<Model>, declarations: readonly ParamDeclaration[], exposed: (model: Model) => boolean): void {
  const types = [...models];
  for (const declaration of declarations) {
    const graphql = declaration.graphql;
    if (!graphql) continue;
    const arg = argOf(graphql);
    for (const model of types) {
      if (!exposed(model) || (declaration.appliesTo && !declaration.appliesTo(model))) continue;
      const names = naming.operationNames(model);
      for (const operation of graphql.operations ?? DEFAULT_OPERATIONS) {
        const root = operation === 'find' || operation === 'findOne' ? composer.Query : composer.Mutation;
        const field = names[operation];
        if (root.hasField(field)) root.setFieldArg(field, declaration.name, arg);
      }
    }
  }
}

/**
 * Declarations with `relations: true` are also arguments of the to-many relation fields whose
 * target they apply to, on every generated type (content-types and components): the plan
 * (../execution/plan.ts) hands a relation field's arguments to that level of the query.
 */
export function addDeclaredRelationParams<C>(composer: SchemaComposer<C>, models: ModelRegistry, declarations: readonly ParamDeclaration[]): void {
  for (const declaration of declarations) {
    const graphql = declaration.graphql;
    if (!graphql?.relations) continue;
    const arg = argOf(graphql);
    for (const model of [...models.contentTypes(), ...models.components()]) {
      const type = naming.typeName(model);
      if (!composer.has(type)) continue;
      const tc = composer.getOTC(type);
      for (const field of model.fields.values()) {
        if (field.kind !== 'relation' || !field.toMany || !tc.hasField(field.name)) continue;
        const target = models.find(field.target);
        if (target && (!declaration.appliesTo || declaration.appliesTo(target))) tc.setFieldArg(field.name, declaration.name, arg);
      }
    }
  }
}
