/**
 * `sanitizeOutput` copies on write: an entry with nothing to remove comes back as it is (no
 * allocation on the hot path), one with something to remove is a copy and the input is left
 * untouched, at every depth.
 */
import path from 'node:path';
import { expect } from 'chai';
import { startApp, type TestApp } from '../../../test/helpers/app';
import { sanitizeOutput } from '../src/sanitize';

const APP = path.join(__dirname, 'fixtures', 'shapes-app');

describe('sanitizeOutput (copy on write)', function () {
  this.timeout(30000);
  let app: TestApp;
  const clean = (value: unknown, uid: string) => sanitizeOutput(value, app.platform.models.get(uid), app.platform.models);
  before(async () => {
    app = await startApp({ appDir: APP, client: 'sqlite' });
  });
  after(async () => {
    await app?.close();
  });

  it('returns the same objects when nothing is private', () => {
    const entity = { id: 1, title: 'a', author: { id: 2, name: 'Ada', posts: [{ id: 1, title: 'a' }] }, blocks: [{ id: 1, __component: 'blocks.link', url: '/' }] };
    const list = [entity, { id: 3, title: 'b', author: null }];
    expect(clean(list, 'api::post.post')).to.equal(list);
    expect(clean(entity, 'api::post.post')).to.equal(entity);
  });

  it('copies only what changes, keeps key order, leaves the input as it was', () => {
    const author = { id: 2, name: 'Ada', token: 't', password: 'p', posts: [{ id: 1, title: 'a', hidden: 'h' }] };
    const other = { id: 3, title: 'b', author: null };
    const list: Array<Record<string, unknown>> = [{ id: 1, title: 'a', hidden: 'x', author, blocks: [] }, other];
    const out = clean(list, 'api::post.post') as Array<Record<string, unknown>>;
    expect(out).to.not.equal(list);
    expect(JSON.stringify(out)).to.equal('[{"id":1,"title":"a","author":{"id":2,"name":"Ada","posts":[{"id":1,"title":"a"}]},"blocks":[]},{"id":3,"title":"b","author":null}]');
    expect(out[1]).to.equal(other);
    expect(out[0]?.blocks).to.equal(list[0]?.blocks).and.to.be.an('array');
    expect(author).to.deep.equal({ id: 2, name: 'Ada', token: 't', password: 'p', posts: [{ id: 1, title: 'a', hidden: 'h' }] });
    expect(list[0]?.hidden).to.equal('x');
  });

  it('removes private attributes of components and dynamic-zone items reached through a relation', () => {
    const entity = {
      id: 2,
      name: 'Ada',
      posts: [{ id: 1, intro: { id: 4, body: 'b', note: 'n' }, blocks: [{ id: 1, __component: 'blocks.text', body: 'c', note: 'n', person: { id: 2, token: 't' } }] }],
    };
    expect(clean(entity, 'api::person.person')).to.deep.equal({
      id: 2,
      name: 'Ada',
      posts: [{ id: 1, intro: { id: 4, body: 'b' }, blocks: [{ id: 1, __component: 'blocks.text', body: 'c', person: { id: 2 } }] }],
    });
  });
});
