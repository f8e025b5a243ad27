/**
 * `platform openapi`, `platform types` and `platform develop` as a user runs them (the real
 * binary in a child process), and the generated types (issue 17, item 2): they compile with
 * `tsc --strict`, a small frontend-like client written against them compiles and runs against
 * the example app, and `develop` rewrites them when a schema changes. SQLite: what is checked
 * is the files, not the database.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, expect } from 'chai';
import { AUTH_PLUGINS, startApp, EXAMPLE_APP, type TestApp } from '../helpers/app';
import { compileStrict } from '../helpers/compile-ts';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const KERNEL_APP = path.join(ROOT, 'test', 'fixtures', 'kernel-app');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function platform(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    // the secrets of the example app's auth plugins are set, so no command writes one into the repository's .env
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: '', NODE_ENV: '', API_TOKEN_SALT: 'documentation-test-salt', JWT_SECRET: 'documentation-test-secret', ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/** A frontend's code, typed by the generated declarations only (no other package). */
const FRONTEND = `import type { ArticleInput, ArticleListResponse, ArticleResponse, ContentTypes, ErrorResponse, SharedRichTextComponent } from './types';

type ArticleOf = ContentTypes['api::article.article'];

export async function run(baseUrl: string): Promise<unknown> {
  const input: ArticleInput = {
    title: 'From the generated types',
    status: 'done',
    views: 3,
    seo: { metaTitle: 'Typed', tags: [{ name: 'k', content: 'v' }] },
    blocks: [{ __component: 'shared.rich-text', body: 'Hello' }],
  };
  const headers = { 'content-type': 'application/json' };
  const created = (await (await fetch(baseUrl + '/api/articles', { method: 'POST', headers, body: JSON.stringify({ data: input }) })).json()) as ArticleResponse;
  const list = (await (await fetch(baseUrl + '/api/articles?populate[blocks]=*&populate[seo]=*')).json()) as ArticleListResponse;
  const article: ArticleOf = list.data[0].attributes;
  const block = article.blocks?.[0];
  const text = block && block.__component === 'shared.rich-text' ? (block as SharedRichTextComponent).body : null;
  const missing = (await (await fetch(baseUrl + '/api/articles/424242')).json()) as ErrorResponse;
  return { id: created.data.id, title: article.title, status: article.status, seo: article.seo?.metaTitle ?? null, text, missing: missing.error.name };
}
`;

