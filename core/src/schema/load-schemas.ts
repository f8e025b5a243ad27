/**
 * Finds the app's schema files: `api/<api>/content-types/<type>/schema.{json,ts,js}` and
 * `components/<category>/<name>.{json,ts,js}`, in the unchanged Strapi v4 format, at the app's
 * root or under `src/` (../app/app-layout.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { appSourceDir } from '../app/app-layout';
import { findModuleFile, listModuleFiles, loadUserModule } from '../config/load-module';
import type { ComponentSchema, ContentTypeSchema, LoadedComponent, LoadedContentType, SchemaSet } from './types';

function subdirs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function loadAppSchemas(appDir: string): SchemaSet {
  const contentTypes = new Map<string, LoadedContentType>();
  const components = new Map<string, LoadedComponent>();
  const sourceDir = appSourceDir(appDir);
  const apiDir = path.join(sourceDir, 'api');
  for (const apiName of subdirs(apiDir)) {
    const ctDir = path.join(apiDir, apiName, 'content-types');
    for (const typeName of subdirs(ctDir)) {
      const file = findModuleFile(path.join(ctDir, typeName), 'schema');
      if (!file) continue;
      const schema = loadUserModule(file, { appCode: false }) as ContentTypeSchema;
      const uid = `api::${apiName}.${schema?.info?.singularName ?? typeName}`;
      contentTypes.set(uid, { uid, namespace: 'api', apiName, schema, source: { file } });
    }
  }
  const compDir = path.join(sourceDir, 'components');
  for (const category of subdirs(compDir)) {
    for (const [name, file] of listModuleFiles(path.join(compDir, category))) {
      const schema = loadUserModule(file, { appCode: false }) as ComponentSchema;
      const uid = `${category}.${name}`;
      components.set(uid, { uid, category, schema, source: { file } });
    }
  }
  return { contentTypes, components };
}
