/** The files of a new app (./new-app.ts). */
import type { NewAppExample } from '../kernel/plugin';

/** A plugin's part of the new app's config/plugins.ts. */
export interface PluginEntry {
  name: string;
  config: Record<string, unknown>;
  /** what it does, in a sentence (a comment above it, and a line of the README) */
  note?: string;
}

export function packageFile(name: string, dependencies: Record<string, string>): string {
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    scripts: { develop: 'platform develop', start: 'platform start' },
    dependencies,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export const SERVER_CONFIG = `import type { EnvFn } from '@platform/core';

export default ({ env }: { env: EnvFn }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
});
`;

export const DATABASE_CONFIG = `import type { EnvFn } from '@platform/core';

// SQLite in .tmp/ by default; DATABASE_CLIENT=mysql or postgres with the DATABASE_* variables.
export default ({ env }: { env: EnvFn }) => {
  // sqlite, mysql or postgres, or a name the kernel takes for one of them (sqlite3,
  // better-sqlite3, mysql2, mariadb, pg, postgresql); any other stops start-up naming them
  const client = String(env('DATABASE_CLIENT', 'sqlite'));
  if (['sqlite', 'sqlite3', 'better-sqlite3'].includes(client)) {
    return { connection: { client: 'sqlite', connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') } } };
  }
  const defaults = ['postgres', 'postgresql', 'pg'].includes(client) ? { port: 5432, user: 'postgres' } : { port: 3306, user: 'root' };
  return {
    connection: {
      client,
      connection: {
        host: env('DATABASE_HOST', '127.0.0.1'),
        port: env.int('DATABASE_PORT', defaults.port),
        database: env('DATABASE_NAME', 'platform'),
        user: env('DATABASE_USERNAME', defaults.user),
        password: env('DATABASE_PASSWORD', ''),
      },
      pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
    },
    statementTimeout: env.int('DATABASE_STATEMENT_TIMEOUT', 5000),
  };
};
`;

export const API_CONFIG = `export default {
  rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true },
};
`;

const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** A value as TypeScript source: JSON with single-quoted strings, and keys unquoted where they can be. */
function source(value: unknown, indent: string): string {
  if (Array.isArray(value)) return `[${value.map((item) => source(item, indent)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const inner = `${indent}  `;
    const lines = Object.entries(value).map(([key, item]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${source(item, inner)},`);
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}

export function pluginsConfig(entries: PluginEntry[]): string {
  const lines = entries.flatMap((entry) => [...(entry.note ? [`  // ${entry.note}`] : []), `  ${quote(entry.name)}: ${source({ config: entry.config }, '  ')},`]);
  return `import type { EnvFn } from '@platform/core';

// Each installed plugin is on. Switch one off with { '<name>': { enabled: false } }, configure
// it with { '<name>': { config: { ... } } } (the platform's docs list each plugin's keys).
export default ({ env }: { env: EnvFn }) => ({
${lines.map((line) => `${line}\n`).join('')}});
`;
}

export const ARTICLE_SCHEMA = `${JSON.stringify(
  {
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article', description: 'An example content-type' },
    options: { draftAndPublish: false },
    pluginOptions: {},
    attributes: {
      title: { type: 'string', required: true },
      body: { type: 'richtext' },
      views: { type: 'integer', default: 0 },
    },
  },
  null,
  2,
)}\n`;

export function envFile(secrets: Record<string, string>): string {
  const lines = ['HOST=0.0.0.0', 'PORT=1337', ...Object.entries(secrets).map(([name, value]) => `${name}=${value}`)];
  return `# Local settings and secrets: never commit this file.\n${lines.join('\n')}\n`;
}

export const GITIGNORE = `node_modules/
.tmp/
.env
public/uploads/
`;

export function readme(name: string, dir: string, entries: PluginEntry[], example: NewAppExample): string {
  const notes = entries.flatMap((entry) => (entry.note ? [`- ${entry.name}: ${entry.note} (\`config/plugins.ts\`).`] : []));
  return `# ${name}

An app of the platform: a headless CMS answering the Strapi v4 Content API.

\`\`\`sh
npm install                      # links the platform's packages (file: paths in package.json)
npm run develop                  # serves http://localhost:1337, restarts on change
curl localhost:1337${example.path}
\`\`\`

\`platform develop --app ${dir}\`, run from the platform's own folder, serves it too.
The \`@platform/*\` dependencies point at the packages of the platform this app was made with
(\`file:\` paths relative to this folder): keep both folders where they are, or change the
paths in \`package.json\` and run \`npm install\` again.
${notes.length > 0 ? `\nWhat the plugins set up so that the example answers at once:\n\n${notes.join('\n')}\n` : ''}
With an authentication plugin enabled, the API is private until \`config/plugins.ts\` grants
the public role what it may call; switched off, every route is public.

- \`api/<api>/content-types/<type>/schema.json\`: content-types in Strapi v4's format
  (\`platform generate content-type <name>\` writes one).
- \`config/\`: server, database (SQLite in \`.tmp/\` unless \`DATABASE_CLIENT\` says otherwise), api, plugins.
- \`.env\`: \`PORT\`, \`HOST\` and the secrets; the process environment wins over it.
- \`database/migrations/\`: scripts run once each, in name order, at start.

\`platform generate --help\` lists what else can be generated; \`platform --help\` the commands
and environment variables.
`;
}