describe('platform openapi, platform types and develop', function () {
  this.timeout(120000);
  let base: string;
  const children: ChildProcess[] = [];
  before(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-doc-cli-'));
  });
  after(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(base, { recursive: true, force: true });
  });
  // the example app's auth plugins' secrets: given, so no command writes them into the app's .env
  const env = () => ({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(base, 'example.db'), JWT_SECRET: 'doc-cli-secret', API_TOKEN_SALT: 'doc-cli-salt' });

  it('platform openapi prints the document the server serves; --out writes it; --public keeps what the public may call', async () => {
    const printed = await platform(['openapi', '--app', EXAMPLE_APP], env());
    expect(printed.code, printed.stderr).to.equal(0);
    const document = JSON.parse(printed.stdout);
    // the server with the plugins the command ran with (the example app as it is, auth plugins on)
    const app = await startApp({ config: { plugins: Object.fromEntries(AUTH_PLUGINS.map((name) => [name, {}])) } });
    try {
      expect(document).to.deep.equal((await app.get('/api/openapi.json')).body);
    } finally {
      await app.close();
    }
    const file = path.join(base, 'out', 'openapi.json');
    const written = await platform(['openapi', '--app', EXAMPLE_APP, '--out', file, '--public'], env());
    expect(written.code, written.stderr).to.equal(0);
    expect(written.stdout).to.equal('');
    expect(written.stderr).to.contain(`Wrote ${file} (`);
    // The example app's public role reads its content and may log in; /users/me needs a user.
    const publicPaths = Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).paths);
    expect(publicPaths).to.include.members(['/api/articles', '/api/auth/local']);
    expect(publicPaths).to.not.include('/api/users/me');
    expect(Object.keys(document.paths)).to.include.members(publicPaths);
  });

  it('usage mistakes exit 2 with one line, before the app starts', async () => {
    const bad = await platform(['openapi', '--app', EXAMPLE_APP, '--bogus'], env());
    expect({ code: bad.code, stderr: bad.stderr.trim() }).to.deep.equal({ code: 2, stderr: 'platform: openapi: unknown option "--bogus" (platform openapi --help)' });
    const noValue = await platform(['types', '--app', EXAMPLE_APP, '--out'], env());
    expect({ code: noValue.code, stderr: noValue.stderr.trim() }).to.deep.equal({ code: 2, stderr: 'platform: types: --out needs a value (platform types --help)' });
    const help = await platform(['types', '--help', '--app', EXAMPLE_APP], env());
    expect(help.stdout).to.match(/^Usage: platform types \[--out DIR\]/);
  });

  describe('the generated types', () => {
    let app: TestApp;
    let dir: string;
    before(async () => {
      dir = path.join(base, 'frontend');
      app = await startApp();
    });
    after(async () => {
      await app?.close();
    });

    it('platform types writes them; they compile with --strict; a frontend client typed by them compiles and runs', async () => {
      const run = await platform(['types', '--app', EXAMPLE_APP, '--out', path.join(dir, 'types')], env());
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stderr).to.contain(`Wrote ${path.join(dir, 'types', 'index.d.ts')}`);
      const declarations = fs.readFileSync(path.join(dir, 'types', 'index.d.ts'), 'utf8');
      expect(declarations).to.contain('export interface Article {');
      expect(declarations).to.contain('  status?: "draft" | "review" | "done" | null;');
      expect(declarations).to.contain('  category?: Relation<Category>;');
      expect(declarations).to.contain('  tags?: RelationList<Tag>;');
      expect(declarations).to.contain('  cover?: Relation<UploadFile>;');
      expect(declarations).to.contain('  seo?: SharedSeoComponent | null;');
      expect(declarations).to.contain('  blocks?: Array<(SharedQuoteComponent & { __component: "shared.quote" }) | (SharedRichTextComponent & { __component: "shared.rich-text" })>;');
      expect(declarations).to.contain('  category?: RelationInput;');
      expect(declarations).to.contain('export type ArticleListResponse = ListResponse<Article>;');
      expect(declarations).to.contain('"api::article.article": Article;');

      fs.writeFileSync(path.join(dir, 'client.ts'), FRONTEND);
      expect(compileStrict(dir, ['types/index.d.ts', 'client.ts'])).to.deep.equal([]);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const client = require(path.join(dir, 'out', 'client.js')) as { run(baseUrl: string): Promise<unknown> };
      expect(await client.run(app.url)).to.deep.equal({ id: 1, title: 'From the generated types', status: 'done', seo: 'Typed', text: 'Hello', missing: 'NotFoundError' });
    });

    it('a client that writes what the model does not take does not compile', () => {
      fs.writeFileSync(
        path.join(dir, 'wrong.ts'),
        FRONTEND.replace("status: 'done'", "status: 'archived'").replace("__component: 'shared.rich-text', body: 'Hello'", "__component: 'shared.rich-text', text: 'Hello'"),
      );
      const errors = compileStrict(dir, ['types/index.d.ts', 'wrong.ts']);
      expect(errors.some((e) => e.includes('"archived"'))).to.equal(true, errors.join('\n'));
      expect(errors.some((e) => e.includes("'text'"))).to.equal(true, errors.join('\n'));
    });
  });

  it('platform develop writes the types at start and rewrites them and the document when a schema changes', async () => {
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    const child = spawn(process.execPath, [BIN, 'develop', '--app', appDir], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: '', NODE_ENV: '', PORT: '0', HOST: '127.0.0.1', DATABASE_FILENAME: path.join(base, 'develop.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const typesFile = path.join(appDir, 'types', 'generated', 'index.d.ts');
    const waitFor = async (test: () => boolean, what: string) => {
      for (const started = Date.now(); Date.now() - started < 30000; await new Promise((r) => setTimeout(r, 100))) if (test()) return;
      throw new Error(`timed out waiting for ${what}; output:\n${output}`);
    };
    const serving = () => output.split('\n').filter((line) => line.includes('platform develop: serving')).length;
    await waitFor(() => serving() === 1 && fs.existsSync(typesFile), 'the first start');
    const first = fs.readFileSync(typesFile, 'utf8');
    expect(first).to.contain('export interface Note {');
    expect(first).to.not.contain('subtitle');

    const schemaFile = path.join(appDir, 'api', 'note', 'content-types', 'note', 'schema.json');
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
    schema.attributes.subtitle = { type: 'enumeration', enum: ['short', 'long'] };
    fs.writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    await waitFor(() => serving() === 2, 'the restart');
    await waitFor(() => fs.readFileSync(typesFile, 'utf8').includes('subtitle'), 'the new types');
    expect(fs.readFileSync(typesFile, 'utf8')).to.contain('  subtitle?: "short" | "long" | null;');
    const url = [...output.matchAll(/platform develop: serving .+ at (http:\/\/\S+) /g)][1]?.[1]; // the second start
    assert.exists(url);
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(document.components.schemas.Note?.properties.subtitle).to.deep.equal({ type: ['string', 'null'], enum: ['short', 'long', null] });

    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  });
});
