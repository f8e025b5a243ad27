/**
 * The document checked against real tools (issue 17, item 3): `openapi-typescript` turns it into
 * a client type file, a small typed client over `openapi-fetch` (querying with `qs`, as a Strapi
 * frontend does) compiles against it with `tsc --strict`, then runs against the running server:
 * create with relations, a component and a dynamic zone, list with filters and fields, populate.
 * Writes reach the database: on every database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import openapiTS, { astToString } from 'openapi-typescript';
import { describeEachDatabase } from '../helpers/app';
import { compileStrict } from '../helpers/compile-ts';

const REPO = path.resolve(__dirname, '..', '..');

const CLIENT = `import createClient from 'openapi-fetch';
import qs from 'qs';
import type { components, paths } from './api';

type Article = components['schemas']['Article'];

export interface RunResult {
  createdId: number;
  titles: string[];
  tagNames: string[];
  quote: string | null;
}

export async function run(baseUrl: string): Promise<RunResult> {
  const client = createClient<paths>({ baseUrl, querySerializer: (query) => qs.stringify(query, { encodeValuesOnly: true }) });
  const tag = await client.POST('/api/tags', { body: { data: { name: 'typed', slug: 'typed' } } });
  if (!tag.data) throw new Error('tag: ' + JSON.stringify(tag.error));
  const created = await client.POST('/api/articles', {
    body: {
      data: {
        title: 'Typed client',
        status: 'review',
        tags: { connect: [{ id: tag.data.data.id, position: { end: true } }] },
        seo: { metaTitle: 'Typed' },
        blocks: [{ __component: 'shared.quote', title: 'Types all the way', body: 'tsc' }],
      },
    },
  });
  if (!created.data) throw new Error('create: ' + JSON.stringify(created.error));
  const createdId: number = created.data.data.id;

  const list = await client.GET('/api/articles', {
    params: { query: { filters: { title: { $startsWith: 'Typed' } }, fields: ['title'], sort: ['title:asc'], pagination: { page: 1, pageSize: 10 } } },
  });
  if (!list.data) throw new Error('list: ' + JSON.stringify(list.error));
  const titles = list.data.data.map((entry) => entry.attributes.title ?? '');

  const one = await client.GET('/api/articles/{id}', {
    params: { path: { id: createdId }, query: { populate: { tags: { fields: ['name'] }, blocks: '*' } } },
  });
  if (!one.data) throw new Error('findOne: ' + JSON.stringify(one.error));
  const article: Article = one.data.data.attributes;
  const tagNames = (article.tags?.data ?? []).map((entry) => entry.attributes.name ?? '');
  const first = article.blocks?.[0];
  const quote = first && first.__component === 'shared.quote' ? first.title ?? null : null;

  const missing = await client.GET('/api/articles/{id}', { params: { path: { id: 999999 } } });
  if (missing.error?.error.name !== 'NotFoundError') throw new Error('expected the 404 envelope');
  return { createdId, titles, tagNames, quote };
}
`;

/** Compiles the files with the strict compiler options a frontend uses; returns the diagnostics, emits JS. */

describeEachDatabase('a typed client from openapi-typescript and openapi-fetch', (ctx) => {
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-typed-client-'));
    // The client resolves openapi-fetch and qs from the repository's packages.
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates the client types, compiles the client with --strict, and runs create, list and populate', async function () {
    this.timeout(120000);
    const document = (await ctx.app.get('/api/openapi.json')).body;
    fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)));
    fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    expect(compileStrict(dir, ['client.ts'])).to.deep.equal([]);

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const client = require(path.join(dir, 'out', 'client.js')) as { run(baseUrl: string): Promise<unknown> };
    expect(await client.run(ctx.app.url)).to.deep.equal({ createdId: 1, titles: ['Typed client'], tagNames: ['typed'], quote: 'Types all the way' });
    const links = await ctx.app.knex('articles_tags_links').select('article_id', 'tag_id');
    expect(links.map((row) => [Number(row.article_id), Number(row.tag_id)])).to.deep.equal([[1, 1]]);
  });

  it('a client that sends what the document forbids does not compile', () => {
    const wrong = CLIENT.replace("status: 'review'", "status: 'archived'").replace("fields: ['title']", "fields: ['no-such-field']");
    fs.writeFileSync(path.join(dir, 'wrong.ts'), wrong);
    const errors = compileStrict(dir, ['wrong.ts']);
    expect(errors.some((e) => e.includes('"archived"'))).to.equal(true, errors.join('\n'));
    expect(errors.some((e) => e.includes('"no-such-field"'))).to.equal(true, errors.join('\n'));
  });
});
