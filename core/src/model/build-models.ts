/**
 * Turns the plugin-extended schemas into the model registry every plugin reads. It only
 * builds: the schemas were validated before (schema/validate-schemas.ts), so every type is
 * known and every relation target and inverse exists. Attributes of plugin-provided types
 * become ExtensionFields, shaped by the type's definition.
 */
import { InternalError } from '../errors';
import { SCALAR_TYPES, type Attribute, type ComponentAttribute, type DynamicZoneAttribute, type RelationAttribute, type ScalarAttribute, type ScalarType, type SchemaSet } from '../schema/types';
import type { AttributeTypeRegistry, WrittenAttribute } from '../schema/attribute-types';
import { columnName, componentJoinTableName, idColumn, linkTableName, orderColumn } from './naming';
import type { Field, LinkTable, Model, ModelRegistry, RelationField, ScalarField } from './types';

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'morphToMany', 'morphMany']);
const MANY_TO_ANY = new Set(['manyToMany', 'manyToOne']);

interface PendingModel {
  model: Model;
  attributes: Record<string, Attribute>;
}

export function buildModels(schemas: SchemaSet, types: AttributeTypeRegistry): ModelRegistry {
  const pending = new Map<string, PendingModel>();

  for (const ct of schemas.contentTypes.values()) {
    const { schema } = ct;
    pending.set(ct.uid, {
      attributes: schema.attributes,
      model: {
        uid: ct.uid,
        kind: schema.kind,
        tableName: schema.collectionName,
        singularName: schema.info.singularName,
        pluralName: schema.info.pluralName,
        namespace: ct.namespace,
        attributes: schema.attributes,
        fields: new Map(),
        scalarFields: [],
        componentJoin: null,
        options: schema.options ?? {},
        pluginOptions: schema.pluginOptions ?? {},
        source: ct.source.file,
        hasCreatorColumns: true,
        indexes: schema.indexes ?? [],
      },
    });
  }
  for (const comp of schemas.components.values()) {
    const { schema } = comp;
    const name = comp.uid.slice(comp.uid.indexOf('.') + 1); // category.name -> name
    pending.set(comp.uid, {
      attributes: schema.attributes,
      model: {
        uid: comp.uid,
        kind: 'component',
        tableName: schema.collectionName,
        singularName: name,
        pluralName: name,
        namespace: 'component',
        attributes: schema.attributes,
        fields: new Map(),
        scalarFields: [],
        componentJoin: null,
        options: schema.options ?? {},
        pluginOptions: {},
        source: comp.source.file,
        hasCreatorColumns: false,
      },
    });
  }

  for (const { model, attributes } of pending.values()) {
    for (const [name, attribute] of Object.entries(attributes)) {
      const field = buildField(model, name, attribute, pending, types);
      model.fields.set(name, field);
      if (field.kind === 'scalar') model.scalarFields.push(field);
      if ((field.kind === 'component' || field.kind === 'dynamiczone') && !model.componentJoin) {
        model.componentJoin = {
          name: componentJoinTableName(model.tableName),
          entityColumn: 'entity_id',
          componentColumn: 'component_id',
          typeColumn: 'component_type',
          fieldColumn: 'field',
          orderColumn: 'order',
        };
      }
    }
  }

  return createRegistry([...pending.values()].map((p) => p.model));
}

function buildField(model: Model, name: string, attribute: Attribute, all: Map<string, PendingModel>, types: AttributeTypeRegistry): Field {
  switch (attribute.type) {
    case 'relation':
      return buildRelation(model, name, attribute as RelationAttribute, all);
    case 'component': {
      const comp = attribute as ComponentAttribute;
      return { kind: 'component', name, component: comp.component, repeatable: comp.repeatable === true, attribute };
    }
    case 'dynamiczone':
      return { kind: 'dynamiczone', name, components: (attribute as DynamicZoneAttribute).components, attribute };
    default: {
      if (SCALAR_TYPES.includes(attribute.type as ScalarType)) {
        const scalar = attribute as ScalarAttribute;
        return { kind: 'scalar', name, column: columnName(name), type: scalar.type, attribute: scalar } satisfies ScalarField;
      }
      // Validation let through only the types an enabled plugin provides besides the kernel's.
      const provided = types.find(attribute.type);
      if (!provided) throw new InternalError('MODEL_UNKNOWN', `${model.source}: attribute "${name}" has type "${attribute.type}", which no enabled plugin provides`);
      const { target, multiple, options } = provided.toField(name, attribute as WrittenAttribute);
      return { kind: 'extension', type: attribute.type, name, target, multiple, options, attribute };
    }
  }
}

