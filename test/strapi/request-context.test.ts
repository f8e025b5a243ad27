/**
 * `strapi.requestContext.get()` in an app whose only code is one lifecycles file, served by
 * `platform start` in a process of its own (no other app has loaded code there). Before Node 24
 * a request is answered inside a request scope only once the app has loaded code of its own
 * (plugins/strapi-compat/src/request-context.ts): the lifecycle must find the request all the
 * same, after an await, and the request it finds must be its own when requests overlap.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startProject, type ServedProject } from '../helpers/cli-process';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';

const DATABASE_CONFIG = `module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'sqlite') return { connection: { client, connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') } } };
  return { connection: { client, connection: { host: env('DATABASE_HOST'), port: env.int('DATABASE_PORT'), database: env('DATABASE_NAME'), user: env('DATABASE_USERNAME'), password: '' } } };
};
`;

const NOTE_SCHEMA = {
  kind: 'collectionType',
  collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' } },
};

// After an await (a later turn of the event loop), the request being answered names itself in a header.
const LIFECYCLES = `module.exports = {
  async afterFindMany() {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ctx = strapi.requestContext.get();
    ctx.set('x-answered-for', ctx.request.url);
  },
};
`;

function writeApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-request-context-'));
  const files: Record<string, string> = {
    'config/database.js': DATABASE_CONFIG,
    // no roles to grant: the content API is open
    'config/plugins.js': "module.exports = { 'users-permissions': { enabled: false } };\n",
    'api/note/content-types/note/schema.json': JSON.stringify(NOTE_SCHEMA),
    'api/note/content-types/note/lifecycles.js': LIFECYCLES,
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

function databaseEnv(database: TestDatabase): NodeJS.ProcessEnv {
  if (database.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite' };
  const { host, port, user } = database.config.connection.connection as { host: string; port: number; user: string };
  return { DATABASE_CLIENT: database.client, DATABASE_HOST: host, DATABASE_PORT: String(port), DATABASE_NAME: database.name, DATABASE_USERNAME: user };
}

for (const client of testClients()) {
  describe(`strapi.requestContext in an app whose only code is a lifecycles file (${client})`, function () {
    this.timeout(60000);
    let appDir: string;
    let database: TestDatabase;
    let project: ServedProject | undefined;

    before(async () => {
      database = await createTestDatabase(client);
      appDir = writeApp();
      project = await startProject(appDir, databaseEnv(database));
    });
    after(async () => {
      await project?.stop();
      await database?.drop();
      if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
    });

    it('gives the lifecycle the request it runs in, for each of 20 overlapping requests', async () => {
      const url = (project as ServedProject).url;
      const paths = Array.from({ length: 20 }, (_, i) => `/api/notes?pagination[page]=${i + 1}`);
      const answers = await Promise.all(
        paths.map(async (p) => {
          const response = await fetch(url + p);
          return { status: response.status, answeredFor: response.headers.get('x-answered-for'), body: await response.json() };
        }),
      );
      expect(answers).to.deep.equal(
        paths.map((p, i) => ({
          status: 200,
          answeredFor: p,
          body: { data: [], meta: { pagination: { page: i + 1, pageSize: 25, pageCount: 0, total: 0 } } },
        })),
      );
    });
  });
}
