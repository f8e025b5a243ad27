/**
 * What a Strapi v4 project's `package.json` asks for, read once at start-up: each `@strapi/*`
 * package (and `strapi-plugin-*` community plugin) is either one of the platform's plugins, a
 * part of Strapi this platform serves without a plugin of that name, a part with nothing to do on
 * the server (the admin panel's build), or unknown. The log says which, so a team moving a project
 * sees at once what runs and what does not; an unknown plugin is a warning, never a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isPlainObject } from '@platform/core';

/** Strapi's package -> the platform plugin that serves it. */
export const MAPPED_PLUGINS: Readonly<Record<string, string>> = {
  '@strapi/plugin-i18n': 'i18n',
  '@strapi/plugin-graphql': 'graphql',
  '@strapi/plugin-users-permissions': 'users-permissions',
  '@strapi/plugin-upload': 'upload',
  '@strapi/plugin-documentation': 'documentation',
  '@strapi/plugin-content-manager': 'content-manager',
  '@strapi/plugin-email': 'email',
};

/** Strapi's packages whose part the platform serves without a plugin of that name (or that the server does not need). */
export const BUILT_IN: Readonly<Record<string, string>> = {
  '@strapi/strapi': 'the platform itself (require("@strapi/strapi") resolves to the strapi-compat plugin)',
  '@strapi/utils': 'the strapi-compat plugin (errors, sanitize)',
  '@strapi/plugin-content-type-builder': 'content-manager (the read-only content-type-builder endpoints)',
  '@strapi/plugin-cloud': 'nothing on the server (Strapi Cloud only)',
  '@strapi/admin': 'the admin plugin',
  '@strapi/provider-upload-local': 'upload (files stored under public/uploads)',
  '@strapi/provider-email-nodemailer': 'email (its built-in nodemailer provider)',
  '@strapi/provider-email-sendmail': 'email (its built-in sendmail provider)',
};

const EMAIL_PROVIDER_PREFIX = '@strapi/provider-email-';

export interface StrapiPackageReport {
  /** `@strapi/plugin-i18n -> i18n`, one per mapped package */
  mapped: string[];
  /** packages that look like Strapi plugins and that no platform plugin serves */
  unknown: string[];
  /** whether the manifest names any Strapi package at all */
  isStrapiProject: boolean;
}

/** `@strapi/plugin-seo`, `strapi-plugin-ckeditor`, `@strapi-community/plugin-x`, a provider: anything of Strapi's world. */
function looksLikeStrapiPlugin(name: string): boolean {
  return name.includes('strapi');
}

export function readStrapiPackages(appDir: string, enabled: (plugin: string) => boolean): StrapiPackageReport {
  const report: StrapiPackageReport = { mapped: [], unknown: [], isStrapiProject: false };
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  } catch {
    return report;
  }
  const dependencies = isPlainObject(manifest) && isPlainObject(manifest.dependencies) ? Object.keys(manifest.dependencies) : [];
  report.isStrapiProject = dependencies.some((name) => name.startsWith('@strapi/'));
  if (!report.isStrapiProject) return report;
  for (const name of dependencies) {
    const plugin = MAPPED_PLUGINS[name];
    if (plugin) report.mapped.push(`${name} -> ${plugin}${enabled(plugin) ? '' : ' (not enabled)'}`);
    else if (name in BUILT_IN) report.mapped.push(`${name} -> ${BUILT_IN[name]}`);
    // the email plugin loads Strapi's email providers from the app's node_modules, as Strapi does
    else if (name.startsWith(EMAIL_PROVIDER_PREFIX)) report.mapped.push(`${name} -> email (a provider package of the app's folder)`);
    else if (looksLikeStrapiPlugin(name)) report.unknown.push(name);
  }
  return report;
}
