/**
 * Between an entry as the content manager API answers it (relations and media populated,
 * components and dynamic zones nested) and the form's values, and back to the body of a save:
 * relations and media become ids (lists in their order), components keep their nested values
 * (with `id`, so an existing component is updated in place), dynamic-zone items their
 * `__component`. A save of a stored entry sends only the relations the editor changed, as
 * changes where it can (`connect` / `disconnect`): a page opened before another editor linked an
 * entry elsewhere (the other side of the relation) does not undo that link when it is saved.
 * A field of a type the panel does not write itself (a plugin's, with a registered input) is sent
 * only when its input changed it: as loaded it is what the API reads (populated, say), which the
 * type need not take on write, and left out of the body it stays as stored.
 */
import type { Attribute, ComponentSchema, Entry } from '../types';

export interface RelationValue {
  id: number;
  label: string;
}

export type Components = Map<string, ComponentSchema>;

const SYSTEM = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

export function isToMany(attribute: Attribute): boolean {
  return attribute.type === 'relation' && /ToMany$/.test(attribute.relation ?? '');
}

function label(entry: Record<string, unknown>, field: string | undefined): string {
  const value = field ? entry[field] : undefined;
  return value === undefined || value === null || value === '' ? `#${String(entry.id)}` : String(value);
}

export function toFormValues(attributes: Record<string, Attribute>, entry: Record<string, unknown>, components: Components): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (SYSTEM.has(name)) continue;
    const value = entry[name];
    switch (attribute.type) {
      case 'relation':
        if (isToMany(attribute)) out[name] = Array.isArray(value) ? value.map((v: Record<string, unknown>) => ({ id: Number(v.id), label: label(v, attribute.targetMainField) })) : [];
        else out[name] = value && typeof value === 'object' ? { id: Number((value as Entry).id), label: label(value as Record<string, unknown>, attribute.targetMainField) } : null;
        break;
      case 'component': {
        const schema = components.get(attribute.component ?? '');
        const one = (v: unknown) => (schema && v && typeof v === 'object' ? { id: (v as Entry).id, ...toFormValues(schema.attributes, v as Record<string, unknown>, components) } : null);
        out[name] = attribute.repeatable ? (Array.isArray(value) ? value.map(one) : []) : one(value);
        break;
      }
      case 'dynamiczone':
        out[name] = Array.isArray(value)
          ? value.map((item: Record<string, unknown>) => {
              const schema = components.get(String(item.__component));
              return { __component: item.__component, id: item.id, ...(schema ? toFormValues(schema.attributes, item, components) : {}) };
            })
          : [];
        break;
      default:
        out[name] = value ?? (attribute.type === 'boolean' ? false : null);
    }
  }
  return out;
}

export function emptyValues(attributes: Record<string, Attribute>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (SYSTEM.has(name)) continue;
    if (attribute.type === 'relation') out[name] = isToMany(attribute) ? [] : null;
    else if (attribute.type === 'dynamiczone') out[name] = [];
    else if (attribute.type === 'component') out[name] = attribute.repeatable ? [] : null;
    else if (attribute.type === 'media') out[name] = attribute.multiple ? [] : null;
    else out[name] = attribute.default ?? (attribute.type === 'boolean' ? false : null);
  }
  return out;
}

const mediaIds = (value: unknown): unknown => (Array.isArray(value) ? value.map((f: Entry) => f.id) : value && typeof value === 'object' ? (value as Entry).id : null);

type RelationBody = number | null | number[] | { connect: number[]; disconnect: number[] };

/**
 * What a save sends for a relation, on either side of it (the engine writes the owner's link
 * table): the list as shown for a new entry; for a stored one nothing when it is as loaded,
 * `connect` / `disconnect` when entries were only added at the end or taken out, and the whole
 * list when the editor reordered it.
 */
