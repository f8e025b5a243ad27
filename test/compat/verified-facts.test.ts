/**
 * One test per checkable REST item of "Verified on a running Strapi 4.26.2" in
 * `/work/shared/spec/strapi-v4-facts.md` (errors, query parameters, relations, validation
 * messages, draft & publish, i18n; the **ours** variants where it says ours), the "What real
 * frontends send" inputs, and the REST cases of "Where Strapi 4.26.2 breaks under hostile input".
 * Users, auth, upload and GraphQL items wait for their plugins. The hostile-input section ends
 * with two seeded fast-check runs (query strings, write bodies) that must never answer a 500;
 * FUZZ_SEED and FUZZ_RUNS change the seed and the number of runs.
 */
import { expect } from 'chai';
import qs from 'qs';
import fc from 'fast-check';
import { definePlugin } from '@platform/core';
import { describeEachDatabase, type HttpResponse, type TestApp } from '../helpers/app';
import { countRows } from '../helpers/count';

const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const methodNotAllowed = { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } };
const envelope = (status: number, name: string, message: string, details: unknown = {}) => ({ data: null, error: { status, name, message, details } });
const validation = (message: string, details: unknown = {}) => envelope(400, 'ValidationError', message, details);
const yupError = (message: string, path: string[]) => validation(message, { errors: [{ path, message, name: 'ValidationError' }] });

/** A route that throws a plain Error, to see the internal-error body. */
const boomPlugin = definePlugin({
  name: 'compat-boom',
  routes: [
    {
      method: 'GET',
      path: '/boom',
      handler: () => {
        throw new Error('secret internals');
      },
      config: { auth: false },
    },
  ],
});

/** Exact status and body text (so key order counts too). */
function expectExact(res: HttpResponse, status: number, body: unknown): void {
  expect({ status: res.status, body: res.text }).to.deep.equal({ status, body: JSON.stringify(body) });
}

/** A 4xx answer in the standard envelope (never a 500). */
function expectEnvelope(res: HttpResponse, statuses: number[] = [400], name?: string): void {
  expect(statuses, `status ${res.status}: ${res.text.slice(0, 300)}`).to.include(res.status);
  expect(res.body?.data, res.text.slice(0, 300)).to.equal(null);
  expect(Object.keys(res.body.error)).to.deep.equal(['status', 'name', 'message', 'details']);
  expect(res.body.error.status).to.equal(res.status);
  expect(res.body.error.message).to.be.a('string');
  if (name) expect(res.body.error.name).to.equal(name);
}

