/**
 * `platform openapi [--out FILE] [--public]`: the OpenAPI document (on stdout, or written to
 * FILE); `--public` keeps only what the public role may call.
 * `platform types [--out DIR]`: the content model's TypeScript declarations, written to
 * `DIR/index.d.ts` (default `types/generated` in the app folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineCommand, parseCommandArgs } from '@platform/core';
import type { DocumentationConfig } from './service';
import { writeTypes, TYPES_DIR } from './types/write-types';

const OPENAPI_HELP = `Usage: platform openapi [--out FILE] [--public] [--app DIR]

  Prints the OpenAPI 3.1 document of the app's API (every route of its plugins and its own).
  --out FILE   write it to FILE instead
  --public     only the routes the public role may call
`;

const TYPES_HELP = `Usage: platform types [--out DIR] [--app DIR]

  Writes TypeScript declarations of the content-types and components to DIR/index.d.ts
  (default: ${TYPES_DIR} in the app folder). platform develop rewrites them on every schema change.
`;

export const openapiCommand = defineCommand<{ out: string | null; public: boolean }, DocumentationConfig>({
  summary: 'print or write the OpenAPI document of the API',
  help: OPENAPI_HELP,
  parse(argv) {
    const { options } = parseCommandArgs(argv, { command: 'openapi', options: { out: 'string', public: 'boolean' } });
    return { out: typeof options.out === 'string' ? options.out : null, public: options.public === true };
  },
  async run(args, ctx, output) {
    const document = await ctx.service('plugin::documentation.openapi').document({ public: args.public });
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (args.out === null) {
      output.out(text.trimEnd());
      return;
    }
    const file = path.resolve(args.out);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    output.info(`Wrote ${file} (${Object.keys(document.paths).length} paths)`);
  },
});

export const typesCommand = defineCommand<{ out: string | null }, DocumentationConfig>({
  summary: 'write TypeScript declarations of the content model',
  help: TYPES_HELP,
  parse(argv) {
    const { options } = parseCommandArgs(argv, { command: 'types', options: { out: 'string' } });
    return { out: typeof options.out === 'string' ? options.out : null };
  },
  run(args, ctx, output) {
    const file = writeTypes(ctx.models, args.out === null ? path.join(ctx.appDir, TYPES_DIR) : path.resolve(args.out));
    output.info(`Wrote ${file.path}${file.changed ? '' : ' (unchanged)'}`);
  },
});
