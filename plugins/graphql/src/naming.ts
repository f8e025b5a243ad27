/**
 * Strapi v4's GraphQL names, derived from a model the way its shadow CRUD does, so a frontend's
 * documents keep working: `Article`, `UploadFile`, `I18NLocale`, `ComponentSharedSeo`,
 * `ENUM_ARTICLE_STATUS`, queries `article`/`articles`, mutations `createArticle`...
 */
import camelCase from 'lodash/camelCase';
import upperFirst from 'lodash/upperFirst';
import lowerFirst from 'lodash/lowerFirst';
import type { Model } from '@platform/core';

/** the names of an app's models, converted once: resolvers ask for them on every request */
const pascalNames = new Map<string, string>();

function pascal(value: string): string {
  let name = pascalNames.get(value);
  if (name === undefined) {
    name = upperFirst(camelCase(value));
    pascalNames.set(value, name);
  }
  return name;
}

/** `api::article.article` -> `Article`; `plugin::upload.file` -> `UploadFile`; `shared.seo` -> `ComponentSharedSeo` */
export function typeName(model: Model): string {
  if (model.kind === 'component') return pascal(`component_${model.uid}`);
  if (model.namespace === 'plugin') return pascal(pluginOf(model.uid)) + pascal(model.singularName);
  return pascal(model.singularName);
}

/** The plural form used for the list query: `Articles`, `UploadFiles`. */
export function pluralTypeName(model: Model): string {
  if (model.namespace === 'plugin') return pascal(pluginOf(model.uid)) + pascal(model.pluralName);
  return pascal(model.pluralName);
}

function pluginOf(uid: string): string {
  return uid.slice('plugin::'.length, uid.indexOf('.'));
}

export const entityName = (model: Model) => `${typeName(model)}Entity`;
export const entityResponseName = (model: Model) => `${typeName(model)}EntityResponse`;
export const entityResponseCollectionName = (model: Model) => `${typeName(model)}EntityResponseCollection`;
export const relationResponseCollectionName = (model: Model) => `${typeName(model)}RelationResponseCollection`;
export const inputName = (model: Model) => `${typeName(model)}Input`;
export const filtersInputName = (model: Model) => `${typeName(model)}FiltersInput`;

/** `ENUM_ARTICLE_STATUS`, or the attribute's own `enumName` */
export function enumName(model: Model, attribute: string, explicit?: unknown): string {
  if (typeof explicit === 'string' && explicit) return explicit;
  return `ENUM_${typeName(model).toUpperCase()}_${attribute.toUpperCase()}`;
}

/**
 * An enumeration value as a GraphQL enum value: itself when it is a valid name (`draft`), else
 * with every other character as `_` and a leading `_` before a digit (`read-only` -> `read_only`);
 * the stored value stays the original.
 */
export function enumValueName(value: string): string {
  const name = value.replace(/[^_a-zA-Z0-9]/g, '_');
  return /^[0-9]/.test(name) || name === '' ? `_${name}` : name;
}

/** `ArticleBlocksDynamicZone` and its input scalar `ArticleBlocksDynamicZoneInput` */
export const dynamicZoneName = (model: Model, attribute: string) => `${typeName(model)}${pascal(attribute)}DynamicZone`;

/** The root fields of a content-type. */
export function operationNames(model: Model) {
  const name = typeName(model);
  return {
    findOne: lowerFirst(name),
    find: lowerFirst(pluralTypeName(model)),
    create: `create${name}`,
    update: `update${name}`,
    delete: `delete${name}`,
  };
}