function ownerLink(owner: Model, attrName: string, attr: RelationAttribute, target: Model): LinkTable {
  const selfRef = owner.singularName === target.singularName;
  const ownerColumn = idColumn(owner.singularName);
  const targetColumn = selfRef ? `inv_${ownerColumn}` : idColumn(target.singularName);
  const bidirectional = Boolean(attr.inversedBy || attr.mappedBy);
  const targetOrderColumn = TO_MANY.has(attr.relation) ? orderColumn(target.singularName) : null;
  let ownerOrderColumn: string | null = null;
  if (bidirectional && MANY_TO_ANY.has(attr.relation)) {
    ownerOrderColumn = orderColumn(owner.singularName);
    // Strapi v4 renames it only where it would collide with the target order column: a
    // self-referencing manyToMany (a self manyToOne keeps `<singular>_order`, as in
    // `upload_folders_parent_links.folder_order`).
    if (selfRef && attr.relation === 'manyToMany') ownerOrderColumn = `inv_${ownerOrderColumn}`;
  }
  return { name: linkTableName(owner.tableName, attrName), ownerColumn, targetColumn, targetOrderColumn, ownerOrderColumn };
}

/** The model a relation names; the schemas were validated, so a missing one is a kernel bug. */
function pendingModel(all: Map<string, PendingModel>, uid: string | undefined): PendingModel {
  const found = uid === undefined ? undefined : all.get(uid);
  if (!found) throw new Error(`no model "${uid}" among the validated schemas`);
  return found;
}

function buildRelation(model: Model, name: string, attr: RelationAttribute, all: Map<string, PendingModel>): RelationField {
  const target = pendingModel(all, attr.target).model;
  const toMany = TO_MANY.has(attr.relation);
  if (attr.mappedBy) {
    const ownerAttr = pendingModel(all, target.uid).attributes[attr.mappedBy] as RelationAttribute;
    const link = ownerLink(target, attr.mappedBy, ownerAttr, model);
    return {
      kind: 'relation',
      name,
      relation: attr.relation,
      target: target.uid,
      toMany,
      owner: false,
      inverse: attr.mappedBy,
      link,
      selfColumn: link.targetColumn,
      otherColumn: link.ownerColumn,
      orderColumn: link.ownerOrderColumn,
      inverseOrderColumn: link.targetOrderColumn,
      attribute: attr,
    };
  }
  const link = ownerLink(model, name, attr, target);
  return {
    kind: 'relation',
    name,
    relation: attr.relation,
    target: target.uid,
    toMany,
    owner: true,
    inverse: attr.inversedBy ?? null,
    link,
    selfColumn: link.ownerColumn,
    otherColumn: link.targetColumn,
    orderColumn: link.targetOrderColumn,
    inverseOrderColumn: link.ownerOrderColumn,
    attribute: attr,
  };
}

export function createRegistry(models: Model[]): ModelRegistry {
  const byUid = new Map(models.map((m) => [m.uid, m]));
  return {
    get(uid) {
      const model = byUid.get(uid);
      if (!model) throw new InternalError('MODEL_UNKNOWN', `No model registered as "${uid}"`);
      return model;
    },
    find: (uid) => byUid.get(uid),
    has: (uid) => byUid.has(uid),
    contentTypes: () => models.filter((m) => m.kind !== 'component'),
    components: () => models.filter((m) => m.kind === 'component'),
    all: () => [...models],
  };
}
