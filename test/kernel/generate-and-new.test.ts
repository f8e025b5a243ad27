/**
 * `platform new` and `platform generate`, run as a user runs them: a new app folder made outside
 * the repository is served at once by `platform develop --app DIR` (run from outside too), and
 * each kind `generate` writes lands where Strapi v4 puts it and is picked up by the running
 * develop server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { expect } from 'chai';
import { AUTH_PLUGINS } from '../helpers/app';
import { runPlatform, type Child } from '../helpers/cli-process';

const READY = /platform develop: serving .+ at (http:\/\/\S+) \(started in \d+ ms\)/;

describe('platform new and platform generate', function () {
  this.timeout(120000);
  let base: string;
  let appDir: string;
  let develop: Child;
  let starts = 1;

  /** runs `platform <args>` to its end; resolves with its exit code and output */
  const platform = async (...args: string[]) => {
    const child = runPlatform(args, {}, base);
    return { code: await child.exited, output: child.output() };
  };
  /** `platform generate ...` in the app, then the develop server's next start */
  const generated = async (...args: string[]) => {
    const result = await platform('generate', ...args, '--app', appDir);
    expect(result.code, result.output).to.equal(0);
    const url = (await develop.waitFor(READY, ++starts, 30000))[1];
    return { url, output: result.output };
  };
  /** the address of the develop server's latest start */
  const latestUrl = () =>
    develop
      .output()
      .split('\n')
      .flatMap((line) => line.match(READY)?.[1] ?? [])
      .at(-1);
  const json = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  };

  before(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-new-'));
    appDir = path.join(base, 'blog');
  });
  after(async () => {
    if (develop && develop.process.exitCode === null) {
      develop.process.kill('SIGTERM');
      await develop.exited;
    }
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('platform new writes config, an example content-type, .env with fresh secrets and a README', async () => {
    const result = await platform('new', appDir);
    expect(result.code, result.output).to.equal(0);
    expect(result.output).to.include(`next: cd ${appDir} && npm install && npm run develop   (or: platform develop --app ${appDir})`);
    const files = fs
      .readdirSync(appDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => fs.statSync(path.join(appDir, f)).isFile())
      .sort();
    expect(files).to.deep.equal([
      '.env',
      '.gitignore',
      'README.md',
      'api/article/content-types/article/schema.json',
      'config/api.ts',
      'config/database.ts',
      'config/plugins.ts',
      'config/server.ts',
      'package.json',
    ]);
    const env = dotenv.parse(fs.readFileSync(path.join(appDir, '.env')));
    expect(Object.keys(env)).to.deep.equal(['HOST', 'PORT', 'APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET']);
    expect(env.APP_KEYS?.split(',')).to.have.length(4);
    expect(fs.statSync(path.join(appDir, '.env')).mode & 0o777).to.equal(0o600);
    // fresh: another app gets other secrets
    expect((await platform('new', path.join(base, 'other'))).code).to.equal(0);
    const other = dotenv.parse(fs.readFileSync(path.join(base, 'other', '.env')));
    for (const name of ['APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET']) expect(other[name]).to.not.equal(env[name]);
    const manifest = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // the platform's packages by path: no registry has them
    expect(manifest.dependencies['@platform/core']).to.equal(`file:${path.relative(appDir, path.resolve(__dirname, '..', '..', 'core'))}`);
    for (const [name, spec] of Object.entries(manifest.dependencies)) expect(spec, name).to.match(/^file:/);
  });

  it('platform new refuses a folder that is not empty, writing nothing', async () => {
    const result = await platform('new', appDir);
    expect(result).to.deep.equal({ code: 2, output: `platform: new: ${appDir} already exists and is not an empty folder; nothing was written\n` });
  });

  it('platform develop --app DIR serves the new app at once, from any folder', async () => {
    // these tests are about files and restarts: a public, unrestricted caller (auth plugins off)
    const authOff = AUTH_PLUGINS.map((name) => `  '${name}': { enabled: false },`).join('\n');
    const pluginsFile = path.join(appDir, 'config', 'plugins.ts');
    // last, over what the plugins wrote into the new app's file
    fs.writeFileSync(pluginsFile, fs.readFileSync(pluginsFile, 'utf8').replace(/\n\}\);\n$/, `\n${authOff}\n});\n`));
    // the secrets come from the new app's .env alone
    develop = runPlatform(['develop', '--app', appDir, '--port', '0', '--host', '127.0.0.1'], { API_TOKEN_SALT: undefined, JWT_SECRET: undefined }, base);
    const url = (await develop.waitFor(READY, 1, 30000))[1];
    const created = await fetch(`${url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Hello' } }) });
    expect(created.status).to.equal(200);
    const list = await json(`${url}/api/articles`);
    expect(list.status).to.equal(200);
    expect((list.body as { data: Array<{ attributes: { title: string; views: number } }> }).data.map((a) => a.attributes)).to.deep.include.members([
      { ...(list.body as { data: Array<{ attributes: object }> }).data[0]?.attributes, title: 'Hello', views: 0 },
    ]);
    // develop found every secret it needs in .env: it did not append any
    expect(develop.output()).to.not.include('saved it to .env');
  });

  it('generate content-type: the schema in api/<api>/content-types/<name>/ and its REST routes', async () => {
    const { url, output } = await generated('content-type', 'book', '--attributes', 'title:string,pages:integer', '--plural', 'books');
    expect(output).to.equal('created api/book/content-types/book/schema.json\n');
    const schema = JSON.parse(fs.readFileSync(path.join(appDir, 'api', 'book', 'content-types', 'book', 'schema.json'), 'utf8'));
    expect(schema).to.deep.equal({
      kind: 'collectionType',
      collectionName: 'books',
      info: { singularName: 'book', pluralName: 'books', displayName: 'Book', description: '' },
      options: { draftAndPublish: false },
      pluginOptions: {},
      attributes: { title: { type: 'string' }, pages: { type: 'integer' } },
    });
    const created = await fetch(`${url}/api/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Dune', pages: 412 } }) });
    expect(created.status).to.equal(200);
    expect(((await created.json()) as { data: { attributes: { pages: number } } }).data.attributes.pages).to.equal(412);
  });

  it('generate api: a controller, a route and a service, answering GET /api/<name>', async () => {
    const { url, output } = await generated('api', 'ping');
    expect(output).to.equal('created api/ping/controllers/ping.ts\ncreated api/ping/routes/ping.ts\ncreated api/ping/services/ping.ts\n');
    expect(await json(`${url}/api/ping`)).to.deep.include({ status: 200, body: { data: { message: 'ok', path: '/api/ping' } } });
  });

  it('generate controller, service, policy and middleware of an api: the routes that name them work', async () => {
    const outputs: string[] = [];
    for (const [kind, name] of [
      ['controller', 'hello'],
      ['service', 'helper'],
      ['policy', 'only-get'],
      ['middleware', 'timing'],
    ] satisfies Array<[string, string]>) {
      const result = await platform('generate', kind, name, '--api', 'ping', '--app', appDir);
      expect(result.code, result.output).to.equal(0);
      outputs.push(result.output);
    }
    expect(outputs).to.deep.equal([
      'created api/ping/controllers/hello.ts\n',
      'created api/ping/services/helper.ts\n',
      'created api/ping/policies/only-get.ts\n',
      'created api/ping/middlewares/timing.ts\n',
    ]);
    fs.writeFileSync(
      path.join(appDir, 'api', 'ping', 'routes', 'checks.ts'),
      `export default { routes: [{ method: 'GET', path: '/hello-check', handler: 'hello.exampleAction', config: { policies: ['only-get'], middlewares: ['timing'] } }] };\n`,
    );
    // the four files and the route may reach the watcher as one batch or several: ask the
    // latest server until the route answers
    let answer = { status: 0, body: null as unknown, headers: new Headers() };
    for (let attempt = 0; attempt < 60 && answer.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await json(`${latestUrl()}/api/hello-check`).catch(() => answer);
    }
    starts = develop
      .output()
      .split('\n')
      .filter((line) => READY.test(line)).length;
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ data: { message: 'ok', path: '/api/hello-check' } });
    expect(answer.headers.get('x-timing-ms')).to.match(/^\d+$/);
    expect(fs.readFileSync(path.join(appDir, 'api', 'ping', 'services', 'helper.ts'), 'utf8')).to.include("platform.service('api::<api>.helper')");
  });

  it('generate middleware without --api: a global middleware, with the line that lists it', async () => {
    const result = await platform('generate', 'middleware', 'stamp', '--app', appDir);
    expect(result).to.deep.equal({ code: 0, output: "created middlewares/stamp.ts\nlist it in config/middlewares.ts as 'global::stamp' to run it on every request\n" });
    await develop.waitFor(READY, ++starts, 30000);
  });

  it('generate plugin: plugins-local/<name>/, enabled in config/plugins.ts, its route served', async () => {
    const { url, output } = await generated('plugin', 'hello');
    expect(output).to.equal('created plugins-local/hello/package.json\ncreated plugins-local/hello/index.ts\nenabled "hello" in config/plugins.ts\n');
    expect(fs.readFileSync(path.join(appDir, 'config', 'plugins.ts'), 'utf8')).to.include("  'hello': { enabled: true, resolve: './plugins-local/hello' },");
    expect(await json(`${url}/api/hello/hello?who=you`)).to.deep.include({ status: 200, body: { data: { message: 'Hello, you' } } });
  });

  it('generate never overwrites, and names what is wrong with its arguments (exit code 2)', async () => {
    expect(await platform('generate', 'api', 'ping', '--app', appDir)).to.deep.equal({
      code: 2,
      output: 'platform: generate: api/ping/controllers/ping.ts, api/ping/routes/ping.ts, api/ping/services/ping.ts already exists; nothing was written\n',
    });
    expect((await platform('generate', 'widget', 'x', '--app', appDir)).output).to.equal(
      'platform: generate: unknown kind "widget" (one of api, content-type, controller, service, policy, middleware, plugin; platform generate --help)\n',
    );
    expect((await platform('generate', 'service', 'x', '--app', appDir)).output).to.equal('platform: generate service: --api API is required (the api folder it belongs to)\n');
    expect((await platform('generate', 'api', 'BadName', '--app', appDir)).output).to.equal('platform: generate: name "BadName" must be kebab-case (blog-post)\n');
  });
});
