/**
 * A Strapi v4 backend folder (test/fixtures/strapi-project: Strapi's layout, JavaScript, a
 * package.json naming @strapi/* packages and no platform plugin) copied as it is and served by
 * `platform start --app <folder>` on each test database. Every behaviour its code relies on is
 * asserted over HTTP, and what it wrote is read back from the database: a controller overriding
 * `find` through `super.find`, a service on `strapi.entityService` and `strapi.db.query`, a
 * lifecycle on the global `strapi`, a policy and a route middleware given `{ strapi }`, errors
 * from `@strapi/utils`, and a `src/index.js` bootstrap that grants public permissions and makes a
 * locale through `strapi.plugin('i18n').service('locales')`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { expect } from 'chai';
import type { DatabaseClient } from '@platform/core';
import { copyProject, runPlatform, startProject, stopProcess, type Child, type ServedProject } from '../helpers/cli-process';
import { createTestDatabase, MYSQL, POSTGRES, testClients, type TestDatabase } from '../helpers/databases';
import { knexClient } from '../helpers/boot-platform';
import { eventually } from '../helpers/eventually';
import { startSmtp, type TestSmtp } from '../email/smtp';

const FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'strapi-project');

/**
 * The environment a Strapi project reads in config/database.js. Its defaults are Strapi's
 * (user and password `strapi`), and an empty variable counts as unset, so MariaDB gets a
 * `strapi` user with that password on the test databases.
 */
