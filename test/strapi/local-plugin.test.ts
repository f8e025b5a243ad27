/**
 * A Strapi v4 local plugin (test/fixtures/strapi-local-plugin-project: `src/plugins/bookmarks`,
 * named by `resolve` in config/plugins.js, `strapi-server.js` requiring `./server`) served by
 * `platform start --app <folder>` on each test database: its content-type gets its table, its
 * content-API routes answer behind the permissions the project's bootstrap grants, its admin
 * routes are mounted under `/bookmarks`, its service and controller are reached through
 * `strapi.plugin('bookmarks')` from its own code and the project's, its register, bootstrap and
 * destroy run with `{ strapi }`, and its `config.default` is merged under the project's config
 * and checked by its `config.validator`. Then the boot errors: a `resolve` folder that is no
 * plugin of either kind, and a config the validator refuses.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { expect } from 'chai';
import { copyProject, runPlatform, startProject, type ServedProject } from '../helpers/cli-process';
import { createTestDatabase, databaseEnv, testClients, type TestDatabase } from '../helpers/databases';
import { knexClient } from '../helpers/boot-platform';

const FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'strapi-local-plugin-project');

async function json(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

function post(url: string, data: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
}

const copyFixture = () => copyProject(FIXTURE, 'platform-strapi-local-plugin-');

for (const client of testClients()) {
  describe(`a Strapi v4 local plugin in src/plugins/ (${client})`, function () {
    this.timeout(90000);
    let base: string;
    let appDir: string;
    let database: TestDatabase;
    let project: ServedProject | undefined;
    let url: string;
    let db: Knex;

    before(async () => {
      database = await createTestDatabase(client);
      ({ base, appDir } = copyFixture());
      // read by the plugin's config.default through `{ env }`, as the project's config files read it
      fs.writeFileSync(path.join(appDir, '.env'), 'BOOKMARKS_BLOCK_WITH=stop\n');
      project = await startProject(appDir, { LOG_LEVEL: 'info', ...databaseEnv(database) });
      url = project.url;
      db = knexFactory({ ...knexClient(client), connection: { ...(database.config.connection.connection as Record<string, unknown>) } });
    });
    after(async () => {
      await project?.stop();
      await db?.destroy();
      await database?.drop();
      if (base) fs.rmSync(base, { recursive: true, force: true });
    });

    it("ran its register and bootstrap with { strapi } before the project's bootstrap, and merged its config.default (given the app's env) under the project's config", async () => {
      expect(await json(await fetch(`${url}/api/bookmarks/info`))).to.deep.equal({
        status: 200,
        body: { steps: ['register', 'bootstrap', 'project bootstrap'], config: { maxTitle: 24, prefix: '# ', blockWith: 'stop' } },
      });
    });

    it("stores its content-type in the table its collectionName names, written by its own bootstrap and by the project's code through strapi.plugin()", async () => {
      const rows = await db('bookmarks_items').orderBy('id').select('id', 'title', 'url', 'clicks');
      expect(rows).to.deep.equal([
        { id: 1, title: '# Strapi docs', url: 'https://docs.strapi.io', clicks: 0 },
        { id: 2, title: '# Added by the project', url: 'https://example.com/project', clicks: 0 },
      ]);
    });

    it('answers its content-API routes under /api/<plugin> with the permissions the public role was granted', async () => {
      expect(await json(await fetch(`${url}/api/bookmarks/bookmarks`))).to.deep.equal({
        status: 200,
        body: {
          data: [
            { id: 1, title: '# Strapi docs', url: 'https://docs.strapi.io', clicks: 0 },
            { id: 2, title: '# Added by the project', url: 'https://example.com/project', clicks: 0 },
          ],
        },
      });
      const created = await json(await post(`${url}/api/bookmarks/bookmarks`, { title: 'Platform', url: 'https://example.com/platform' }));
      expect(created).to.deep.equal({ status: 200, body: { data: { id: 3, title: '# Platform', url: 'https://example.com/platform' } } });
      expect(await db('bookmarks_items').where({ id: 3 }).first('title', 'url', 'clicks')).to.deep.equal({ title: '# Platform', url: 'https://example.com/platform', clicks: 0 });
      const granted = await db('up_permissions as p')
        .join('up_permissions_role_links as l', 'l.permission_id', 'p.id')
        .join('up_roles as r', 'r.id', 'l.role_id')
        .where('r.type', 'public')
        .where('p.action', 'like', 'plugin::bookmarks.%')
        .orderBy('p.action')
        .pluck('p.action');
      expect(granted).to.deep.equal(['plugin::bookmarks.bookmark.create', 'plugin::bookmarks.bookmark.find']);
    });

    it("runs its route's policy and middleware, named as the plugin's own", async () => {
      const listed = await fetch(`${url}/api/bookmarks/bookmarks`);
      expect(listed.status).to.equal(200);
      expect(listed.headers.get('x-bookmarks-count')).to.equal(String((await db('bookmarks_items').count({ n: '*' }).first())?.n));
      expect(await json(await fetch(`${url}/api/bookmarks/bookmarks`, { headers: { 'x-block': 'stop' } }))).to.deep.equal({
        status: 403,
        body: { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } },
      });
    });

    it('runs the lifecycles beside its schema', async () => {
      const created = await json(await post(`${url}/api/bookmarks/bookmarks`, { title: 'No url' }));
      const id = (created.body as { data: { id: number } }).data.id;
      expect(created).to.deep.equal({ status: 200, body: { data: { id, title: '# No url', url: 'about:blank' } } });
      expect(await db('bookmarks_items').where({ id }).first('title', 'url')).to.deep.equal({ title: '# No url', url: 'about:blank' });
    });

    it("answers the @strapi/utils error its service throws (the project's maxTitle) in Strapi's envelope and writes nothing", async () => {
      const before = await db('bookmarks_items').count({ n: '*' }).first();
      const refused = await json(await post(`${url}/api/bookmarks/bookmarks`, { title: 'A title far longer than twenty-four characters' }));
      expect(refused).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message: 'title must be a string of at most 24 characters', details: {} } },
      });
      expect(await db('bookmarks_items').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it("a custom field its register makes stores and checks the project's values as its type", async () => {
      const created = await json(await post(`${url}/api/notes`, { text: 'rated', stars: 4 }));
      const id = (created.body as { data: { id: number } }).data.id;
      expect((created.body as { data: { attributes: Record<string, unknown> } }).data.attributes).to.deep.include({ text: 'rated', stars: 4 });
      expect(await db('notes').where({ id }).first('text', 'stars')).to.deep.equal({ text: 'rated', stars: 4 });
      const refused = await json(await post(`${url}/api/notes`, { text: 'too many', stars: 'five' }));
      const message = 'stars must be a `number` type, but the final value was: `NaN` (cast from the value `"five"`).';
      expect(refused).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['stars'], message, name: 'ValidationError' }] } } },
      });
      expect(await db('notes').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '1' : 1 }]);
    });

    it('mounts its admin routes under /<plugin>: one with auth: false is open, one without needs the permission named after its handler', async () => {
      expect(await json(await fetch(`${url}/bookmarks/ping`))).to.deep.equal({ status: 200, body: { pong: true } });
      expect(await json(await fetch(`${url}/bookmarks/summary`))).to.deep.equal({
        status: 403,
        body: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } },
      });
      // the admin route is not a Content API route
      expect((await fetch(`${url}/api/bookmarks/ping`)).status).to.equal(404);
    });

    it('runs its destroy with { strapi } when the app stops', async () => {
      await project?.stop();
      const written = JSON.parse(fs.readFileSync(path.join(appDir, '.tmp', 'bookmarks-destroyed.json'), 'utf8')) as unknown;
      expect(written).to.deep.equal({ steps: ['register', 'bootstrap', 'project bootstrap'] });
    });
  });
}

describe('a resolve folder of a Strapi project that does not load', function () {
  this.timeout(60000);
  let base: string;
  let appDir: string;

  beforeEach(() => {
    ({ base, appDir } = copyFixture());
  });
  afterEach(() => {
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  async function bootFailure(): Promise<{ code: number | null; output: string }> {
    const run = runPlatform(['start', '--app', appDir], { PORT: '0', HOST: '127.0.0.1', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' });
    const code = await run.exited;
    return { code, output: run.output() };
  }

  it('a folder that is neither a platform plugin nor a Strapi plugin stops start-up naming the folder', async () => {
    const folder = path.join(appDir, 'src', 'plugins', 'bookmarks');
    fs.rmSync(folder, { recursive: true });
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'README.md'), '# not a plugin\n');
    const { code, output } = await bootFailure();
    expect(code).to.equal(1);
    expect(output).to.include(
      `platform: ${path.join(appDir, 'config', 'plugins.js')}: plugin "bookmarks" resolves to the folder ${folder}, which holds no plugin: no platform plugin (a package.json "main" or an index file exporting definePlugin(...)), nor a plugin folder that the plugin "strapi-compat" reads`,
    );
  });

  it("a config its validator refuses stops start-up with the validator's message", async () => {
    const file = path.join(appDir, 'config', 'plugins.js');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("env.int('BOOKMARKS_MAX_TITLE', 24)", '0'));
    const { code, output } = await bootFailure();
    expect(code).to.equal(1);
    expect(output).to.include('platform: config/plugins.js: "bookmarks.config" is invalid: maxTitle must be a positive integer');
  });
});
