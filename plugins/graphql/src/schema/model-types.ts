/**
 * The types of one model, Strapi v4's shapes: for a content-type `<Name>`, `<Name>Entity`,
 * `<Name>EntityResponse`, `<Name>EntityResponseCollection`, `<Name>RelationResponseCollection`,
 * `<Name>Input` and `<Name>FiltersInput`; for a component its object, input and filters types;
 * enums for enumerations; a union and an input scalar per dynamic zone.
 */
import type { Field, Model, ModelRegistry } from '@platform/core';
import type { ObjectTypeComposerFieldConfigMapDefinition, SchemaComposer, InputTypeComposerFieldConfigMapDefinition } from 'graphql-compose';
import { GraphQLScalarType } from 'graphql';
import * as naming from '../naming';
import { entryTarget, graphqlScalar, holdsMany, isRequired, scalarOutputType, visibleFields } from './attribute-types';
import { scalarFilterName } from './filter-inputs';
import { relationArgs } from './shared-types';
import { readsLoaded } from '../execution/loaded-reads';
import { componentListResolver, dynamicZoneResolver, dynamicZoneTypeResolver, relationResolver } from '../execution/field-resolvers';
import type { ContentTypeSwitches } from '../extension/shadow-crud';
import type { GraphqlContext } from '../types';
import type { ResolveSettings } from '../execution/settings';

export interface ModelTypesInput {
  composer: SchemaComposer<GraphqlContext>;
  models: ModelRegistry;
  exposed: (model: Model) => boolean;
  switches: (uid: string) => ContentTypeSwitches;
  settings: ResolveSettings;
}

const LIST_OF_ENTITIES = (model: Model) => `[${naming.entityName(model)}!]!`;

/** Enums of a model's enumerations. */
function addEnums(input: ModelTypesInput, model: Model): void {
  for (const field of model.fields.values()) {
    if (field.kind !== 'scalar' || field.type !== 'enumeration') continue;
    const name = naming.enumName(model, field.name, (field.attribute as { enumName?: unknown }).enumName);
    if (input.composer.has(name)) continue;
    const values = Object.fromEntries(((field.attribute as { enum?: string[] }).enum ?? []).map((value) => [naming.enumValueName(value), { value }]));
    input.composer.createEnumTC({ name, values });
  }
}

/** The object type of a model's attributes. */
export function addObjectType(input: ModelTypesInput, model: Model): void {
  const { composer, models } = input;
  addEnums(input, model);
  const shown = visibleFields(model, models, input.exposed).filter((field) => input.switches(model.uid).field(field.name).hasOutputEnabled());
  const fields: ObjectTypeComposerFieldConfigMapDefinition<unknown, GraphqlContext> = {};
  if (model.kind === 'component') fields.id = 'ID!';
  for (const field of shown) fields[field.name] = outputField(input, model, field);
  composer.createObjectTC({ name: naming.typeName(model), fields });
  if (model.kind === 'component') return;

  composer.createObjectTC({
    name: naming.entityName(model),
    fields: {
      id: { type: 'ID', resolve: readsLoaded((entity: unknown) => (entity as { id: number }).id, { kind: 'property', name: 'id' }) },
      attributes: { type: naming.typeName(model), resolve: readsLoaded((entity: unknown) => entity, { kind: 'self' }) },
    },
  });
  composer.createObjectTC({ name: naming.entityResponseName(model), fields: { data: naming.entityName(model) } });
  composer.createObjectTC({ name: naming.entityResponseCollectionName(model), fields: { data: LIST_OF_ENTITIES(model), meta: 'ResponseCollectionMeta!' } });
  composer.createObjectTC({ name: naming.relationResponseCollectionName(model), fields: { data: LIST_OF_ENTITIES(model) } });
}

