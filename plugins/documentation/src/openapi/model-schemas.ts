/**
 * The component schemas of the content model, per content-type `<Name>`:
 *
 * - `<Name>` the attributes an answer holds (none required: `fields` picks some), relations and
 *   media as `{ data: <Target>Entry | <Target>Entry[] | null }` (present when populated),
 *   components as objects with their `id`, dynamic zones as lists of `oneOf` items told apart by
 *   `__component`;
 * - `<Name>Entry` `{ id, attributes, meta }`, `<Name>Response` and `<Name>ListResponse` the
 *   envelopes of one entry and of a page of entries;
 * - `<Name>Input` the `data` of a create or an update (relations as ids or
 *   `connect`/`disconnect`/`set`), `<Name>Request` `{ data: <Name>Input }`;
 * - `<Name>Filters` the `filters` parameter, through relations too.
 *
 * And per component `<Name>` (with its `id`), `<Name>Input`, `<Name>Filters`.
 */
import type { Field, Model, ModelRegistry } from '@platform/core';
import { targetUid } from '@platform/query-engine';
import type { ModelNames } from './names';
import { orNull, scalarSchema } from './scalars';
import { isAnswered, isWritten } from './visibility';
import { ref, type SchemaObject } from './types';
import { FILTER_OPERATORS, RELATION_INPUT } from './shared-schemas';

export const schemaName = {
  attributes: (name: string) => name,
  entry: (name: string) => `${name}Entry`,
  response: (name: string) => `${name}Response`,
  list: (name: string) => `${name}ListResponse`,
  input: (name: string) => `${name}Input`,
  request: (name: string) => `${name}Request`,
  filters: (name: string) => `${name}Filters`,
  zoneItem: (name: string) => `${name}ZoneItem`,
  zoneItemInput: (name: string) => `${name}ZoneItemInput`,
};

export class ModelSchemas {
  constructor(
    private readonly models: ModelRegistry,
    readonly names: ModelNames,
  ) {}

  nameOf(uid: string): string | undefined {
    return this.names.get(uid);
  }

