/**
 * The root fields features declared (`declarations.graphql.operation(...)`): one per model the
 * declaration selects among those whose types were generated (none: one), added before the
 * extensions, so that an app's extension may still replace one's resolver or type as it
 * replaces a generated field's (Strapi v4 registers its plugins' extensions before the app's).
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { SchemaComposer } from 'graphql-compose';
import type { Model, ModelRegistry } from '@platform/core';
import { selects, type GraphqlDeclarations, type GraphqlOperationDeclaration } from '@platform/query-engine';
import * as naming from '../naming';
import type { GraphqlContext } from '../types';
import { readEntityResponse, readEntityResponses, type RootDeps } from '../execution/root-resolvers';

/** `{Type}` and `{uid}` of a declared name, type or scope, for `model`. */
export const fill = (template: string, model: Model | null) => (model ? template.replaceAll('{Type}', naming.typeName(model)).replaceAll('{uid}', model.uid) : template);

export interface OperationField {
  operation: GraphqlOperationDeclaration;
  model: Model | null;
  name: string;
}

/** Each declared operation once per model it is for (none: once); a model's only when its types were generated. */
export function operationFields(declared: GraphqlDeclarations, models: ModelRegistry, exposed: (model: Model) => boolean): OperationField[] {
  const out: OperationField[] = [];
  for (const operation of declared.operations()) {
    const selector = operation.models;
    const targets: Array<Model | null> = selector === undefined ? [null] : models.all().filter((model) => selects(selector, model) && exposed(model));
    for (const model of targets) out.push({ operation, model, name: fill(operation.name, model) });
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

/** The declared root fields, in the order declared, after the generated ones. */
export function addDeclaredOperations(composer: SchemaComposer<GraphqlContext>, deps: RootDeps, declared: GraphqlDeclarations, exposed: (model: Model) => boolean): void {
  const fields = operationFields(declared, deps.platform.models, exposed);
  for (const root of ['Query', 'Mutation'] as const) {
    const own = fields.filter(({ operation }) => operation.root === root);
    if (own.length > 0) composer[root].addFields(Object.fromEntries(own.map(({ operation, model, name }) => [name, operationField(deps, operation, model)])));
  }
}