function outputField(input: ModelTypesInput, model: Model, field: Field) {
  const { models, settings } = input;
  const nonNull = (type: string) => (isRequired(field) ? `${type}!` : type);
  switch (field.kind) {
    case 'scalar':
      return { type: nonNull(scalarOutputType(model, field)) };
    case 'component': {
      const component = models.get(field.component);
      const type = naming.typeName(component);
      if (!field.repeatable) return { type: nonNull(type) };
      return { type: `[${type}]`, args: relationArgs(component), resolve: componentListResolver(field.name, settings) };
    }
    case 'dynamiczone':
      return { type: `[${naming.dynamicZoneName(model, field.name)}]`, resolve: dynamicZoneResolver(field.name) };
    default: {
      const target = entryTarget(field, models);
      if (!target) throw new Error(`${model.uid}.${field.name} has no entry type to point at`);
      if (!holdsMany(field)) return { type: nonNull(naming.entityResponseName(target)), resolve: relationResolver(field.name, false, settings) };
      return { type: naming.relationResponseCollectionName(target), args: relationArgs(target), resolve: relationResolver(field.name, true, settings) };
    }
  }
}

/** `<Name>FiltersInput`: one member per filterable attribute, plus and/or/not. */
export function addFiltersInput(input: ModelTypesInput, model: Model): void {
  const { composer, models } = input;
  const name = naming.filtersInputName(model);
  const fields: InputTypeComposerFieldConfigMapDefinition = {};
  if (model.kind !== 'singleType') fields.id = scalarFilterName('ID');
  for (const field of visibleFields(model, models, input.exposed)) {
    if (!input.switches(model.uid).field(field.name).hasFiltersEnabled()) continue;
    if (field.kind === 'scalar') fields[field.name] = scalarFilterName(graphqlScalar(field));
    else if (field.kind === 'component') fields[field.name] = naming.filtersInputName(models.get(field.component));
    else {
      const target = entryTarget(field, models);
      if (target) fields[field.name] = naming.filtersInputName(target);
    }
  }
  fields.and = `[${name}]`;
  fields.or = `[${name}]`;
  fields.not = name;
  composer.createInputTC({ name, fields });
}

/** `<Name>Input`: every writable attribute as what a write takes (relations as ids). */
export function addInputType(input: ModelTypesInput, model: Model): void {
  const { composer, models } = input;
  const fields: InputTypeComposerFieldConfigMapDefinition = {};
  if (model.kind === 'component') fields.id = 'ID';
  for (const field of visibleFields(model, models, input.exposed)) {
    if (!input.switches(model.uid).field(field.name).hasInputEnabled()) continue;
    if ((field.attribute as { writable?: unknown }).writable === false) continue;
    if (field.name === 'createdAt' || field.name === 'updatedAt') {
      fields[field.name] = 'DateTime';
      continue;
    }
    switch (field.kind) {
      case 'scalar':
        fields[field.name] = scalarOutputType(model, field);
        break;
      case 'component': {
        const type = naming.inputName(models.get(field.component));
        fields[field.name] = field.repeatable ? `[${type}]` : type;
        break;
      }
      case 'dynamiczone':
        fields[field.name] = `[${naming.dynamicZoneName(model, field.name)}Input!]`;
        break;
      default:
        fields[field.name] = holdsMany(field) ? '[ID]' : 'ID';
    }
  }
  composer.createInputTC({ name: naming.inputName(model), fields });
}

/** Per dynamic zone: the union of its components and `Error`, and its input scalar. */
export function addDynamicZones(input: ModelTypesInput, model: Model): void {
  const { composer, models } = input;
  for (const field of model.fields.values()) {
    if (field.kind !== 'dynamiczone') continue;
    const components = field.components.map((uid) => models.find(uid)).filter((m): m is Model => m !== undefined);
    const name = naming.dynamicZoneName(model, field.name);
    const byUid = new Map(components.map((component) => [component.uid, naming.typeName(component)]));
    composer.createUnionTC({
      name,
      types: [...components.map((component) => naming.typeName(component)), 'Error'],
      resolveType: dynamicZoneTypeResolver(byUid),
    });
    composer.add(new GraphQLScalarType({ name: `${name}Input`, parseValue: (value) => value, serialize: (value) => value }));
  }
}
