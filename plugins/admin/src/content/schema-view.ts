/**
 * What the content manager shows of the schemas (`GET /content-manager/content-types` and
 * `/components`): each type's kind, names, attributes as written (after plugins extended them)
 * and the attribute a relation picker shows (its main field, Strapi's default: the first
 * string attribute).
 */
import type { Model, PluginContext } from '@platform/core';
import { editableContentTypes } from '../permissions/roles-setup';

const TEXT_TYPES = new Set(['string', 'text', 'email', 'uid', 'enumeration']);

export function mainField(model: Model): string {
  for (const field of model.fields.values()) {
    if (field.kind === 'scalar' && TEXT_TYPES.has(field.type) && !field.attribute.private) return field.name;
  }
  return 'id';
}

function info(ctx: PluginContext, model: Model): Record<string, unknown> {
  const loaded = model.kind === 'component' ? ctx.schemas.components.get(model.uid) : ctx.schemas.contentTypes.get(model.uid);
  const written = (loaded?.schema as { info?: Record<string, unknown> } | undefined)?.info ?? {};
  return { displayName: written.displayName ?? model.singularName, singularName: model.singularName, pluralName: model.pluralName, description: written.description ?? '', icon: written.icon };
}

/** attributes as the panel needs them: relations name their target's main field */
function attributes(ctx: PluginContext, model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if ((attribute as { private?: boolean }).private && attribute.type === 'password') continue;
    const shown: Record<string, unknown> = { ...attribute };
    const field = model.fields.get(name);
    if (field?.kind === 'relation' && ctx.models.has(field.target)) shown.targetMainField = mainField(ctx.models.get(field.target));
    out[name] = shown;
  }
  return out;
}

export function contentTypeView(ctx: PluginContext, model: Model) {
  return {
    uid: model.uid,
    kind: model.kind,
    apiID: model.singularName,
    isDisplayed: true,
    info: info(ctx, model),
    options: { draftAndPublish: model.options.draftAndPublish === true, localized: (model.pluginOptions as { i18n?: { localized?: boolean } }).i18n?.localized === true },
    mainField: mainField(model),
    attributes: attributes(ctx, model),
  };
}

export function contentTypesView(ctx: PluginContext) {
  return editableContentTypes(ctx).map((model) => contentTypeView(ctx, model));
}

export function componentsView(ctx: PluginContext) {
  return ctx.models.components().map((model) => ({
    uid: model.uid,
    category: model.uid.split('.')[0],
    info: info(ctx, model),
    mainField: mainField(model),
    attributes: attributes(ctx, model),
  }));
}

/**
 * The populate of an edit view: every relation and media attribute (one level), every
 * component and dynamic zone with what is inside them, to the bottom (schemas cannot nest
 * components without end: the kernel refuses cycles).
 */
export function editPopulate(ctx: PluginContext, model: Model, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields.values()) {
    if (field.kind === 'relation' || field.kind === 'extension') out[field.name] = true;
    else if (field.kind === 'component' && depth < 8) {
      const inner = editPopulate(ctx, ctx.models.get(field.component), depth + 1);
      out[field.name] = Object.keys(inner).length > 0 ? { populate: inner } : true;
    } else if (field.kind === 'dynamiczone' && depth < 8) {
      const on: Record<string, unknown> = {};
      for (const uid of field.components) {
        const inner = editPopulate(ctx, ctx.models.get(uid), depth + 1);
        on[uid] = Object.keys(inner).length > 0 ? { populate: inner } : true;
      }
      out[field.name] = { on };
    }
  }
  return out;
}
