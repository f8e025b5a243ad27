/**
 * The schema on disk, as Strapi v4 keeps it: under `platform develop` (NODE_ENV development, or
 * `writeSchemaFile: true`) the generated SDL is written to the app's `schema.graphql` whenever it
 * changed, for editors and codegen; `platform graphql:schema` prints it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineCommand, parseCommandArgs, type PluginContext } from '@platform/core';
import type { GraphqlConfig } from './types';

export const SCHEMA_FILE = 'schema.graphql';

export function shouldWriteSchemaFile(ctx: PluginContext<GraphqlConfig>): boolean {
  return ctx.config.writeSchemaFile ?? ctx.env('NODE_ENV') === 'development';
}

/** Writes the SDL when the file's content differs (so a watcher does not see a change for nothing). */
export function writeSchemaFile(appDir: string, sdl: string): boolean {
  const file = path.join(appDir, SCHEMA_FILE);
  const text = `${sdl}\n`;
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.writeFileSync(file, text);
  return true;
}

export const printSchemaCommand = defineCommand<Record<string, never>, GraphqlConfig>({
  summary: 'print the GraphQL schema (SDL) generated for the app',
  help: 'Usage: platform graphql:schema [--app DIR]\n\n  prints the schema the GraphQL endpoint serves, in SDL, on stdout\n',
  parse(argv) {
    parseCommandArgs(argv, { command: 'graphql:schema', options: {} });
    return {};
  },
  run(_args, ctx, output) {
    output.out(ctx.service('plugin::graphql.schema').print());
  },
});