  /** Every schema of every model, by component name. */
  all(): Record<string, SchemaObject> {
    const out: Record<string, SchemaObject> = {};
    for (const model of this.models.contentTypes()) {
      const name = this.names.get(model.uid) as string;
      out[schemaName.attributes(name)] = this.attributes(model);
      out[schemaName.entry(name)] = this.entry(name);
      out[schemaName.response(name)] = {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: ref(schemaName.entry(name)), meta: { type: 'object' } },
      };
      out[schemaName.list(name)] = {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { type: 'array', items: ref(schemaName.entry(name)) }, meta: { type: 'object', properties: { pagination: ref('Pagination') } } },
      };
      out[schemaName.input(name)] = this.input(model);
      out[schemaName.request(name)] = { type: 'object', required: ['data'], properties: { data: ref(schemaName.input(name)) } };
      out[schemaName.filters(name)] = this.filters(model, name);
    }
    for (const model of this.models.components()) {
      const name = this.names.get(model.uid) as string;
      out[schemaName.attributes(name)] = this.attributes(model);
      out[schemaName.input(name)] = this.input(model);
      out[schemaName.filters(name)] = this.filters(model, name);
    }
    for (const uid of this.zoneComponents()) {
      const name = this.names.get(uid) as string;
      const tag = { type: 'object', required: ['__component'], properties: { __component: { type: 'string', const: uid } } };
      out[schemaName.zoneItem(name)] = { allOf: [ref(schemaName.attributes(name)), tag] };
      out[schemaName.zoneItemInput(name)] = { allOf: [ref(schemaName.input(name)), tag] };
    }
    return out;
  }

  /** The components any dynamic zone lists. */
  private zoneComponents(): string[] {
    const uids = new Set<string>();
    for (const model of this.models.all()) {
      for (const field of model.fields.values()) if (field.kind === 'dynamiczone') for (const uid of field.components) if (this.models.has(uid)) uids.add(uid);
    }
    return [...uids].sort();
  }

  private attributes(model: Model): SchemaObject {
    const properties: Record<string, SchemaObject> = {};
    if (model.kind === 'component') properties.id = { type: 'integer' };
    for (const field of model.fields.values()) {
      if (!isAnswered(field)) continue;
      const schema = this.readSchema(field);
      if (schema) properties[field.name] = schema;
    }
    const schema: SchemaObject = { type: 'object', properties };
    if (model.kind === 'component') schema.required = ['id'];
    return schema;
  }

  private entry(name: string): SchemaObject {
    return {
      type: 'object',
      required: ['id', 'attributes'],
      properties: { id: { type: 'integer' }, attributes: ref(schemaName.attributes(name)), meta: { type: 'object' } },
    };
  }

  private readSchema(field: Field): SchemaObject | null {
    switch (field.kind) {
      case 'scalar':
        return scalarSchema(field.type, field.attribute as Parameters<typeof scalarSchema>[1], 'read');
      case 'relation':
      case 'extension': {
        const target = this.targetName(field);
        const many = field.kind === 'relation' ? field.toMany : field.multiple;
        if (!target) return { type: 'object', description: 'present when populated' };
        const entry = ref(schemaName.entry(target));
        return {
          type: 'object',
          description: 'present when populated',
          properties: { data: many ? { type: 'array', items: entry } : orNull(entry) },
        };
      }
      case 'component': {
        const name = this.names.get(field.component);
        if (!name) return null;
        return field.repeatable ? { type: 'array', items: ref(name) } : orNull(ref(name));
      }
      case 'dynamiczone':
        return { type: 'array', description: 'present when populated', items: this.zoneUnion(field.components, schemaName.zoneItem) };
    }
  }

  private input(model: Model): SchemaObject {
    const properties: Record<string, SchemaObject> = {};
    const required: string[] = [];
    if (model.kind === 'component') properties.id = { type: 'integer', description: 'the id of a component the entry holds: it is updated instead of replaced' };
    for (const field of model.fields.values()) {
      if (!isWritten(model, field)) continue;
      const schema = this.writeSchema(field);
      if (!schema) continue;
      properties[field.name] = schema;
      if (field.attribute.required === true && field.kind !== 'relation') required.push(field.name);
    }
    // Required attributes are required on create; an update sends only what changes (so the
    // schema of both keeps them optional, and says so).
    const schema: SchemaObject = { type: 'object', properties };
    if (required.length > 0) schema.description = `Required when creating: ${required.join(', ')}`;
    return schema;
  }

  private writeSchema(field: Field): SchemaObject | null {
    switch (field.kind) {
      case 'scalar':
        return scalarSchema(field.type, field.attribute as Parameters<typeof scalarSchema>[1], 'write');
      case 'relation':
        if (field.relation.startsWith('morph')) return null;
        return ref(RELATION_INPUT);
      case 'extension':
        return field.target ? (field.multiple ? { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] } : { type: ['integer', 'null'] }) : {};
      case 'component': {
        const name = this.names.get(field.component);
        if (!name) return null;
        return field.repeatable ? { type: 'array', items: ref(schemaName.input(name)) } : orNull(ref(schemaName.input(name)));
      }
      case 'dynamiczone':
        return { type: 'array', items: this.zoneUnion(field.components, schemaName.zoneItemInput) };
    }
  }

  /** `oneOf` the zone's components, told apart by `__component`. */
  private zoneUnion(uids: string[], nameOf: (name: string) => string): SchemaObject {
    const mapping: Record<string, string> = {};
    const oneOf: SchemaObject[] = [];
    for (const uid of uids) {
      const name = this.names.get(uid);
      if (!name) continue;
      mapping[uid] = `#/components/schemas/${nameOf(name)}`;
      oneOf.push(ref(nameOf(name)));
    }
    return { oneOf, discriminator: { propertyName: '__component', mapping } };
  }

  private filters(model: Model, name: string): SchemaObject {
    const properties: Record<string, SchemaObject> = { id: ref(FILTER_OPERATORS) };
    for (const field of model.fields.values()) {
      if (!isAnswered(field)) continue;
      if (field.kind === 'scalar') properties[field.name] = ref(FILTER_OPERATORS);
      else if (field.kind === 'relation' || field.kind === 'extension' || field.kind === 'component') {
        const target = field.kind === 'component' ? this.names.get(field.component) : this.targetName(field);
        if (target) properties[field.name] = ref(schemaName.filters(target));
      }
    }
    const self = ref(schemaName.filters(name));
    properties.$and = { type: 'array', items: self };
    properties.$or = { type: 'array', items: self };
    properties.$not = self;
    return { type: 'object', properties };
  }

  private targetName(field: Field): string | undefined {
    const uid = targetUid(field);
    return uid === undefined ? undefined : this.names.get(uid);
  }
}
