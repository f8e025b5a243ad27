/**
 * The client parameters features declared to the content API with a `graphql` part become
 * arguments of the generated operations of the types they apply to (and their enum types), so
 * a feature adds a GraphQL argument without importing this plugin. The resolvers hand every
 * argument that is not their own to the operation as a client parameter (root-resolvers.ts),
 * where the engine validates and interprets it as it does REST's query string.
 */
import type { SchemaComposer } from 'graphql-compose';
import type { Model } from '@platform/core';
import type { ParamDeclaration } from '@platform/query-engine';
import * as naming from '../naming';

const DEFAULT_OPERATIONS = ['find', 'findOne'] as const;

export function addDeclaredParams<C>(composer: SchemaComposer<C>, models: Iterable<Model>, declarations: readonly ParamDeclaration[], exposed: (model: Model) => boolean): void {
  const types = [...models];
  for (const declaration of declarations) {
    const graphql = declaration.graphql;
    if (!graphql) continue;
    const { enum: enumType } = graphql;
    if (enumType && !composer.has(enumType.name)) {
      composer.createEnumTC({ name: enumType.name, values: Object.fromEntries(Object.entries(enumType.values).map(([name, value]) => [name, { value }])) });
    }
    const arg = { type: graphql.type, ...(graphql.defaultValue !== undefined ? { defaultValue: graphql.defaultValue } : {}) };
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
