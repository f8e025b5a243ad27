/**
 * Where an app keeps its code. Two layouts are read: platform's own, with `api/`,
 * `components/`, `policies/` and `middlewares/` at the app's root, and Strapi v4's, with the same
 * folders (and `index.js`, `extensions/`, `plugins/`) under `src/`. Both keep `config/`,
 * `database/migrations/`, `public/` and `.env` at the root. An app folder is in Strapi's layout
 * when it has `src/api` or `src/components`; a Strapi project copied as it is then runs unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BootError } from '../errors';

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The folder holding `api/`, `components/`, `policies/`, `middlewares/`: `src/` in Strapi's layout, else the app folder. */
export function appSourceDir(appDir: string): string {
  const src = path.join(appDir, 'src');
  return isDirectory(path.join(src, 'api')) || isDirectory(path.join(src, 'components')) ? src : appDir;
}

/** The folders content-types are looked for in, in both layouts, for a message that names them. */
export function contentTypeFolders(appDir: string): string[] {
  return [path.join(appDir, 'api'), path.join(appDir, 'src', 'api')];
}

/** Whether the app has a content-type schema (`<api folder>/<api>/content-types/<type>/schema.*`) in either layout. */
export function hasContentTypes(appDir: string): boolean {
  return contentTypeFolders(appDir).some((apiDir) => {
    if (!isDirectory(apiDir)) return false;
    return fs.readdirSync(apiDir).some((api) => {
      const typesDir = path.join(apiDir, api, 'content-types');
      if (!isDirectory(typesDir)) return false;
      return fs.readdirSync(typesDir).some((type) => fs.existsSync(path.join(typesDir, type)) && fs.readdirSync(path.join(typesDir, type)).some((f) => /^schema\.(json|js|ts)$/.test(f)));
    });
  });
}

/**
 * An app folder served without a single content-type answers 404 everywhere: a wrong `--app`
 * folder, or a project whose layout was not recognised. Serving one stops instead, naming where
 * content-types were looked for.
 */
export function assertServableApp(appDir: string): void {
  if (hasContentTypes(appDir)) return;
  const looked = contentTypeFolders(appDir)
    .map((dir) => `${path.relative(appDir, dir)}/<api>/content-types/<type>/schema.json`)
    .join(' nor in ');
  throw new BootError('APP_EMPTY', `The app folder ${appDir} has no content-types: none in ${looked} (is --app the folder holding config/ and src/ or api/?)`);
}
