/**
 * The query parameters of the content routes, written in `qs` bracket notation
 * (`filters[title][$eq]=x`, `populate[category][fields][0]=name`): described as `deepObject`
 * parameters. The engine's own (`filters`, `populate`, `fields`, `sort`, `pagination`, `_q`)
 * are described here; a parameter a plugin declares to the content API (`locale`,
 * `publicationState`) takes the description given in its declaration (or through this
 * plugin's service), or a plain one built from its declared shape.
 */
import type { Model } from '@platform/core';
import type { ParamDeclaration } from '@platform/query-engine';
import type { ModelSchemas } from './model-schemas';
import { schemaName } from './model-schemas';
import { ref, type ParameterObject, type SchemaObject } from './types';

/** What a plugin tells about a query parameter it declared. */
export interface ParameterDescription {
  description?: string;
  schema: SchemaObject;
  /** the content-types whose routes take it (default: all) */
  appliesTo?: (model: Model) => boolean;
}

const ENGINE_OWNER = 'query-engine';

/** Parameters each core action takes. */
export type ReadAction = 'find' | 'findOne' | 'write';

function fieldNames(model: Model): string[] {
  const out: string[] = ['id'];
  for (const field of model.fields.values()) if (field.kind === 'scalar' && field.attribute.private !== true && field.type !== 'password') out.push(field.name);
  return out;
}

const POPULATE: SchemaObject = {
  description:
    'Relations, media, components and dynamic zones to include: `*`, a list, a comma-separated list, or an object per attribute with its own fields, filters, sort, populate (and `on` per component of a dynamic zone)',
  oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object', additionalProperties: true }],
};

/** A query parameter in `qs` bracket notation (`name[key][sub]=value`). */
function deepParameter(name: string, description: string | undefined, schema: SchemaObject): ParameterObject {
  return { name, in: 'query', style: 'deepObject', explode: true, ...(description ? { description } : {}), schema };
}

function engineParameter(name: string, model: Model, schemas: ModelSchemas, action: ReadAction): ParameterObject | null {
  const modelName = schemas.nameOf(model.uid) as string;
  switch (name) {
    case 'fields': {
      const names = { type: 'string', enum: [...fieldNames(model), '*'] };
      return deepParameter(name, 'Attributes to answer (`fields[0]=title&fields[1]=slug`, or a comma-separated list)', { oneOf: [{ type: 'string' }, { type: 'array', items: names }] });
    }
    case 'populate':
      return deepParameter(name, undefined, POPULATE);
    case 'filters':
      if (action !== 'find') return null;
      return deepParameter(name, 'Conditions on attributes, through relations and components too (`filters[title][$contains]=x`)', ref(schemaName.filters(modelName)));
    case 'sort':
      if (action !== 'find') return null;
      return deepParameter(name, 'Attributes to sort on, in order, each with `:asc` (default) or `:desc` (`sort[0]=title:desc`), through relations with dots', {
        oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object', additionalProperties: { type: 'string', enum: ['asc', 'desc'] } }],
      });
    case 'pagination':
      if (action !== 'find') return null;
      return deepParameter(name, 'Page (`page`, `pageSize`) or offset (`start`, `limit`) pagination, not both', {
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1 },
          pageSize: { type: 'integer', minimum: 1 },
          start: { type: 'integer', minimum: 0 },
          limit: { type: 'integer' },
          withCount: { type: 'boolean' },
        },
      });
    case '_q':
      if (action !== 'find') return null;
      return { name, in: 'query', description: 'Full-text search in the text attributes', schema: { type: 'string' } };
    default:
      return null;
  }
}

function declaredSchema(declaration: ParamDeclaration): SchemaObject {
  const options: SchemaObject[] = declaration.kinds.map((kind) => {
    switch (kind) {
      case 'string':
        return { type: 'string' };
      case 'string[]':
        return { type: 'array', items: { type: 'string' } };
      case 'array':
        return { type: 'array' };
      case 'object':
        return { type: 'object' };
      case 'null':
        return { type: 'null' };
      default:
        return kind satisfies never;
    }
  });
  const [only] = options;
  return options.length === 1 && only ? only : { oneOf: options };
}

function fromDeclaration(declaration: ParamDeclaration): ParameterDescription | undefined {
  const { appliesTo, openapi } = declaration;
  if (!appliesTo && !openapi) return undefined;
  return { ...(openapi ?? { schema: declaredSchema(declaration) }), ...(appliesTo ? { appliesTo } : {}) };
}

/** The query parameters of a core action of `model`, in the order the contract declares them. */
export function actionParameters(
  model: Model,
  action: ReadAction,
  declarations: readonly ParamDeclaration[],
  described: ReadonlyMap<string, ParameterDescription>,
  schemas: ModelSchemas,
): ParameterObject[] {
  const out: ParameterObject[] = [];
  for (const declaration of declarations) {
    if (declaration.owner === ENGINE_OWNER) {
      const parameter = engineParameter(declaration.name, model, schemas, action);
      if (parameter) out.push(parameter);
      continue;
    }
    // what the declaring plugin said in its declaration, unless the app described it here
    const description = described.get(declaration.name) ?? fromDeclaration(declaration);
    if (description?.appliesTo && !description.appliesTo(model)) continue;
    const schema = description?.schema ?? declaredSchema(declaration);
    const deep = schema.type === 'object' || declaration.kinds.includes('object');
    out.push({
      name: declaration.name,
      in: 'query',
      ...(deep ? { style: 'deepObject' as const, explode: true } : {}),
      description: description?.description ?? `Declared by the ${declaration.owner} plugin`,
      schema,
    });
  }
  return out;
}