describeEachDatabase(
  'verified Strapi 4.26.2 facts',
  (ctx) => {
    let app: TestApp;
    const ids = { news: 0, sport: 0, alpha: 0, beta: 0, gamma: 0, profile1: 0, ada: 0, hello: 0, draft: 0, second: 0 };

    async function create(plural: string, data: Record<string, unknown>): Promise<number> {
      const res = await app.post(`/api/${plural}`, { data });
      expect(res.status, res.text).to.equal(200);
      return res.body.data.id;
    }

    function count(table: string): Promise<number> {
      return countRows(app.knex(table));
    }

    /** ids of a populated to-many relation of an article, in the order the API gives them */
    async function relationIds(articleId: number, field: string): Promise<number[]> {
      const res = await app.get(`/api/articles/${articleId}?publicationState=preview&fields[0]=title&populate[${field}][fields][0]=id`);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.attributes[field].data.map((e: { id: number }) => e.id);
    }

    async function toOneId(articleId: number, field: string): Promise<number | null> {
      const res = await app.get(`/api/articles/${articleId}?publicationState=preview&fields[0]=title&populate[${field}][fields][0]=id`);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.attributes[field].data?.id ?? null;
    }

    /** Inserts a media record straight into `files` (there is no upload route yet) and answers its id. */
    async function insertFile(name: string): Promise<number> {
      await app.knex('files').insert({ name, mime: 'image/png' });
      const row = await app.knex('files').where({ name }).first('id');
      return Number(row.id);
    }

    /** Both URLs answer 200 with the same body. */
    async function expectSame(url: string, baseline: string): Promise<void> {
      const [a, b] = [await app.get(url), await app.get(baseline)];
      expect(b.status, b.text).to.equal(200);
      expect({ status: a.status, body: a.text }, url).to.deep.equal({ status: 200, body: b.text });
    }

    before(async () => {
      app = ctx.app;
      ids.news = await create('categories', { name: 'News' });
      ids.sport = await create('categories', { name: 'Sport' });
      ids.alpha = await create('tags', { name: 'alpha' });
      ids.beta = await create('tags', { name: 'beta' });
      ids.gamma = await create('tags', { name: 'gamma' });
      ids.profile1 = await create('profiles', { bio: 'one' });
      ids.ada = await create('writers', { name: 'Ada', profile: ids.profile1 });
      ids.hello = await create('articles', {
        title: 'Hello World',
        views: 3,
        category: ids.news,
        author: ids.ada,
        tags: [ids.alpha, ids.beta],
        seo: { metaTitle: 'mt', tags: [{ name: 'n', content: 'c' }] },
        blocks: [
          { __component: 'shared.quote', title: 'q', body: 'b' },
          { __component: 'shared.rich-text', body: '**rt**' },
        ],
      });
      ids.draft = await create('articles', { title: 'Draft one', publishedAt: null, author: ids.ada, views: 1 });
      ids.second = await create('articles', { title: 'Second', views: 7, author: ids.ada, tags: [ids.beta, ids.gamma] });
    });

    describe('errors and routing', () => {
      it('an internal error body has no details key and hides the message', async () => {
        const res = await app.get('/api/compat-boom/boom');
        expectExact(res, 500, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
      });

      it("a malformed JSON body is a 400 SyntaxError with the JSON parser's message and no details", async () => {
        const raw = '{"data":{"name":"x"';
        let message = '';
        try {
          JSON.parse(raw);
        } catch (error) {
          message = (error as Error).message;
        }
        const res = await app.request('POST', '/api/tags', raw, { 'content-type': 'application/json' });
        expectExact(res, 400, { data: null, error: { status: 400, name: 'SyntaxError', message } });
      });

      it('ours: an unknown path is a 404 envelope for every method', async () => {
        for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
          for (const url of ['/api/nope', '/api/articles/1/nope', '/nothing']) {
            const res = await app.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { data: {} });
            expectExact(res, 404, notFound);
          }
        }
      });

      it('ours: a wrong method on a known path is a 405 envelope (POST single type, PATCH entry, DELETE collection)', async () => {
        expectExact(await app.post('/api/global', { data: { siteName: 'x' } }), 405, methodNotAllowed);
        expectExact(await app.request('PATCH', `/api/articles/${ids.hello}`, { data: { title: 'x' } }), 405, methodNotAllowed);
        expectExact(await app.del('/api/articles'), 405, methodNotAllowed);
      });
    });

    describe('query parameters', () => {
      it('fields as a comma string is a 400 Invalid parameter title,views', async () => {
        expectExact(await app.get('/api/articles?fields=title,views'), 400, validation('Invalid parameter title,views'));
      });

      it('comma strings work for sort and populate', async () => {
        const sorted = await app.get('/api/articles?fields[0]=title&sort=views:desc,title');
        expect(sorted.status, sorted.text).to.equal(200);
        expect(sorted.body.data).to.deep.equal([
          { id: ids.second, attributes: { title: 'Second' } },
          { id: ids.hello, attributes: { title: 'Hello World' } },
        ]);
        const populated = await app.get(`/api/articles/${ids.hello}?fields[0]=title&populate=category,tags`);
        expect(populated.status, populated.text).to.equal(200);
        expect(Object.keys(populated.body.data.attributes)).to.deep.equal(['title', 'category', 'tags']);
        expect(populated.body.data.attributes.category.data.id).to.equal(ids.news);
        expect(populated.body.data.attributes.tags.data.map((t: { id: number }) => t.id)).to.deep.equal([ids.alpha, ids.beta]);
      });

      it('ours: an unknown operator or key under a scalar is a 400 ValidationError naming it', async () => {
        for (const [query, key] of [
          ['filters[title][$foo]=x', '$foo'],
          ['filters[title][bogus]=x', 'bogus'],
        ]) {
          const res = await app.get(`/api/articles?${query}`);
          expectEnvelope(res, [400], 'ValidationError');
          expect(res.body.error.message).to.include(key);
        }
      });

      it('an unknown operator under a relation is a 400 Invalid parameter $foo', async () => {
        expectExact(await app.get('/api/articles?filters[category][$foo]=x'), 400, validation('Invalid parameter $foo'));
      });

      it('pageSize=0, pageSize=-1 and page=0 become 1', async () => {
        for (const size of ['0', '-1']) {
          const res = await app.get(`/api/tags?fields[0]=name&pagination[pageSize]=${size}`);
          expectExact(res, 200, { data: [{ id: ids.alpha, attributes: { name: 'alpha' } }], meta: { pagination: { page: 1, pageSize: 1, pageCount: 3, total: 3 } } });
        }
        const res = await app.get('/api/tags?fields[0]=name&pagination[page]=0');
        expect(res.status, res.text).to.equal(200);
        expect(res.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } });
      });

      it('pagination inside populate is ignored', async () => {
        const res = await app.get(`/api/articles/${ids.hello}?fields[0]=title&populate[tags][fields][0]=name&populate[tags][pagination][pageSize]=1&populate[tags][pagination][page]=2`);
        expectExact(res, 200, {
          data: {
            id: ids.hello,
            attributes: {
              title: 'Hello World',
              tags: {
                data: [
                  { id: ids.alpha, attributes: { name: 'alpha' } },
                  { id: ids.beta, attributes: { name: 'beta' } },
                ],
              },
            },
          },
          meta: {},
        });
      });

      it('ours: without sort, lists are ordered by id ascending (also after an update moves a row)', async () => {
        const res = await app.put(`/api/tags/${ids.alpha}`, { data: { name: 'alpha' } });
        expect(res.status, res.text).to.equal(200);
        const list = await app.get('/api/tags?fields[0]=name');
        expect(list.body.data.map((t: { id: number }) => t.id)).to.deep.equal([ids.alpha, ids.beta, ids.gamma]);
      });

      it("populate[blocks][on][shared.quote] leaves out the other components' items", async () => {
        const res = await app.get(`/api/articles/${ids.hello}?fields[0]=title&populate[blocks][on][shared.quote][fields][0]=title`);
        expectExact(res, 200, { data: { id: ids.hello, attributes: { title: 'Hello World', blocks: [{ id: 1, __component: 'shared.quote', title: 'q' }] } }, meta: {} });
      });

      it('dynamic-zone item ids are per component table', async () => {
        const res = await app.get(`/api/articles/${ids.hello}?fields[0]=title&populate[blocks]=*`);
        expectExact(res, 200, {
          data: {
            id: ids.hello,
            attributes: {
              title: 'Hello World',
              blocks: [
                { id: 1, __component: 'shared.quote', title: 'q', body: 'b' },
                { id: 1, __component: 'shared.rich-text', body: '**rt**' },
              ],
            },
          },
          meta: {},
        });
      });

      it('ours: populate[0]=* is populate=* (Strapi 4.26 answers 500; 4.13 read `*` in a list as `*`, which the facts of 2026-11-27 ask)', async () => {
        const listed = await app.get(`/api/articles/${ids.hello}?populate[0]=*`);
        expect(listed.status, listed.text).to.equal(200);
        expect(listed.body).to.deep.equal((await app.get(`/api/articles/${ids.hello}?populate=*`)).body);
      });
    });

    describe('relations', () => {
      it('the same id twice in one connect without position is deduplicated', async () => {
        const a = await create('articles', { title: 'dup short', tags: { connect: [ids.alpha, ids.alpha] } });
        expect(await relationIds(a, 'tags')).to.deep.equal([ids.alpha]);
        const b = await create('articles', { title: 'dup long', tags: { connect: [{ id: ids.beta }, { id: ids.beta }] } });
        expect(await relationIds(b, 'tags')).to.deep.equal([ids.beta]);
        expect(await countRows(app.knex('articles_tags_links').where({ article_id: b }))).to.equal(1);
      });

      it('the same id twice with positions is a 400 already connected, nothing written', async () => {
        const before = await count('articles');
        const res = await app.post('/api/articles', {
          data: {
            title: 'dup pos',
            tags: {
              connect: [
                { id: ids.alpha, position: { end: true } },
                { id: ids.alpha, position: { start: true } },
              ],
            },
          },
        });
        expectExact(res, 400, validation(`The relation with id ${ids.alpha} is already connected. You cannot connect the same relation twice.`));
        expect(await count('articles')).to.equal(before);
      });

      it('a position may refer to an id connected later in the same array', async () => {
        const a = await create('articles', { title: 'later', tags: { connect: [{ id: ids.alpha, position: { before: ids.gamma } }, { id: ids.gamma }] } });
        expect(await relationIds(a, 'tags')).to.deep.equal([ids.alpha, ids.gamma]);
      });

      it('connecting an already connected id with a position moves it', async () => {
        const a = await create('articles', { title: 'move', tags: [ids.alpha, ids.beta, ids.gamma] });
        const res = await app.put(`/api/articles/${a}`, { data: { tags: { connect: [{ id: ids.gamma, position: { start: true } }] } } });
        expect(res.status, res.text).to.equal(200);
        expect(await relationIds(a, 'tags')).to.deep.equal([ids.gamma, ids.alpha, ids.beta]);
      });

      it('a position naming an id that is not connected is a 400 echoing the position as sent', async () => {
        const a = await create('articles', { title: 'bad pos', tags: [ids.beta] });
        const res = await app.put(`/api/articles/${a}`, { data: { tags: { connect: [{ id: ids.alpha, position: { before: '999' } }] } } });
        expectExact(res, 400, validation(`There was a problem connecting relation with id ${ids.alpha} at position {"before":"999"}. The relation with id 999 needs to be connected first.`));
        expect(await relationIds(a, 'tags')).to.deep.equal([ids.beta]);
      });

      it('set together with connect: set wins and connect is ignored', async () => {
        const a = await create('articles', { title: 'set wins', tags: [ids.alpha] });
        const res = await app.put(`/api/articles/${a}`, { data: { tags: { set: [ids.beta], connect: [ids.gamma] } } });
        expect(res.status, res.text).to.equal(200);
        expect(await relationIds(a, 'tags')).to.deep.equal([ids.beta]);
      });

      it('a circular before/after in connect is a 400 (section 1)', async () => {
        const res = await app.post('/api/articles', {
          data: {
            title: 'circular',
            tags: {
              connect: [
                { id: ids.alpha, position: { before: ids.beta } },
                { id: ids.beta, position: { before: ids.alpha } },
              ],
            },
          },
        });
        expectEnvelope(res, [400], 'ValidationError');
        expect(res.body.error.message).to.match(/^A circular reference was found in the connect array\./);
      });

      it('a non-existent relation id is a 400 with path []', async () => {
        const before = await count('articles');
        const message = '1 relation(s) of type api::tag.tag associated with this entity do not exist';
        expectExact(await app.post('/api/articles', { data: { title: 'ghost', tags: [ids.alpha, 999] } }), 400, yupError(message, []));
        expect(await count('articles')).to.equal(before);
      });

      it('one-way oneToMany does not enforce a single parent', async () => {
        const x = await create('articles', { title: 'parent x', related: [ids.hello] });
        const y = await create('articles', { title: 'parent y', related: [ids.hello] });
        expect(await relationIds(x, 'related')).to.deep.equal([ids.hello]);
        expect(await relationIds(y, 'related')).to.deep.equal([ids.hello]);
      });

      it('one-way oneToOne lets two owners share a target', async () => {
        const other = await create('writers', { name: 'Grace', profile: ids.profile1 });
        for (const writer of [ids.ada, other]) {
          const res = await app.get(`/api/writers/${writer}?fields[0]=name&populate[profile][fields][0]=bio`);
          expect(res.body.data.attributes.profile, `writer ${writer}`).to.deep.equal({ data: { id: ids.profile1, attributes: { bio: 'one' } } });
        }
      });

      it('for to-one relations, arrays, connect and set all keep the last id', async () => {
        const a = await create('articles', { title: 'to-one array', category: [ids.news, ids.sport] });
        expect(await toOneId(a, 'category')).to.equal(ids.sport);
        const b = await create('articles', { title: 'to-one connect', category: { connect: [ids.news, ids.sport] } });
        expect(await toOneId(b, 'category')).to.equal(ids.sport);
        const c = await create('articles', { title: 'to-one set', category: { set: [ids.sport, ids.news] } });
        expect(await toOneId(c, 'category')).to.equal(ids.news);
      });

      it('ours: connect on a media attribute is a 400 ValidationError', async () => {
        const fileId = await insertFile('connect.png');
        const before = await count('articles');
        expectEnvelope(await app.post('/api/articles', { data: { title: 'media connect', cover: { connect: [fileId] } } }), [400], 'ValidationError');
        expect(await count('articles')).to.equal(before);
      });
    });

    describe('validation messages', () => {
      it('an enumeration lists its values with a trailing ", "', async () => {
        const message = 'status must be one of the following values: draft, review, done, ';
        expectExact(await app.post('/api/articles', { data: { title: 'enum', status: 'bogus' } }), 400, yupError(message, ['status']));
      });

      it('a required field sent as null is a type error; an empty string passes', async () => {
        const message = 'title must be a `string` type, but the final value was: `null`.';
        expectExact(await app.post('/api/articles', { data: { title: null } }), 400, yupError(message, ['title']));
        const res = await app.post('/api/articles', { data: { title: '' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.data.attributes.title).to.equal('');
      });

      it('an invalid date is "Invalid format, expected yyyy-MM-dd" with details {}', async () => {
        expectExact(await app.post('/api/articles', { data: { title: 'date', publishedOn: 'not-a-date' } }), 400, validation('Invalid format, expected yyyy-MM-dd'));
      });

      it('numeric and boolean strings are coerced; a datetime sent to a date field is cut to the date', async () => {
        const res = await app.post('/api/articles', { data: { title: 'coerce', views: '5', rating: '2.5', featured: 'true', publishedOn: '2024-01-02T10:20:30.000Z' } });
        expect(res.status, res.text).to.equal(200);
        const { views, rating, featured, publishedOn } = res.body.data.attributes;
        expect({ views, rating, featured, publishedOn }).to.deep.equal({ views: 5, rating: 2.5, featured: true, publishedOn: '2024-01-02' });
      });

      it('an unknown dynamic-zone __component lists all components of the app and adds "Invalid relations"', async () => {
        const message = 'blocks[0].__component must be one of the following values: shared.meta-tag, shared.quote, shared.rich-text, shared.seo';
        expectExact(
          await app.post('/api/articles', { data: { title: 'dz', blocks: [{ __component: 'shared.nope' }] } }),
          400,
          validation('2 errors occurred', {
            errors: [
              { path: ['blocks', '0', '__component'], message, name: 'ValidationError' },
              { path: [], message: 'Invalid relations', name: 'ValidationError' },
            ],
          }),
        );
      });

      it('unique checks are case-sensitive', async () => {
        const res = await app.post('/api/categories', { data: { name: 'news' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.data.attributes.name).to.equal('news');
        expectExact(await app.post('/api/categories', { data: { name: 'News' } }), 400, yupError('This attribute must be unique', ['name']));
      });
    });

    describe('draft & publish and i18n', () => {
      it('locale=de (not configured): a list is 200 and empty; a create is 400 ApplicationError', async () => {
        expectExact(await app.get('/api/articles?locale=de'), 200, { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
        const before = await count('articles');
        expectExact(await app.post('/api/articles', { data: { title: 'de', locale: 'de' } }), 400, envelope(400, 'ApplicationError', "This locale doesn't exist"));
        expect(await count('articles')).to.equal(before);
      });

      it('localization errors are ApplicationError; a missing source entry is a 404 Entity not found', async () => {
        const url = `/api/articles/${ids.hello}/localizations`;
        expectExact(await app.post(url, { title: 'x' }), 400, envelope(400, 'ApplicationError', 'locale is missing'));
        expectExact(await app.post(url, { locale: 'de', title: 'x' }), 400, envelope(400, 'ApplicationError', 'locale is invalid'));
        expectExact(await app.post(url, { locale: 'en', title: 'x' }), 400, envelope(400, 'ApplicationError', 'locale is already used'));
        expectExact(await app.post('/api/articles/999999/localizations', { locale: 'fr', title: 'x' }), 404, envelope(404, 'NotFoundError', 'Entity not found'));
      });

      it('a data-wrapped body on the localizations endpoint gives locale is missing', async () => {
        const before = await count('articles');
        expectExact(await app.post(`/api/articles/${ids.hello}/localizations`, { data: { locale: 'fr', title: 'x' } }), 400, envelope(400, 'ApplicationError', 'locale is missing'));
        expect(await count('articles')).to.equal(before);
      });

      it('populated counts respect publicationState', async () => {
        const writer = await create('writers', { name: 'Counter' });
        await create('articles', { title: 'counted live', author: writer });
        await create('articles', { title: 'counted draft', author: writer, publishedAt: null });
        const live = await app.get(`/api/writers/${writer}?fields[0]=name&populate[articles][count]=true`);
        expectExact(live, 200, { data: { id: writer, attributes: { name: 'Counter', articles: { data: { attributes: { count: 1 } } } } }, meta: {} });
        const preview = await app.get(`/api/writers/${writer}?fields[0]=name&populate[articles][count]=true&publicationState=preview`);
        expectExact(preview, 200, { data: { id: writer, attributes: { name: 'Counter', articles: { data: { attributes: { count: 2 } } } } }, meta: {} });
      });

      it('ours: PUT syncs non-localized fields to every localization', async () => {
        const en = await create('articles', { title: 'Sync me', views: 1, status: 'draft' });
        const fr = await app.post(`/api/articles/${en}/localizations`, { locale: 'fr', title: 'Synchronise-moi' });
        expect(fr.status, fr.text).to.equal(200);
        const res = await app.put(`/api/articles/${en}`, { data: { views: 42, status: 'done', title: 'Synced' } });
        expect(res.status, res.text).to.equal(200);
        const row = await app.knex('articles').where({ id: fr.body.id }).first('title', 'views', 'status', 'locale');
        expect(row).to.deep.equal({ title: 'Synchronise-moi', views: 42, status: 'done', locale: 'fr' });
      });

      it('ours: in live a draft is a 404 by id and hidden in populated relations of a findOne', async () => {
        expectExact(await app.get(`/api/articles/${ids.draft}`), 404, notFound);
        const preview = await app.get(`/api/articles/${ids.draft}?publicationState=preview&fields[0]=title`);
        expect(preview.status, preview.text).to.equal(200);
        const writer = await app.get(`/api/writers/${ids.ada}?fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=id`);
        expect(writer.body.data.attributes.articles.data.map((a: { id: number }) => a.id)).to.deep.equal([ids.hello, ids.second]);
        const holder = await create('articles', { title: 'holds a draft', related: [ids.draft, ids.hello] });
        const related = await app.get(`/api/articles/${holder}?fields[0]=title&populate[related][fields][0]=title`);
        expect(related.body.data.attributes.related).to.deep.equal({ data: [{ id: ids.hello, attributes: { title: 'Hello World' } }] });
      });
    });

    describe('what real frontends send', () => {
      it('qs object shapes: the pieces of mixed populate forms are merged as Strapi 4.13 read them (4.26 populates only seo; checked again 2026-11-27)', async () => {
        const res = await app.get(`/api/articles/${ids.hello}?fields[0]=title&populate[blocks][populate]=*&populate=localizations&populate[seo][populate]=tags`);
        expectExact(res, 200, {
          data: {
            id: ids.hello,
            attributes: {
              title: 'Hello World',
              seo: { id: 1, metaTitle: 'mt', metaDescription: null, tags: [{ id: 1, name: 'n', content: 'c' }] },
              blocks: [
                { id: 1, __component: 'shared.quote', title: 'q', body: 'b' },
                { id: 1, __component: 'shared.rich-text', body: '**rt**' },
              ],
              localizations: { data: [] },
            },
          },
          meta: {},
        });
      });

      it('the same brackets in four encodings give the same answer', async () => {
        const pairs: Array<[string, string]> = [
          ['filters[title][$containsi]', 'hello'],
          ['populate[seo][populate]', '*'],
          ['sort[0]', 'title:asc'],
          ['fields[0]', 'title'],
        ];
        const raw = pairs.map(([k, v]) => `${k}=${v}`).join('&');
        const object = qs.parse(raw);
        const encodings = [qs.stringify(object), qs.stringify(object, { encodeValuesOnly: true }), new URLSearchParams(pairs).toString()];
        expect(encodings[0]).to.include('%5B').and.include('%24').and.include('%2A').and.include('%3A');
        expect(encodings[1]).to.include('[').and.include('%2A');
        expect(encodings[2]).to.include('%5B').and.include('%24').and.include('=*');
        const baseline = await app.get(`/api/articles?${raw}`);
        expect(baseline.body.data.map((a: { id: number }) => a.id)).to.deep.equal([ids.hello]);
        for (const query of encodings) await expectSame(`/api/articles?${query}`, `/api/articles?${raw}`);
      });

      it('%2C between sort entries, a trailing & and a bare trailing ? are accepted', async () => {
        await expectSame('/api/articles?fields[0]=title&sort=views:desc%2Ctitle:asc', '/api/articles?fields[0]=title&sort=views:desc,title:asc');
        await expectSame('/api/tags?sort=name&', '/api/tags?sort=name');
        await expectSame('/api/tags?', '/api/tags');
      });

      it('unknown populate keys are ignored (string and object form)', async () => {
        await expectSame(`/api/articles/${ids.hello}?populate=nope`, `/api/articles/${ids.hello}`);
        await expectSame(`/api/articles/${ids.hello}?populate[nope]=*`, `/api/articles/${ids.hello}`);
        await expectSame(`/api/articles/${ids.hello}?populate[nope][populate]=*&populate[tags]=*`, `/api/articles/${ids.hello}?populate[tags]=*`);
      });

      it('__component inside a dynamic-zone populate is ignored', async () => {
        await expectSame(`/api/articles/${ids.hello}?populate[blocks][populate][__component]=*`, `/api/articles/${ids.hello}?populate[blocks]=*`);
      });

      it('locale on a non-localized type and the v3 published_at_null=true are ignored', async () => {
        await expectSame('/api/tags?locale=fr', '/api/tags');
        await expectSame('/api/articles?published_at_null=true', '/api/articles');
      });

      it('fields[0]=id is accepted (id only)', async () => {
        const res = await app.get('/api/tags?fields[0]=id');
        expectExact(res, 200, { data: [ids.alpha, ids.beta, ids.gamma].map((id) => ({ id, attributes: {} })), meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } } });
      });

      it('a JSON body on DELETE is ignored', async () => {
        const tag = await create('tags', { name: 'to delete' });
        const res = await app.request('DELETE', `/api/tags/${tag}`, { data: { name: 'changed' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.data).to.include({ id: tag });
        expect(res.body.data.attributes.name).to.equal('to delete');
        expect(await app.knex('tags').where({ id: tag }).first()).to.equal(undefined);
      });

      it('POST .../localizations copies the non-localized scalar fields, not components, media or dynamic zones', async () => {
        const cover = await insertFile('localized-cover.png');
        const en = await create('articles', {
          title: 'Copy me',
          views: 9,
          rating: 1.5,
          featured: true,
          status: 'review',
          meta: { k: 1 },
          cover,
          seo: { metaTitle: 'en seo' },
          blocks: [{ __component: 'shared.quote', title: 'en quote' }],
        });
        const res = await app.post(`/api/articles/${en}/localizations`, { locale: 'fr', title: 'Copie' });
        expect(res.status, res.text).to.equal(200);
        const fr = res.body.id;
        const { title, views, rating, featured, status, meta, locale, publishedAt } = res.body;
        expect({ title, views, rating, featured, status, meta, locale, publishedAt }).to.deep.equal({
          title: 'Copie',
          views: 9,
          rating: 1.5,
          featured: true,
          status: 'review',
          meta: { k: 1 },
          locale: 'fr',
          publishedAt: null,
        });
        expect(Object.keys(res.body)).to.not.include.members(['seo', 'blocks', 'cover']);
        expect(await countRows(app.knex('articles_components').where({ entity_id: fr })), 'component rows of the localization').to.equal(0);
        expect(await countRows(app.knex('files_related_morphs').where({ related_id: fr, related_type: 'api::article.article' })), 'media rows of the localization').to.equal(0);
        expect(await countRows(app.knex('files_related_morphs').where({ related_id: en, related_type: 'api::article.article' })), 'media rows of the source').to.equal(1);
      });

      it('GET /api/content-type-builder/content-types and /components describe the model, read-only', async () => {
        const types = await app.get('/api/content-type-builder/content-types');
        expect(types.status, types.text).to.equal(200);
        const article = types.body.data.find((item: { uid: string }) => item.uid === 'api::article.article');
        expect(Object.keys(article)).to.deep.equal(['uid', 'apiID', 'schema']);
        expect(article.apiID).to.equal('article');
        expect({ kind: article.schema.kind, collectionName: article.schema.collectionName, title: article.schema.attributes.title }).to.deep.equal({
          kind: 'collectionType',
          collectionName: 'articles',
          title: { type: 'string', required: true, maxLength: 200, pluginOptions: { i18n: { localized: true } } },
        });
        expect(article.schema.attributes.blocks).to.deep.equal({ type: 'dynamiczone', components: ['shared.quote', 'shared.rich-text'], pluginOptions: { i18n: { localized: true } } });
        const global = types.body.data.find((item: { uid: string }) => item.uid === 'api::global.global');
        expect(global.schema.kind).to.equal('singleType');
        const components = await app.get('/api/content-type-builder/components');
        expect(components.status, components.text).to.equal(200);
        const seo = components.body.data.find((item: { uid: string }) => item.uid === 'shared.seo');
        expect({ collectionName: seo.schema.collectionName, attributes: seo.schema.attributes }).to.deep.equal({
          collectionName: 'components_shared_seos',
          attributes: { metaTitle: { type: 'string', maxLength: 70 }, metaDescription: { type: 'text' }, tags: { type: 'component', component: 'shared.meta-tag', repeatable: true } },
        });
        expectExact(await app.post('/api/content-type-builder/content-types', { data: {} }), 405, methodNotAllowed);
      });

      it('content-type-builder: a schema without pluginOptions has no pluginOptions key', async () => {
        const types = (await app.get('/api/content-type-builder/content-types')).body.data as { uid: string; schema: Record<string, unknown> }[];
        const schemaOf = (uid: string) => types.find((item) => item.uid === uid)?.schema ?? {};
        expect(Object.keys(schemaOf('api::tag.tag'))).to.deep.equal(['draftAndPublish', 'displayName', 'singularName', 'pluralName', 'description', 'kind', 'collectionName', 'attributes', 'visible']);
        expect(schemaOf('api::article.article').pluginOptions).to.deep.equal({ i18n: { localized: true } });
        const components = (await app.get('/api/content-type-builder/components')).body.data as { uid: string; schema: Record<string, unknown> }[];
        const seo = components.find((item) => item.uid === 'shared.seo');
        expect(Object.keys(seo?.schema ?? {})).to.deep.equal(['displayName', 'description', 'collectionName', 'attributes']);
      });

      it("content-type-builder lists a category's components in reverse file order, as Strapi 4.26 does", async () => {
        const components = await app.get('/api/content-type-builder/components');
        expect(components.status, components.text).to.equal(200);
        // components/shared/{meta-tag,quote,rich-text,seo}.json
        expect(components.body.data.map((item: { uid: string }) => item.uid)).to.deep.equal(['shared.seo', 'shared.rich-text', 'shared.quote', 'shared.meta-tag']);
      });

      it('a path id that cannot be an id is 404 Not Found on GET, PUT and DELETE, and writes nothing', async () => {
        const before = await app.knex('categories').orderBy('id').select('id', 'name');
        for (const id of ['abc', '1abc', '-1', '1.0']) {
          expectExact(await app.get(`/api/categories/${id}`), 404, notFound);
          expectExact(await app.put(`/api/categories/${id}`, { data: { name: 'X' } }), 404, notFound);
          expectExact(await app.del(`/api/categories/${id}`), 404, notFound);
        }
        expect(await app.knex('categories').orderBy('id').select('id', 'name')).to.deep.equal(before);
      });

      it('pagination[limit]=0 answers with limit: 1', async () => {
        const res = await app.get('/api/tags?fields[0]=name&pagination[limit]=0');
        expectExact(res, 200, { data: [{ id: ids.alpha, attributes: { name: 'alpha' } }], meta: { pagination: { start: 0, limit: 1, total: 3 } } });
      });
    });

    describe('earlier sections of the facts that the verified section does not contradict', () => {
      it('_q searches the string columns (section 5)', async () => {
        const res = await app.get('/api/articles?fields[0]=title&_q=Secon');
        expectExact(res, 200, { data: [{ id: ids.second, attributes: { title: 'Second' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
      });
    });

    describe('hostile input: a 400 (or 413) envelope, never a 500', () => {
      it('malformed query strings', async () => {
        for (const query of [
          'filters=abc',
          'filters[0]=x',
          'filters[$and]=x',
          'sort=title:up',
          'sort[title]=sideways',
          'publicationState=foo',
          'fields[0][x]=y',
          'pagination=5&pagination[page]=2',
          'filters[%ZZ]=1',
          'sort=%',
          'filters[[title]]=x',
          'locale[$ne]=x',
        ]) {
          const res = await app.get(`/api/articles?${query}`);
          expectEnvelope(res, [400], 'ValidationError');
        }
      });

      it('NaN and Infinity in pagination', async () => {
        for (const query of [
          'pagination[page]=abc',
          'pagination[pageSize]=NaN',
          'pagination[pageSize]=Infinity',
          'pagination[start]=-Infinity',
          'pagination[limit]=1e999',
          'pagination[withCount]=maybe',
        ]) {
          expectEnvelope(await app.get(`/api/articles?${query}`), [400], 'ValidationError');
        }
      });

      it('operators at the wrong level', async () => {
        for (const query of ['filters[$eq]=1', 'filters[$containsi]=x', 'filters[$in][0]=1', 'filters[$null]=true']) {
          expectEnvelope(await app.get(`/api/articles?${query}`), [400], 'ValidationError');
        }
      });

      it('malformed $between', async () => {
        for (const query of [
          'filters[views][$between]=1',
          'filters[views][$between][0]=1',
          'filters[views][$between][0]=1&filters[views][$between][1]=2&filters[views][$between][2]=3',
          'filters[views][$between][a]=1',
        ]) {
          expectEnvelope(await app.get(`/api/articles?${query}`), [400], 'ValidationError');
        }
      });

      it('__proto__ keys in bodies, nothing written', async () => {
        const before = { tags: await count('tags'), articles: await count('articles') };
        const bodies: Array<[string, string]> = [
          ['/api/tags', '{"data":{"name":"proto","__proto__":{"name":"evil"}}}'],
          ['/api/tags', '{"__proto__":{"data":{"name":"evil"}},"data":{"name":"proto2"}}'],
          ['/api/articles', '{"data":{"title":"proto","seo":{"metaTitle":"m","__proto__":{"metaTitle":"evil"}}}}'],
        ];
        for (const [url, raw] of bodies) {
          const res = await app.request('POST', url, raw, { 'content-type': 'application/json' });
          // refused by the body parser (the malformed-JSON envelope: SyntaxError, no details) or by validation
          if (res.body?.error?.name === 'SyntaxError') expect(Object.keys(res.body.error)).to.deep.equal(['status', 'name', 'message']);
          else expectEnvelope(res, [400], 'ValidationError');
          expect(res.status, res.text).to.equal(400);
          expect(res.body.error.message, 'names the problem').to.match(/proto/i);
        }
        expect({ tags: await count('tags'), articles: await count('articles') }).to.deep.equal(before);
      });

      for (const where of ['meta', 'unknown']) {
        it(`JSON nested 10,000+ levels (in ${where === 'meta' ? 'a json attribute' : 'an unknown key'}), nothing written`, async () => {
          const before = await count('articles');
          const deep = '['.repeat(10001) + ']'.repeat(10001);
          expectEnvelope(await app.request('POST', '/api/articles', `{"data":{"title":"deep","${where}":${deep}}}`, { 'content-type': 'application/json' }), [400, 413]);
          expect(await count('articles')).to.equal(before);
        });
      }

      it('a dotted populate path 60 levels deep answers 400 before any SQL runs', async () => {
        const path = Array.from({ length: 30 }, () => 'category.articles').join('.');
        const { result: res, count } = await app.countQueries(() => app.get(`/api/articles?populate=${path}`));
        expect(count).to.equal(0);
        expectEnvelope(res, [400], 'ValidationError');
      });

      it('a dynamic zone of 100,000 items and 5,000 repeatable components answer 400/413, nothing written', async () => {
        const before = { articles: await count('articles'), quotes: await count('components_shared_quotes'), metas: await count('components_shared_meta_tags') };
        const blocks = `[${Array.from({ length: 100000 }, () => '{"__component":"shared.quote"}').join(',')}]`;
        const dz = await app.request('POST', '/api/articles', `{"data":{"title":"huge dz","blocks":${blocks}}}`, { 'content-type': 'application/json' });
        expectEnvelope(dz, [400, 413]);
        const tags = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ name: `n${i}` })));
        const repeatable = await app.request('POST', '/api/articles', `{"data":{"title":"huge seo","seo":{"metaTitle":"m","tags":${tags}}}}`, { 'content-type': 'application/json' });
        expectEnvelope(repeatable, [400, 413]);
        expect({ articles: await count('articles'), quotes: await count('components_shared_quotes'), metas: await count('components_shared_meta_tags') }).to.deep.equal(before);
      });

      it('a dynamic zone does not accept a component it does not list', async () => {
        expectEnvelope(await app.post('/api/articles', { data: { title: 'seo in dz', blocks: [{ __component: 'shared.seo', metaTitle: 'x' }] } }), [400], 'ValidationError');
      });

      it('LIKE wildcards in $contains/$startsWith/$endsWith/$containsi/$eqi are matched literally', async () => {
        const percent = await create('tags', { name: 'like%1' });
        const under = await create('tags', { name: 'like_1' });
        const plain = await create('tags', { name: 'likeX1' });
        const cases: Array<[string, number[]]> = [
          ['filters[name][$contains]=%25', [percent]],
          ['filters[name][$contains]=e_', [under]],
          ['filters[name][$startsWith]=like_', [under]],
          ['filters[name][$endsWith]=%251', [percent]],
          ['filters[name][$containsi]=E_', [under]],
          ['filters[name][$eqi]=LIKE_1', [under]],
          ['filters[name][$startsWith]=like&filters[name][$notContains]=%25', [under, plain]],
        ];
        for (const [query, expected] of cases) {
          const res = await app.get(`/api/tags?${query}&sort=id`);
          expect(res.status, `${query}: ${res.text}`).to.equal(200);
          expect(
            res.body.data.map((t: { id: number }) => t.id),
            query,
          ).to.deep.equal(expected);
        }
      });

      it('sorting by a to-many relation returns each entry once', async () => {
        const all = await app.get('/api/articles?fields[0]=title&pagination[pageSize]=100');
        const res = await app.get('/api/articles?fields[0]=title&sort=tags.name:asc&pagination[pageSize]=100');
        expect(res.status, res.text).to.equal(200);
        const got = res.body.data.map((a: { id: number }) => a.id);
        expect(new Set(got).size, 'no entry twice').to.equal(got.length);
        expect([...got].sort((a, b) => a - b)).to.deep.equal(all.body.data.map((a: { id: number }) => a.id));
        expect(res.body.meta.pagination.total).to.equal(all.body.meta.pagination.total);
      });

      it("random query strings built from the query language's own words never answer a 500", async () => {
        const roots = ['filters', 'sort', 'populate', 'fields', 'pagination', 'publicationState', 'locale', '_q'];
        const words = [
          'title',
          'views',
          'category',
          'tags',
          'seo',
          'blocks',
          'author',
          'secret',
          'id',
          'name',
          'localizations',
          '$eq',
          '$in',
          '$between',
          '$null',
          '$or',
          '$and',
          '$not',
          '$foo',
          '$containsi',
          'populate',
          'fields',
          'filters',
          'sort',
          'on',
          'shared.quote',
          'count',
          '0',
          '1',
          'page',
          'pageSize',
          'start',
          'limit',
          'withCount',
          '',
          '*',
          '__proto__',
          'constructor',
          'category.articles',
        ];
        const values = ['', '*', 'x', '1', '-1', '0', 'NaN', 'Infinity', 'true', 'asc', 'title:desc', '%', '%25', '%E0%A4%A', '[', ']', '$eq', 'title,views', '1e999', '__proto__', 'preview', 'fr'];
        const pair = fc
          .record({
            root: fc.constantFrom(...roots),
            path: fc.array(fc.constantFrom(...words), { maxLength: 5 }),
            value: fc.option(fc.constantFrom(...values), { nil: undefined }),
            encoded: fc.boolean(),
          })
          .map(({ root, path, value, encoded }) => {
            const key = root + path.map((w) => (encoded ? `%5B${encodeURIComponent(w)}%5D` : `[${w}]`)).join('');
            return value === undefined ? key : `${key}=${value}`;
          });
        const target = fc.constantFrom('/api/articles', `/api/articles/${ids.hello}`, '/api/writers', '/api/global');
        const seed = Number(process.env.FUZZ_SEED ?? 20261126);
        await fc.assert(
          fc.asyncProperty(target, fc.array(pair, { minLength: 1, maxLength: 5 }), async (url, pairs) => {
            const res = await app.get(`${url}?${pairs.join('&')}`);
            expect(res.status, `${url}?${pairs.join('&')} -> ${res.text.slice(0, 200)}`).to.be.below(500);
            if (res.status >= 400) expectEnvelope(res, [400, 404]);
          }),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed },
        );
      });

      it('random write bodies never answer a 500', async () => {
        const keys = [
          'title',
          'slug',
          'body',
          'views',
          'rating',
          'price',
          'publishedOn',
          'featured',
          'meta',
          'status',
          'contactEmail',
          'category',
          'tags',
          'author',
          'related',
          'cover',
          'seo',
          'blocks',
          'locale',
          'localizations',
          'publishedAt',
          'createdAt',
          'id',
          'bogus',
        ];
        const relationish = fc.oneof(
          fc.constantFrom(1, '1', 999, -1, 0, 1.5, 'x', null, [], [1, 1], { connect: [1] }, { set: [] }, { disconnect: [{ id: 'x' }] }, { connect: [{ id: 1, position: { after: 1 } }] }),
          fc.record({
            connect: fc.array(fc.oneof(fc.integer(), fc.record({ id: fc.integer(), position: fc.dictionary(fc.constantFrom('before', 'after', 'start', 'end'), fc.jsonValue({ maxDepth: 1 })) })), {
              maxLength: 3,
            }),
          }),
        );
        const component = fc.oneof(
          fc.record(
            { __component: fc.constantFrom('shared.quote', 'shared.rich-text', 'shared.seo', 'x', ''), title: fc.jsonValue({ maxDepth: 1 }), id: fc.jsonValue({ maxDepth: 0 }) },
            { requiredKeys: [] },
          ),
          fc.record({ metaTitle: fc.jsonValue({ maxDepth: 1 }), tags: fc.jsonValue({ maxDepth: 2 }), id: fc.jsonValue({ maxDepth: 0 }) }, { requiredKeys: [] }),
        );
        const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), relationish, component, fc.array(component, { maxLength: 3 }));
        const data = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 });
        const seed = Number(process.env.FUZZ_SEED ?? 20261126);
        const target = await create('articles', { title: 'fuzz target' });
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom('POST', 'PUT'), data, async (method, body) => {
            const url = method === 'POST' ? '/api/articles' : `/api/articles/${target}`;
            const res = await app.request(method, url, { data: { title: 'fuzz', ...body } });
            expect(res.status, `${method} ${JSON.stringify(body)} -> ${res.text.slice(0, 200)}`).to.be.below(500);
            if (res.status >= 400) expectEnvelope(res, [400, 404]);
            else accepted += 1;
          }),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed },
        );
        expect(accepted, 'some random bodies are valid writes').to.be.above(0);
      });

      it('data: [] on PUT, [1] for an integer and "Infinity" for an integer are 400, nothing written', async () => {
        const before = await app.knex('articles').where({ id: ids.second }).first('title', 'views');
        for (const data of [[], { views: [1] }, { views: 'Infinity' }]) {
          expectEnvelope(await app.put(`/api/articles/${ids.second}`, { data }), [400], 'ValidationError');
        }
        expect(await app.knex('articles').where({ id: ids.second }).first('title', 'views')).to.deep.equal(before);
      });
    });
  },
  { plugins: [boomPlugin] },
);
