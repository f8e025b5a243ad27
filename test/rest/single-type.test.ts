/**
 * The REST routes of a single type (`global`): GET/PUT/DELETE on `/api/global`, PUT creating
 * then updating the one entry, 404 when empty, 405 for other methods, and the rows behind it.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const methodNotAllowed = { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } };

describeEachDatabase('REST single type routes', (ctx) => {
  it('GET and DELETE on the empty single type answer 404 Not Found', async () => {
    expect(await ctx.app.get('/api/global')).to.deep.include({ status: 404, body: notFound });
    expect(await ctx.app.del('/api/global')).to.deep.include({ status: 404, body: notFound });
    expect(await ctx.app.knex('globals').select('id')).to.deep.equal([]);
  });

  it('PUT without data is a 400 and creates nothing', async () => {
    const res = await ctx.app.put('/api/global', { siteName: 'Peer' });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} } });
    expect(await ctx.app.knex('globals').select('id')).to.deep.equal([]);
  });

  it('PUT creates the entry when there is none (transcript shape)', async () => {
    const res = await ctx.app.put('/api/global', { data: { siteName: 'Peer', defaultSeo: { metaTitle: 'site' } } });
    expect(res.status).to.equal(200);
    const { createdAt, updatedAt } = res.body.data.attributes;
    expect(createdAt).to.match(ISO);
    expect(updatedAt).to.match(ISO);
    expect(res.text).to.equal(`{"data":{"id":1,"attributes":{"siteName":"Peer","description":null,"createdAt":"${createdAt}","updatedAt":"${updatedAt}"}},"meta":{}}`);
    expect(await ctx.app.knex('globals').select('id', 'site_name', 'description')).to.deep.equal([{ id: 1, site_name: 'Peer', description: null }]);
  });

  it('GET answers the entry; populate=* adds the component unwrapped', async () => {
    const plain = await ctx.app.get('/api/global');
    expect(plain.status).to.equal(200);
    expect(plain.body.data.id).to.equal(1);
    expect(Object.keys(plain.body.data.attributes)).to.deep.equal(['siteName', 'description', 'createdAt', 'updatedAt']);
    const populated = await ctx.app.get('/api/global?populate=*');
    expect(populated.status).to.equal(200);
    const { createdAt, updatedAt } = populated.body.data.attributes;
    expect(populated.body).to.deep.equal({
      data: { id: 1, attributes: { siteName: 'Peer', description: null, createdAt, updatedAt, defaultSeo: { id: 1, metaTitle: 'site', metaDescription: null } } },
      meta: {},
    });
  });

  it('a second PUT updates the same entry partially', async () => {
    const res = await ctx.app.put('/api/global', { data: { description: 'All the news' } });
    expect(res.status).to.equal(200);
    expect(res.body.data.id).to.equal(1);
    expect(res.body.data.attributes).to.deep.include({ siteName: 'Peer', description: 'All the news' });
    expect(await ctx.app.knex('globals').select('id', 'site_name', 'description')).to.deep.equal([{ id: 1, site_name: 'Peer', description: 'All the news' }]);
  });

  it('other methods and paths: 405 on /api/global, 404 below it', async () => {
    expect(await ctx.app.post('/api/global', { data: { siteName: 'x' } })).to.deep.include({ status: 405, body: methodNotAllowed });
    expect(await ctx.app.request('PATCH', '/api/global', { data: {} })).to.deep.include({ status: 405, body: methodNotAllowed });
    expect(await ctx.app.get('/api/global/1')).to.deep.include({ status: 404, body: notFound });
    expect(await ctx.app.get('/api/globals')).to.deep.include({ status: 404, body: notFound });
  });

  it('DELETE answers the deleted entry, then the single type is empty again', async () => {
    const before = await ctx.app.get('/api/global');
    const res = await ctx.app.del('/api/global');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(before.body);
    expect(await ctx.app.knex('globals').select('id')).to.deep.equal([]);
    expect(await ctx.app.get('/api/global')).to.deep.include({ status: 404, body: notFound });
    const again = await ctx.app.put('/api/global', { data: { siteName: 'Again' } });
    expect(again.status).to.equal(200);
    expect(await ctx.app.knex('globals').select('site_name')).to.deep.equal([{ site_name: 'Again' }]);
  });
});
