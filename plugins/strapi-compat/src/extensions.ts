/**
 * Strapi v4's `src/extensions/<plugin>/content-types/<type>/schema.json`: a project's version of
 * a plugin's content-type (the users-permissions user with a `job`, a picture and the relations
 * other types are `inversedBy`). Its attributes are laid over the plugin's own, so one the
 * project adds is stored, answered and related like any other, and one it leaves out keeps the
 * plugin's definition; its `info`, `options` and `pluginOptions` are merged the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findModuleFile, isPlainObject, loadUserModule, type ContentTypeSchema, type SchemaSet } from '@platform/core';
import { errors } from './errors';

function subdirs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export interface ContentTypeExtension {
  uid: string;
  file: string;
  schema: Partial<ContentTypeSchema>;
}

/** Every `src/extensions/<plugin>/content-types/<type>/schema.*` of the app. */
export function readContentTypeExtensions(appDir: string): ContentTypeExtension[] {
  const root = path.join(appDir, 'src', 'extensions');
  const out: ContentTypeExtension[] = [];
  for (const plugin of subdirs(root)) {
    const typesDir = path.join(root, plugin, 'content-types');
    for (const type of subdirs(typesDir)) {
      const file = findModuleFile(path.join(typesDir, type), 'schema');
      if (!file) continue;
      const schema = loadUserModule(file, { appCode: false });
      if (!isPlainObject(schema)) throw errors.boot('EXTENSION_INVALID', `${file}: a content-type extension exports a schema object`);
      out.push({ uid: `plugin::${plugin}.${type}`, file, schema: schema as Partial<ContentTypeSchema> });
    }
  }
  return out;
}

function merged<T>(base: T | undefined, over: unknown): T {
  return { ...((base ?? {}) as object), ...(isPlainObject(over) ? over : {}) } as T;
}

/** Lays each extension over its plugin's content-type; one for a type no enabled plugin has stops start-up. */
export function applyContentTypeExtensions(schemas: SchemaSet, extensions: ContentTypeExtension[], appDir: string): void {
  for (const { uid, file, schema } of extensions) {
    const target = schemas.contentTypes.get(uid);
    if (!target) {
      throw errors.boot('EXTENSION_INVALID', `${path.relative(appDir, file)}: extends "${uid}", which no enabled plugin provides`);
    }
    const base = target.schema;
    target.schema = {
      ...base,
      info: merged(base.info, schema.info),
      options: merged(base.options, schema.options),
      pluginOptions: merged(base.pluginOptions, schema.pluginOptions),
      attributes: merged(base.attributes, schema.attributes),
    };
  }
}
