/**
 * Strapi v4 factories in an app (test/fixtures/custom-app): core controllers and services
 * overridden with `super`, a core router with only/except/config/prefix, custom routes with
 * policies and route middlewares, a plain controller object, and a content-type without any
 * file of its own.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const APP = path.resolve(__dirname, '..', 'fixtures', 'custom-app');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const policyFailed = { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } };
const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const methodNotAllowed = { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } };

describeEachDatabase(
  'Strapi v4 factories in an app',
  (ctx) => {
    it('a core service override reshapes data through super.create; private attributes stay out', async () => {
      const res = await ctx.app.post('/api/books', { data: { title: 'Dune', pages: 412, secret: 's3' } });
      expect(res.status).to.equal(200);
      const { createdAt, updatedAt } = res.body.data.attributes;
      expect(createdAt).to.match(ISO);
      expect(updatedAt).to.match(ISO);
      expect(res.text).to.equal(`{"data":{"id":1,"attributes":{"title":"Dune!","pages":412,"createdAt":"${createdAt}","updatedAt":"${updatedAt}"}},"meta":{}}`);
      const rows = await ctx.app.knex('books').select('id', 'title', 'pages', 'secret');
      expect(rows).to.deep.equal([{ id: 1, title: 'Dune!', pages: 412, secret: 's3' }]);
    });

    it('a core controller override reshapes super.find (meta) and runs the route middleware', async () => {
      const res = await ctx.app.get('/api/books');
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-stamp')).to.equal('default');
      expect(res.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 }, source: 'custom-find' });
      expect(res.body.data).to.have.length(1);
      expect(res.body.data[0].attributes).to.deep.include({ title: 'Dune!', pages: 412 });
      expect(res.body.data[0].attributes).to.not.have.property('secret');
    });

    it('a core controller override reshapes super.findOne (data)', async () => {
      const res = await ctx.app.get('/api/books/1');
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-stamp')).to.equal(null);
      expect(res.body.data.attributes).to.deep.include({ title: 'DUNE!', pages: 412 });
      expect(res.body.meta).to.deep.equal({});
    });

    it('an override written without a null check still answers 404 for a missing id', async () => {
      const res = await ctx.app.get('/api/books/999');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(notFound);
    });

    it('a custom route reaches a custom action that uses the custom service (before /books/:id)', async () => {
      await ctx.app.post('/api/books', { data: { title: 'Emma' } });
      const res = await ctx.app.get('/api/books/count');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ count: 2 });
    });

    it('a policy returning false answers 403 PolicyError on a custom route', async () => {
      const res = await ctx.app.get('/api/books/forbidden');
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(policyFailed);
    });

    it('a policy referenced by full uid decides per request', async () => {
      const denied = await ctx.app.get('/api/books/guarded');
      expect(denied.status).to.equal(403);
      expect(denied.body).to.deep.equal(policyFailed);
      const allowed = await ctx.app.get('/api/books/guarded', { 'x-allow': 'yes' });
      expect(allowed.status).to.equal(200);
      expect(allowed.body.meta.source).to.equal('custom-find');
    });

    it('a policy in the core router config blocks update and writes nothing', async () => {
      const res = await ctx.app.put('/api/books/1', { data: { title: 'Changed' } });
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(policyFailed);
      expect((await ctx.app.knex('books').where({ id: 1 }).first('title')).title).to.equal('Dune!');
    });

    it('`except: [delete]` leaves DELETE out (405 on the known path) and the entry in place', async () => {
      const res = await ctx.app.del('/api/books/1');
      expect(res.status).to.equal(405);
      expect(res.body).to.deep.equal(methodNotAllowed);
      expect(await ctx.app.knex('books').where({ id: 1 }).first('id')).to.deep.equal({ id: 1 });
    });

    it('a plain controller object serves a custom route with a configured middleware and auth: false', async () => {
      const res = await ctx.app.get('/api/books/ping');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ pong: true, stamp: 'configured' });
      expect(res.headers.get('x-stamp')).to.equal('configured');
    });

    it('a custom action that returns null answers the 404 envelope', async () => {
      const res = await ctx.app.get('/api/books/nothing');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(notFound);
    });

    it('`prefix` and `only` shape the core routes of a router', async () => {
      const created = await ctx.app.post('/api/v2/notes', { data: { text: 'hi' } });
      expect(created.status).to.equal(200);
      expect(created.body.data).to.deep.include({ id: 1 });
      expect(created.body.data.attributes).to.deep.include({ text: 'hi' });
      const list = await ctx.app.get('/api/v2/notes');
      expect(list.status).to.equal(200);
      expect(list.body.data.map((n: { id: number }) => n.id)).to.deep.equal([1]);
      expect(await ctx.app.get('/api/notes')).to.deep.include({ status: 404, body: notFound });
      expect(await ctx.app.get('/api/v2/notes/1')).to.deep.include({ status: 404, body: notFound });
      expect(await ctx.app.put('/api/v2/notes', { data: {} })).to.deep.include({ status: 405, body: methodNotAllowed });
      expect(await ctx.app.knex('notes').select('id', 'text')).to.deep.equal([{ id: 1, text: 'hi' }]);
    });

    it('sanitizers a controller overrides run in the core actions and in super.find', async () => {
      const kept = await ctx.app.post('/api/memos', { data: { text: '  keep  ' } });
      expect([kept.status, kept.body.data.attributes.text]).to.deep.equal([200, 'KEEP']);
      const hidden = await ctx.app.post('/api/memos', { data: { text: ' hidden ' } });
      expect([hidden.status, hidden.body.data.attributes.text]).to.deep.equal([200, 'HIDDEN']);
      expect(await ctx.app.knex('memos').select('id', 'text').orderBy('id')).to.deep.equal([
        { id: kept.body.data.id, text: 'keep' },
        { id: hidden.body.data.id, text: 'hidden' },
      ]);
      const list = await ctx.app.get('/api/memos');
      expect(list.status).to.equal(200);
      expect(list.body.data.map((m: { id: number; attributes: { text: string } }) => [m.id, m.attributes.text])).to.deep.equal([[kept.body.data.id, 'KEEP']]);
      expect(list.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 }, via: 'super.find' });
      const filtered = await ctx.app.get('/api/memos?filters[text][$eq]=hidden');
      expect([filtered.status, filtered.body.data]).to.deep.equal([200, []]);
      // a read by id takes no filters (Strapi v4's findOne keeps only fields and populate): the core findOne, with its output override
      const one = await ctx.app.get(`/api/memos/${hidden.body.data.id}`);
      expect([one.status, one.body.data.attributes.text]).to.deep.equal([200, 'HIDDEN']);
    });

    it('a content-type without controller, service or routes files gets the core ones', async () => {
      const created = await ctx.app.post('/api/shelves', { data: { label: 'A' } });
      expect(created.status).to.equal(200);
      expect(created.body.data.attributes).to.deep.include({ label: 'A' });
      const one = await ctx.app.get(`/api/shelves/${created.body.data.id}`);
      expect(one.body).to.deep.equal(created.body);
      const deleted = await ctx.app.del(`/api/shelves/${created.body.data.id}`);
      expect(deleted.status).to.equal(200);
      expect(await ctx.app.knex('shelves').count({ n: '*' }).first()).to.satisfy((r: { n: unknown }) => Number(r.n) === 0);
    });

    it('registers the app parts under api::<api>.<name>', () => {
      const { platform } = ctx.app;
      for (const uid of ['api::book.book', 'api::book.ping', 'api::memo.memo', 'api::note.note', 'api::shelf.shelf']) expect(platform.controllers.has(uid), uid).to.equal(true);
      for (const uid of ['api::book.book', 'api::note.note', 'api::shelf.shelf']) expect(platform.services.has(uid), uid).to.equal(true);
      expect(platform.policies.has('api::book.deny')).to.equal(true);
      expect(platform.policies.has('api::book.has-header')).to.equal(true);
      expect(platform.middlewares.has('api::book.stamp')).to.equal(true);
      const configOf = (method: string, path: string) => platform.routes().find((r) => r.route.method === method && r.path === path)?.route.config;
      expect(configOf('GET', '/api/books')).to.deep.equal({ middlewares: ['stamp'], auth: { scope: ['api::book.book.find'] } });
      expect(configOf('PUT', '/api/books/:id')).to.deep.equal({ policies: ['deny'], auth: { scope: ['api::book.book.update'] } });
      expect(configOf('GET', '/api/books/count')).to.deep.equal({ auth: { scope: ['api::book.book.count'] } });
      expect(configOf('GET', '/api/books/ping')?.auth).to.equal(false);
      expect(configOf('GET', '/api/shelves/:id')).to.deep.equal({ auth: { scope: ['api::shelf.shelf.findOne'] } });
      const handlers = platform
        .routes()
        .filter((r) => r.path.startsWith('/api/books') || r.path.includes('notes'))
        .map((r) => `${r.route.method} ${r.path}`);
      expect(handlers).to.deep.equal([
        'GET /api/books/count',
        'GET /api/books/forbidden',
        'GET /api/books/guarded',
        'GET /api/books/nothing',
        'GET /api/books/ping',
        'GET /api/books',
        'GET /api/books/:id',
        'POST /api/books',
        'PUT /api/books/:id',
        'GET /api/v2/notes',
        'POST /api/v2/notes',
      ]);
    });
  },
  { appDir: APP },
);