async function databaseEnv(database: TestDatabase, appDir: string): Promise<NodeJS.ProcessEnv> {
  if (database.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' };
  if (database.client === 'mysql') {
    const admin = knexFactory({ client: 'mysql2', connection: { ...MYSQL } });
    try {
      for (const host of ['%', 'localhost', '127.0.0.1']) {
        await admin.raw(`CREATE USER IF NOT EXISTS 'strapi'@'${host}' IDENTIFIED BY 'strapi'`);
        await admin.raw(`GRANT ALL PRIVILEGES ON \`${database.name}\`.* TO 'strapi'@'${host}'`);
      }
    } finally {
      await admin.destroy();
    }
    return { DATABASE_CLIENT: 'mysql', DATABASE_HOST: MYSQL.host, DATABASE_PORT: String(MYSQL.port), DATABASE_NAME: database.name, DATABASE_USERNAME: 'strapi' };
  }
  void appDir;
  return { DATABASE_CLIENT: 'postgres', DATABASE_HOST: POSTGRES.host, DATABASE_PORT: String(POSTGRES.port), DATABASE_NAME: database.name, DATABASE_USERNAME: POSTGRES.user };
}

function openDatabase(client: DatabaseClient, database: TestDatabase, appDir: string): Knex {
  if (client === 'sqlite') return knexFactory({ ...knexClient('sqlite'), connection: { filename: path.join(appDir, '.tmp', 'data.db') } });
  return knexFactory({ ...knexClient(client), connection: { ...(database.config.connection.connection as Record<string, unknown>) } });
}

async function json(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

function post(url: string, data: Record<string, unknown>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
}

for (const client of testClients()) {
  describe(`a Strapi v4 project served unchanged by platform start --app (${client})`, function () {
    this.timeout(90000);
    let base: string;
    let appDir: string;
    let database: TestDatabase;
    let project: ServedProject | undefined;
    let url: string;
    let db: Knex;
    let smtp: TestSmtp;
    const subjects = () => smtp.received.map((mail) => mail.subject);

    before(async () => {
      database = await createTestDatabase(client);
      smtp = await startSmtp();
      ({ base, appDir } = copyProject(FIXTURE, 'platform-strapi-project-'));
      project = await startProject(appDir, {
        LOG_LEVEL: 'info',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        ...(await databaseEnv(database, appDir)),
      });
      url = project.url;
      db = openDatabase(client, database, appDir);
    });
    after(async () => {
      await project?.stop();
      await db?.destroy();
      await database?.drop();
      await smtp?.close();
      if (base) fs.rmSync(base, { recursive: true, force: true });
    });

    it('logs which Strapi packages it serves, warns about the one it does not know and about the relation it leaves out, and runs on the default plugin set', () => {
      const messages = (project as ServedProject)
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).to.include(
        '[strapi-compat] Strapi packages served: @strapi/plugin-email -> email, @strapi/plugin-i18n -> i18n, @strapi/plugin-users-permissions -> users-permissions, @strapi/provider-email-nodemailer -> email (its built-in nodemailer provider), @strapi/strapi -> the platform itself (require("@strapi/strapi") resolves to the strapi-compat plugin)',
      );
      expect(messages).to.include('[strapi-compat] package.json names "strapi-plugin-seo", which this platform does not provide: the app runs without it');
      expect(messages).to.include("[strapi-compat] src/admin holds customisations of Strapi's admin panel, which the server does not need: it is not read");
      // as Strapi boots with a mappedBy whose other side is missing (FoodAdvisor has one), the attribute is left out
      expect(messages).to.include(
        '[strapi-compat] api::audit.audit: attribute "reviews" is mappedBy "auditor" on api::article.article, which has no such attribute; it is left out (it could hold no link; Strapi fails when it is populated). Add "auditor" to api::article.article with inversedBy "reviews", or remove "reviews", to silence this',
      );
      expect(messages.filter((m) => /error/i.test(m))).to.deep.equal([]);
    });

    it("src/index.js bootstrap granted the public role's permissions through strapi.query and made a locale through strapi.plugin('i18n')", async () => {
      const locales = await json(await fetch(`${url}/api/i18n/locales`));
      expect(locales.status).to.equal(200);
      expect((locales.body as Array<{ code: string; name: string; isDefault: boolean }>).map(({ code, name, isDefault }) => ({ code, name, isDefault }))).to.deep.equal([
        { code: 'en', name: 'English (en)', isDefault: true },
        { code: 'fr', name: 'French (fr)', isDefault: false },
      ]);
      const granted = await db('up_permissions as p')
        .join('up_permissions_role_links as l', 'l.permission_id', 'p.id')
        .join('up_roles as r', 'r.id', 'l.role_id')
        .where('r.type', 'public')
        // the public role's own defaults (sign-in, registration) are users-permissions'
        .whereNot('p.action', 'like', 'plugin::users-permissions.%')
        .orderBy('p.action')
        .pluck('p.action');
      expect(granted).to.deep.equal([
        'api::article.article.bulk',
        'api::article.article.create',
        'api::article.article.find',
        'api::article.article.findOne',
        'api::article.article.stats',
        'plugin::i18n.locales.listLocales',
      ]);
      const stored = await db('strapi_core_store_settings').where({ key: 'plugin_strapi-project_bootstrapped' }).first('value', 'type');
      // register() set the value through strapi.config.set, bootstrap() read it back and stored it with strapi.store().
      expect(stored).to.deep.equal({ value: '{"at":"register"}', type: 'object' });
    });

    it('a create runs the lifecycle that uses the global strapi, keeps the private attribute out of the answer, and mails the editors through the email plugin', async () => {
      const created = await json(await post(`${url}/api/articles`, { title: 'Hello World', views: 12, secretNote: 'first', color: '#ff0000', body: '# Hello', seo: { metaTitle: 'Hello' } }));
      expect(created.status).to.equal(200);
      const entry = (created.body as { data: { id: number; attributes: Record<string, unknown> } }).data;
      expect(created.body).to.deep.equal({
        data: {
          id: entry.id,
          attributes: {
            title: 'Hello World',
            slug: 'hello-world',
            views: 12,
            number: 1,
            color: '#ff0000',
            body: '# Hello',
            createdAt: entry.attributes.createdAt,
            updatedAt: entry.attributes.updatedAt,
          },
        },
        meta: {},
      });
      for (const [title, views] of [
        ['Second', 3],
        ['Apple pie', 40],
      ] as const) {
        expect((await post(`${url}/api/articles`, { title, views })).status).to.equal(200);
      }
      const rows = await db('articles').orderBy('id').select('title', 'slug', 'views', 'number', 'secret_note', 'color', 'body');
      expect(rows.map((row) => ({ ...row, views: Number(row.views), number: Number(row.number) }))).to.deep.equal([
        { title: 'Hello World', slug: 'hello-world', views: 12, number: 1, secret_note: 'first', color: '#ff0000', body: '# Hello' },
        { title: 'Second', slug: 'second', views: 3, number: 2, secret_note: null, color: null, body: null },
        { title: 'Apple pie', slug: 'apple-pie', views: 40, number: 3, secret_note: null, color: null, body: null },
      ]);
      // the eventHub listener of src/index.js mails the editors once each create has committed
      await eventually(async () => smtp.received.length >= 3, 10000, 'three emails');
      expect(subjects()).to.deep.equal(['New article: Hello World', 'New article: Second', 'New article: Apple pie']);
      expect(smtp.received[0]).to.deep.include({ from: 'newsroom@example.com', to: 'editors@example.com', replyTo: 'editors@example.com', text: `Article ${entry.id} was created.` });
    });

    it('a custom field registered by a local plugin (src/plugins/palette), and one mapped in config/plugins.js, store and check values as their types', async () => {
      const columns = await db('articles').columnInfo();
      expect({ color: columns.color?.type, body: columns.body?.type }).to.deep.equal(
        { sqlite: { color: 'varchar', body: 'text' }, mysql: { color: 'varchar', body: 'longtext' }, postgres: { color: 'character varying', body: 'text' } }[client],
      );
      const message = 'color must be a `string` type, but the final value was: `{"r":255}`.';
      expect(await json(await post(`${url}/api/articles`, { title: 'Red', color: { r: 255 } }))).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['color'], message, name: 'ValidationError' }] } } },
      });
      expect(await db('articles').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '3' : 3 }]);
    });

    it('the controller overriding find calls super.find and adds what its service read through strapi.entityService', async () => {
      const response = await fetch(`${url}/api/articles?sort=id&fields[0]=title`);
      // src/middlewares/served-by.js, listed in config/middlewares.js with its config, given { strapi }
      expect(response.headers.get('x-served-by')).to.equal('strapi-project (25)');
      const list = await json(response);
      expect(list).to.deep.equal({
        status: 200,
        body: {
          data: [
            { id: 1, attributes: { title: 'Hello World' } },
            { id: 2, attributes: { title: 'Second' } },
            { id: 3, attributes: { title: 'Apple pie' } },
          ],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 }, popular: ['Apple pie', 'Hello World'] },
        },
      });
    });

    it('a custom route runs its policy and middleware with { strapi } and a service on strapi.db.query and strapi.entityService', async () => {
      const response = await fetch(`${url}/api/articles-stats`);
      expect(response.headers.get('x-article-count')).to.equal('3');
      expect(await json(response)).to.deep.equal({
        status: 200,
        body: {
          mostViewed: ['Apple pie:40', 'Hello World:12'],
          withViews: 3,
          first: { title: 'Hello World', secretNote: 'first' },
          firstPage: { titles: ['Hello World'], pagination: { page: 1, pageSize: 1, pageCount: 3, total: 3 } },
          total: 3,
        },
      });
      expect(await json(await fetch(`${url}/api/articles-stats`, { headers: { 'x-day': 'sunday' } }))).to.deep.equal({
        status: 403,
        body: { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } },
      });
    });

    it('a GraphQL extension written with nexus in register adds a type, a query with arguments and a field of a generated type', async () => {
      const graphql = (query: string) => fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then(json);
      const count = Number((await db('articles').count({ n: '*' }))[0]?.n);
      expect(await graphql('{ projectInfo(suffix: "!") { name articles } }')).to.deep.equal({ status: 200, body: { data: { projectInfo: { name: 'strapi-project!', articles: count } } } });
      const titles = (await db('articles').orderBy('id').limit(2).pluck('title')) as string[];
      const list = await graphql('{ articles(sort: "id", pagination: { limit: 2 }) { data { attributes { title shout } } } }');
      expect(list).to.deep.equal({ status: 200, body: { data: { articles: { data: titles.map((title) => ({ attributes: { title, shout: title.toUpperCase() } })) } } } });
    });

    it("an error thrown with @strapi/utils' errors is answered in Strapi's envelope", async () => {
      expect(await json(await fetch(`${url}/api/articles-stats?filters[title]=forbidden`))).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message: 'This title cannot be looked up', details: { title: 'forbidden' } } },
      });
    });

    it("serves public/ and keeps the public role's limits (no permission to update)", async () => {
      const robots = await fetch(`${url}/robots.txt`);
      expect(robots.status).to.equal(200);
      expect(await robots.text()).to.equal(fs.readFileSync(path.join(FIXTURE, 'public', 'robots.txt'), 'utf8'));
      const update = await fetch(`${url}/api/articles/1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'x' } }) });
      expect(await json(update)).to.deep.equal({ status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } } });
      expect(await db('articles').where({ id: 1 }).first('title')).to.deep.equal({ title: 'Hello World' });
    });

    it("src/extensions extends the user with a job and the articles other types are inversedBy, and its strapi-server.js adds an action and a route; a lifecycle signs a user's article through strapi.requestContext", async () => {
      const registered = await json(
        await fetch(`${url}/api/auth/local/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'ada', email: 'ada@example.com', password: 'secret123' }),
        }),
      );
      expect(registered.status).to.equal(200);
      const { jwt, user } = registered.body as { jwt: string; user: Record<string, unknown> };
      expect(user).to.deep.equal({
        id: user.id,
        username: 'ada',
        email: 'ada@example.com',
        provider: 'local',
        confirmed: true,
        blocked: false,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        job: null,
      });
      const auth = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' };
      const created = await fetch(`${url}/api/articles`, { method: 'POST', headers: auth, body: JSON.stringify({ data: { title: 'By Ada' } }) });
      expect(created.status).to.equal(200);
      const articleId = ((await created.json()) as { data: { id: number } }).data.id;
      const me = await json(await fetch(`${url}/api/users/me?populate[articles][fields][0]=title`, { headers: auth }));
      expect(me).to.deep.equal({ status: 200, body: { ...user, articles: [{ id: articleId, title: 'By Ada' }] } });
      expect(await db('articles_author_links').select('article_id', 'user_id')).to.deep.equal([{ article_id: articleId, user_id: user.id }]);
      expect(await db.schema.hasColumn('up_users', 'job')).to.equal(true);

      // src/extensions/users-permissions/strapi-server.js added an action to the user controller and its route.
      const put = (headers: Record<string, string>) =>
        fetch(`${url}/api/user/me`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ job: 'engineer' }) }).then(json);
      expect(await put({ authorization: `Bearer ${jwt}` })).to.deep.equal({ status: 200, body: { id: user.id, username: 'ada', job: 'engineer' } });
      expect(await put({})).to.deep.equal({ status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } } });
      expect(await db('up_users').where({ id: user.id }).first('job')).to.deep.equal({ job: 'engineer' });

      // It also took out a route of the plugin and added a policy to another.
      const forgot = await fetch(`${url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.com' }) });
      expect(await json(forgot)).to.deep.equal({ status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
      expect(await json(await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}`, 'x-day': 'sunday' } }))).to.deep.equal({
        status: 403,
        body: { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } },
      });
      expect((await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}`, 'x-day': 'monday' } })).status).to.equal(200);
      // the other routes of the plugin are where they were
      const login = await fetch(`${url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'ada', password: 'secret123' }) });
      expect(login.status).to.equal(200);
      expect(((await login.json()) as { user: { id: number } }).user.id).to.equal(user.id);
    });

    it('strapi.db.transaction makes one write of several creates: what an error rolls back leaves no article, no audit row of the subscribed lifecycle and no eventHub event', async () => {
      const bulk = (body: Record<string, unknown>) => fetch(`${url}/api/articles-bulk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
      const committed = await bulk({ titles: ['Bulk one', 'Bulk two'] });
      expect(committed.status).to.equal(200);
      const created = (committed.body as { created: number[] }).created;
      expect(created).to.have.length(2);
      const failed = await bulk({ titles: ['Never one', 'Never two'], fail: true });
      const ids = ((failed.body as { error: { details: { ids: number[] } } }).error?.details?.ids ?? []) as number[];
      expect(failed).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ApplicationError', message: 'The batch was rolled back', details: { ids } } },
      });
      expect(ids).to.have.length(2);
      const titles = await db('articles')
        .whereIn('id', [...created, ...ids])
        .orderBy('id')
        .pluck('title');
      expect(titles).to.deep.equal(['Bulk one', 'Bulk two']);
      // The subscriber of src/index.js audited every article written since bootstrap, and only those.
      const articleIds = (await db('articles').orderBy('id').pluck('id')).map(String);
      const audited = await db('audits').where({ action: 'create' }).orderBy('id').pluck('target');
      expect(audited).to.deep.equal(articleIds);
      // The eventHub listener heard the committed creates only.
      const last = await db('strapi_core_store_settings').where({ key: 'plugin_strapi-project_last-created' }).first('value');
      expect(JSON.parse(last.value)).to.deep.equal({ id: created[1], title: 'Bulk two' });
      // and mailed for them only
      await eventually(async () => subjects().includes('New article: Bulk two'), 10000, 'the email of the last committed create');
      expect(subjects().filter((subject) => /Bulk|Never/.test(subject))).to.deep.equal(['New article: Bulk one', 'New article: Bulk two']);
    });
  });
}

for (const client of testClients()) {
  describe(`the cron tasks of a Strapi v4 project under platform start --workers 2 (${client})`, function () {
    this.timeout(90000);
    let base: string;
    let database: TestDatabase;
    let run: Child | undefined;
    let db: Knex;

    before(async () => {
      database = await createTestDatabase(client);
      const copy = copyProject(FIXTURE, 'platform-strapi-cron-');
      base = copy.base;
      const appDir = copy.appDir;
      run = runPlatform(['start', '--app', appDir, '--workers', '2'], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(await databaseEnv(database, appDir)) });
      db = openDatabase(client, database, appDir);
      // Both workers have started once each has said which Strapi package it does not know.
      await run.waitFor(/strapi-plugin-seo/, 3, 60000);
    });
    after(async () => {
      if (run) await stopProcess(run);
      await db?.destroy();
      await database?.drop();
      if (base) fs.rmSync(base, { recursive: true, force: true });
    });

    it('runs each occurrence of the forms of config/cron-tasks.js (a pattern as key, named with a pattern, named with a rule object) once, on whichever worker claims it, with { strapi }', async () => {
      const ticks = () => db('ticks').orderBy('at').select('task', 'at');
      const runs = async (task: string) => (await ticks()).filter((t) => t.task === task).length;
      await eventually(
        async () => (await runs('every-other-second')) >= 3 && (await runs('every-second')) >= 4 && (await runs('every-third-second')) >= 2,
        30000,
        'three runs of the every-other-second task, four of the every-second one and two of the rule-object one',
      );
      const rows = (await ticks()) as Array<{ task: string; at: string }>;
      const keys = rows.map((row) => `${row.task}@${row.at}`);
      expect(new Set(keys).size, keys.join(', ')).to.equal(keys.length);
      const seconds = (task: string) => rows.filter((row) => row.task === task).map((row) => Date.parse(row.at) / 1000);
      for (const at of seconds('every-other-second')) expect(at % 2, 'an even second').to.equal(0);
      for (const at of seconds('every-third-second')) expect(at % 3, 'a second divisible by 3').to.equal(0);
      expect(seconds('every-second').length).to.be.at.least(4);
      const claims = await db('platform_cron_runs').count({ n: '*' });
      expect(Number(claims[0]?.n)).to.be.at.least(rows.length);
    });
  });
}

describe('a Strapi v4 project under platform develop --app', function () {
  this.timeout(60000);
  it('serves the project and restarts when a file under src/ changes', async () => {
    const { base, appDir } = copyProject(FIXTURE, 'platform-strapi-develop-');
    // develop writes the secrets the project lacks into its .env, as it does for any app
    const run = runPlatform(['develop', '--app', appDir, '--port', '0', '--host', '127.0.0.1'], {
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: '.tmp/data.db',
      JWT_SECRET: undefined,
      API_TOKEN_SALT: undefined,
      ADMIN_JWT_SECRET: undefined,
    });
    try {
      const first = (await run.waitFor(/platform develop: serving .+ at (http:\/\/\S+)/, 1, 40000))[1] as string;
      expect(await json(await fetch(`${first}/api/articles`))).to.deep.equal({
        status: 200,
        body: { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 }, popular: [] } },
      });
      const controller = path.join(appDir, 'src', 'api', 'article', 'controllers', 'article.js');
      fs.writeFileSync(controller, fs.readFileSync(controller, 'utf8').replace('meta.popular =', 'meta.favourites ='));
      await run.waitFor(/src\/api\/article\/controllers\/article\.js changed; restarting/, 1, 20000);
      const second = (await run.waitFor(/platform develop: serving .+ at (http:\/\/\S+)/, 2, 40000))[1] as string;
      expect(await json(await fetch(`${second}/api/articles`))).to.deep.equal({
        status: 200,
        body: { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 }, favourites: [] } },
      });
    } finally {
      await stopProcess(run);
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('a Strapi v4 project with a custom field of a plugin the platform does not have', function () {
  this.timeout(30000);
  it('stops start-up naming the field and the line of config/plugins.js that maps it to a type', async () => {
    const { base, appDir } = copyProject(FIXTURE, 'platform-strapi-custom-field-');
    try {
      const pluginsFile = path.join(appDir, 'config', 'plugins.js');
      const written = fs.readFileSync(pluginsFile, 'utf8');
      const without = written.slice(0, written.indexOf('  // The CKEditor')) + written.slice(written.indexOf("  'users-permissions'"));
      fs.writeFileSync(pluginsFile, without);
      const run = runPlatform(['start', '--app', appDir], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' });
      expect(await run.exited).to.equal(1);
      expect(run.output()).to.equal(
        `platform: ${path.join(appDir, 'src', 'api', 'article', 'content-types', 'article', 'schema.json')}: attribute "body" is the custom field "plugin::ckeditor.CKEditor", which no installed plugin registers (Strapi does not start without it either). To store it as a plain type, map it in config/plugins.js: 'strapi-compat': { config: { customFields: { 'plugin::ckeditor.CKEditor': 'richtext' } } } (or the type it holds)\n`,
      );
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("a Strapi v4 project whose extension points a plugin's route at an action that does not exist", function () {
  this.timeout(30000);
  it('stops start-up naming the route and the handler', async () => {
    const { base, appDir } = copyProject(FIXTURE, 'platform-strapi-bad-handler-');
    try {
      const serverFile = path.join(appDir, 'src', 'extensions', 'users-permissions', 'strapi-server.js');
      const written = fs.readFileSync(serverFile, 'utf8');
      fs.writeFileSync(serverFile, written.replace('me.config.policies = [', "me.handler = 'user.meAndMore';\n  me.config.policies = ["));
      const run = runPlatform(['start', '--app', appDir], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' });
      expect(await run.exited).to.equal(1);
      expect(run.output()).to.equal('platform: Route GET /users/me: handler "plugin::users-permissions.user.meAndMore" is not a controller action\n');
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('platform start --app on a folder without content-types', function () {
  this.timeout(30000);
  it('stops, naming where content-types were looked for', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-empty-app-'));
    try {
      fs.mkdirSync(path.join(base, 'config'));
      const run = runPlatform(['start', '--app', base], { PORT: '0' });
      expect(await run.exited).to.equal(1);
      expect(run.output()).to.equal(
        `platform: The app folder ${base} has no content-types: none in api/<api>/content-types/<type>/schema.json nor in src/api/<api>/content-types/<type>/schema.json (is --app the folder holding config/ and src/ or api/?)\n`,
      );
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
