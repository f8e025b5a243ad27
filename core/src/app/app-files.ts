/**
 * Reads an app's per-api folders (`api/<api>/{routes,controllers,services,policies,middlewares}`),
 * its global `policies/` and the `lifecycles` files beside its content-type schemas, as raw modules. The app loader
 * (./register-app.ts) gives them their meaning, in one place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findModuleFile, listModuleFiles, loadUserModule } from '../config/load-module';
import type { SchemaSet } from '../schema/types';
import { appSourceDir } from './app-layout';

export interface AppFile {
  /** the file's base name */
  name: string;
  /** `api::<api>.<name>` */
  uid: string;
  file: string;
  exported: unknown;
}

export interface AppApiFiles {
  apiName: string;
  routes: AppFile[];
  controllers: AppFile[];
  services: AppFile[];
  policies: AppFile[];
  middlewares: AppFile[];
}

export interface AppLifecycleFile {
  /** the content-type's uid */
  uid: string;
  file: string;
  exported: unknown;
}

export function loadAppApiFiles(appDir: string): AppApiFiles[] {
  const apiDir = path.join(appSourceDir(appDir), 'api');
  if (!fs.existsSync(apiDir)) return [];
  const out: AppApiFiles[] = [];
  for (const apiName of fs.readdirSync(apiDir).sort()) {
    const base = path.join(apiDir, apiName);
    if (!fs.statSync(base).isDirectory()) continue;
    const read = (folder: string): AppFile[] => [...listModuleFiles(path.join(base, folder))].map(([name, file]) => ({ name, uid: `api::${apiName}.${name}`, file, exported: loadUserModule(file) }));
    out.push({
      apiName,
      routes: read('routes'),
      controllers: read('controllers'),
      services: read('services'),
      policies: read('policies'),
      middlewares: read('middlewares'),
    });
  }
  return out;
}

/** The app's global policies, `policies/<name>.ts` beside `api/`: `global::<name>`. */
export function loadGlobalPolicyFiles(appDir: string): AppFile[] {
  return [...listModuleFiles(path.join(appSourceDir(appDir), 'policies'))].map(([name, file]) => ({ name, uid: `global::${name}`, file, exported: loadUserModule(file) }));
}

/** `lifecycles.{ts,js}` beside each app content-type schema (Strapi v4 style). */
export function loadLifecycleFiles(schemas: SchemaSet): AppLifecycleFile[] {
  const out: AppLifecycleFile[] = [];
  for (const ct of schemas.contentTypes.values()) {
    if (ct.namespace !== 'api') continue;
    const file = findModuleFile(path.dirname(ct.source.file), 'lifecycles');
    if (!file || file.endsWith('.json')) continue;
    out.push({ uid: ct.uid, file, exported: loadUserModule(file) });
  }
  return out;
}
