import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('HTTP error envelope', (ctx) => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await ctx.app.get('/api/does-not-exist');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });

  it('answers a malformed JSON body with a 400 SyntaxError and no details', async () => {
    const res = await ctx.app.request('POST', '/api/does-not-exist', '{bad', { 'content-type': 'application/json' });
    expect(res.status).to.equal(400);
    expect(res.body.data).to.equal(null);
    expect(res.body.error.status).to.equal(400);
    expect(res.body.error.name).to.equal('SyntaxError');
    expect(res.body.error).to.not.have.property('details');
  });

  it('answers a body over the limit with a 413 envelope', async () => {
    const big = JSON.stringify({ data: { title: 'x'.repeat(2 * 1024 * 1024) } });
    const res = await ctx.app.request('POST', '/api/does-not-exist', big, { 'content-type': 'application/json' });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'Entity too large', details: {} } });
  });
});