export function relationBody(attribute: Attribute, value: unknown, stored: unknown): RelationBody | undefined {
  if (!isToMany(attribute)) {
    const id = value ? (value as RelationValue).id : null;
    if (stored === undefined) return id;
    return id === (stored ? (stored as RelationValue).id : null) ? undefined : id;
  }
  const ids = ((value as RelationValue[] | null) ?? []).map((v) => v.id);
  if (stored === undefined) return ids;
  const before = ((stored as RelationValue[] | null) ?? []).map((v) => v.id);
  const now = new Set(ids);
  const kept = before.filter((id) => now.has(id));
  const disconnect = before.filter((id) => !now.has(id));
  const connect = ids.slice(kept.length);
  const keptInPlace = kept.every((id, index) => ids[index] === id) && connect.every((id) => !before.includes(id));
  if (!keptInPlace) return ids;
  return connect.length === 0 && disconnect.length === 0 ? undefined : { connect, disconnect };
}

/** The attribute types whose values the panel turns into a body itself (the rest are plugins'). */
const WRITTEN = new Set([
  ...['string', 'text', 'richtext', 'email', 'password', 'uid', 'integer', 'biginteger', 'float', 'decimal'],
  ...['date', 'time', 'datetime', 'timestamp', 'boolean', 'enumeration', 'json', 'relation', 'media', 'component', 'dynamiczone'],
]);

/** The body of a save; `stored` is the entry's values as loaded (left out for a new entry). */
export function toBody(attributes: Record<string, Attribute>, values: Record<string, unknown>, components: Components, stored?: Record<string, unknown>): Record<string, unknown> {
  return bodyOf(attributes, values, components, stored, stored !== undefined);
}

/**
 * `stored`: the values as loaded of this entry or component (undefined when new); relations go
 * as changes only at the entry's level (`relationChanges`), a component's whole.
 */
function bodyOf(
  attributes: Record<string, Attribute>,
  values: Record<string, unknown>,
  components: Components,
  stored: Record<string, unknown> | undefined,
  relationChanges: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = (schema: ComponentSchema | undefined, item: Record<string, unknown>, before: unknown) => (schema ? bodyOf(schema.attributes, item, components, storedItem(item, before), false) : {});
  for (const [name, attribute] of Object.entries(attributes)) {
    if (SYSTEM.has(name) || !(name in values)) continue;
    const value = values[name];
    if (!WRITTEN.has(attribute.type)) {
      // a plugin's type: sent only when its input changed it from what was loaded (or the default)
      if (!sameValue(value, stored ? stored[name] : (attribute.default ?? null))) out[name] = value;
      continue;
    }
    switch (attribute.type) {
      case 'relation': {
        const body = relationBody(attribute, value, relationChanges ? stored?.[name] : undefined);
        if (body !== undefined) out[name] = body;
        break;
      }
      case 'media':
        out[name] = mediaIds(value);
        break;
      case 'component': {
        const schema = components.get(attribute.component ?? '');
        const one = (v: unknown) => (schema && v ? withId(v as Record<string, unknown>, nested(schema, v as Record<string, unknown>, stored?.[name])) : null);
        out[name] = attribute.repeatable ? ((value as unknown[]) ?? []).map(one) : one(value);
        break;
      }
      case 'dynamiczone':
        out[name] = ((value as Array<Record<string, unknown>>) ?? []).map((item) => {
          const schema = components.get(String(item.__component));
          return { __component: item.__component, ...withId(item, nested(schema, item, stored?.[name])) };
        });
        break;
      case 'json':
        out[name] = value;
        break;
      case 'password':
        if (value) out[name] = value;
        break;
      default:
        out[name] = value === '' && !['string', 'text', 'richtext', 'email', 'uid'].includes(attribute.type) ? null : value;
    }
  }
  return out;
}

function withId(source: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  return typeof source.id === 'number' ? { id: source.id, ...body } : body;
}

/**
 * A stored component's values as loaded: `before` is the field's loaded value (one component, or
 * a list matched by `id` and, in a dynamic zone, `__component`); undefined for a new one.
 */
function storedItem(item: Record<string, unknown>, before: unknown): Record<string, unknown> | undefined {
  if (typeof item.id !== 'number') return undefined;
  const candidates = (Array.isArray(before) ? before : [before]) as Array<Record<string, unknown> | null | undefined>;
  return candidates.find((c) => c && c.id === item.id && c.__component === item.__component) ?? undefined;
}

/** equal as JSON: the values of a field as the API answered them and as an input left them */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
