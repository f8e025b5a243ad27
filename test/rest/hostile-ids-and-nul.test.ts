/**
 * Inputs PostgreSQL refuses where the other databases quietly find nothing: ids beyond the
 * 32-bit id column and NUL characters in query parameters and request bodies. Same answer
 * everywhere, never a 500.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const NUL = { data: null, error: { status: 400, name: 'ValidationError', message: 'Malformed query string: it contains a NUL character (%00)', details: {} } };

describeEachDatabase('ids beyond the id column and NUL characters', (ctx) => {
  before(async () => {
    const res = await ctx.app.post('/api/tags', { data: { name: 'kept' } });
    expect(res.status).to.equal(200);
  });

  it('answers 404 for an id above 2147483647 on read, update and delete, and changes nothing', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { data: { name: 'x' } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.app.request(method, '/api/tags/99999999999', body);
      expect(res.status, method).to.equal(404);
      expect(res.body, method).to.deep.equal(NOT_FOUND);
    }
    expect(await ctx.app.knex('tags').select('name')).to.deep.equal([{ name: 'kept' }]);
  });

  it('answers 404 Entity not found when localizing an entry by an id above 2147483647, and writes nothing', async () => {
    const res = await ctx.app.post('/api/articles/99999999999/localizations', { locale: 'fr', title: 'x' });
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Entity not found', details: {} } });
    expect(await ctx.app.knex('articles').select('id')).to.deep.equal([]);
  });

  it('answers 400 naming the NUL character in a filter value or a locale', async () => {
    for (const path of ['/api/tags?filters[name][$eq]=a%00b', '/api/articles?locale=f%00r', '/api/tags?sort=name%00']) {
      const res = await ctx.app.get(path);
      expect(res.status, path).to.equal(400);
      expect(res.body, path).to.deep.equal(NUL);
    }
  });

  it('answers 400 naming the attribute for a NUL character in a body, at any depth or in a JSON key, and writes nothing', async () => {
    const nul = (path: string[], shown: string) => {
      const message = `${shown} must not contain the NUL character`;
      return { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path, message, name: 'ValidationError' }] } } };
    };
    const before = await ctx.app.knex('tags').orderBy('id').select('id', 'name');
    for (const [method, path, body, expected] of [
      ['POST', '/api/tags', { data: { name: 'a\u0000b' } }, nul(['name'], 'name')],
      ['PUT', `/api/tags/${before[0].id}`, { data: { name: 'x\u0000' } }, nul(['name'], 'name')],
      ['POST', '/api/articles', { data: { title: 't', seo: { metaTitle: 'm', tags: [{ name: 'n', content: '\u0000' }] } } }, nul(['seo', 'tags', '0', 'content'], 'seo.tags[0].content')],
      ['POST', '/api/articles', { data: { title: 't', meta: { 'key\u0000': 1 } } }, nul(['meta'], 'meta')],
    ] as const) {
      const res = await ctx.app.request(method, path, body);
      expect(res.status, `${method} ${path}`).to.equal(400);
      expect(res.body, `${method} ${path}`).to.deep.equal(expected);
    }
    expect(await ctx.app.knex('tags').orderBy('id').select('id', 'name')).to.deep.equal(before);
    expect(await ctx.app.knex('articles').select('id')).to.deep.equal([]);
  });

  it('still answers a 2147483647 id as a plain miss', async () => {
    const res = await ctx.app.get('/api/tags/2147483647');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal(NOT_FOUND);
  });
});
