/**
 * `platform generate <kind> <name>`: writes the files of an api, a content-type, a controller,
 * a service, a policy, a middleware or a plugin into the app, where Strapi v4 puts them (without
 * its `src/` level: `api/`, `middlewares/`, `config/`). A running `platform develop` sees the
 * new files and restarts. An existing file is never overwritten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../cli/command-args';
import { CliUsageError } from '../cli/usage-error';
import * as templates from './generate-templates';
import { addLocalPlugin } from '../cli/plugins-file';

export const GENERATE_HELP = `Usage: platform generate <kind> <name> [options] [--app DIR]

Kinds:
  api <name>                    api/<name>/{controllers,routes,services}/<name>.ts: a custom route
                                GET /api/<name> answered by a controller action
  content-type <name>           api/<api>/content-types/<name>/schema.json; the REST routes follow
      --api API                 the api folder (default: the name)
      --plural NAME             the plural name (default: the name + s)
      --single                  a single type instead of a collection type
      --draft-and-publish       drafts and publication (options.draftAndPublish)
      --attributes LIST         name:type pairs, comma-separated (title:string,body:richtext)
  controller <name> --api API   api/<api>/controllers/<name>.ts
  service <name> --api API      api/<api>/services/<name>.ts
  policy <name> --api API       api/<api>/policies/<name>.ts
  middleware <name> [--api API] middlewares/<name>.ts (list it as 'global::<name>' in
                                config/middlewares.ts), or api/<api>/middlewares/<name>.ts
  plugin <name>                 plugins-local/<name>/ (package.json, index.ts), enabled in
                                config/plugins.ts with resolve: './plugins-local/<name>'

Names are kebab-case (blog-post). Existing files are left alone: the command stops naming them.
`;

const KINDS = ['api', 'content-type', 'controller', 'service', 'policy', 'middleware', 'plugin'] as const;
type Kind = (typeof KINDS)[number];
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export interface GenerateArgs {
  kind: Kind;
  name: string;
  api?: string;
  plural?: string;
  single: boolean;
  draftAndPublish: boolean;
  attributes: Record<string, { type: string }>;
}

export function parseGenerateArgs(argv: string[]): GenerateArgs {
  const { options, positionals } = parseCommandArgs(argv, {
    command: 'generate',
    options: { api: 'string', plural: 'string', single: 'boolean', 'draft-and-publish': 'boolean', attributes: 'string' },
    positionals: ['kind', 'name'],
  });
  const [kind, name] = positionals;
  if (!(KINDS as readonly string[]).includes(kind)) throw new CliUsageError(`generate: unknown kind "${kind}" (one of ${KINDS.join(', ')}; platform generate --help)`);
  for (const [what, value] of [
    ['name', name],
    ['--api', options.api],
    ['--plural', options.plural],
  ] as const) {
    if (typeof value === 'string' && !NAME.test(value)) throw new CliUsageError(`generate: ${what} "${value}" must be kebab-case (blog-post)`);
  }
  const api = options.api as string | undefined;
  if (['controller', 'service', 'policy'].includes(kind) && !api) throw new CliUsageError(`generate ${kind}: --api API is required (the api folder it belongs to)`);
  return {
    kind: kind as Kind,
    name,
    api,
    plural: options.plural as string | undefined,
    single: options.single === true,
    draftAndPublish: options['draft-and-publish'] === true,
    attributes: parseAttributes(options.attributes as string | undefined),
  };
}

function parseAttributes(raw: string | undefined): Record<string, { type: string }> {
  const attributes: Record<string, { type: string }> = {};
  for (const pair of (raw ?? '').split(',').filter(Boolean)) {
    const [name, type] = pair.split(':').map((part) => part.trim());
    if (!name || !type || !/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name)) throw new CliUsageError(`generate: --attributes takes name:type pairs (title:string,body:richtext), got "${pair}"`);
    attributes[name] = { type };
  }
  return attributes;
}

/** A file to write, relative to the app. */
interface PlannedFile {
  file: string;
  content: string;
}

export function plannedFiles(args: GenerateArgs): PlannedFile[] {
  const { name } = args;
  const api = args.api ?? name;
  const apiPath = (folder: string, file = `${name}.ts`) => path.join('api', api, folder, file);
  switch (args.kind) {
    case 'api':
      return [
        { file: apiPath('controllers'), content: templates.controllerFile(name) },
        { file: apiPath('routes'), content: templates.routesFile(name, `/${name}`) },
        { file: apiPath('services'), content: templates.serviceFile(name) },
      ];
    case 'content-type': {
      const schema = templates.schemaFile({
        kind: args.single ? 'singleType' : 'collectionType',
        singularName: name,
        pluralName: args.plural ?? pluralOf(name),
        displayName: displayNameOf(name),
        draftAndPublish: args.draftAndPublish,
        attributes: args.attributes,
      });
      return [{ file: path.join('api', api, 'content-types', name, 'schema.json'), content: schema }];
    }
    case 'controller':
      return [{ file: apiPath('controllers'), content: templates.controllerFile(name) }];
    case 'service':
      return [{ file: apiPath('services'), content: templates.serviceFile(name) }];
    case 'policy':
      return [{ file: apiPath('policies'), content: templates.policyFile(name) }];
    case 'middleware':
      return [{ file: args.api ? apiPath('middlewares') : path.join('middlewares', `${name}.ts`), content: templates.middlewareFile(name) }];
    case 'plugin':
      return [
        { file: path.join('plugins-local', name, 'package.json'), content: templates.pluginPackageFile(name) },
        { file: path.join('plugins-local', name, 'index.ts'), content: templates.pluginIndexFile(name) },
      ];
  }
}

/** Writes the files (none if any exists already) and says what it did. */
export function generate(appDir: string, args: GenerateArgs, say: (line: string) => void): void {
  const files = plannedFiles(args);
  const existing = files.filter(({ file }) => fs.existsSync(path.join(appDir, file)));
  if (existing.length) throw new CliUsageError(`generate: ${existing.map((f) => f.file).join(', ')} already exists; nothing was written`);
  for (const { file, content } of files) {
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    fs.writeFileSync(path.join(appDir, file), content);
    say(`created ${file}`);
  }
  if (args.kind === 'plugin') say(addLocalPlugin(appDir, args.name, `./plugins-local/${args.name}`));
  if (args.kind === 'middleware' && !args.api) say(`list it in config/middlewares.ts as 'global::${args.name}' to run it on every request`);
}

/** Strapi's generator asks for the plural; without one, the common English rules. */
export function pluralOf(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

function displayNameOf(name: string): string {
  const [first = '', ...rest] = name.split('-');
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}
