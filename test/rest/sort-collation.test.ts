/**
 * Text sorts in binary (code point) order on every database: upper case before lower case,
 * accented letters after ASCII, whatever the database's locale or default collation. The same
 * at the root, through a relation and inside a populate.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const NAMES = ['b', 'B', 'a', 'A', 'é', 'ab', 'Ab'];
const ASC = ['A', 'Ab', 'B', 'a', 'ab', 'b', 'é'];

describeEachDatabase('REST sort: binary order of text', (ctx) => {
  const names = (body: { data: Array<{ attributes: { name: string } }> }) => body.data.map((e) => e.attributes.name);

  before(async () => {
    const k = ctx.app.knex;
    const stamp = new Date('2024-01-01T00:00:00.000Z');
    await k('tags').insert(NAMES.map((name) => ({ name, created_at: stamp, updated_at: stamp })));
    // articles 1..7, each tagged with the tag of the same id
    for (let i = 1; i <= NAMES.length; i += 1) {
      await k('articles').insert({ title: `t${i}`, created_at: stamp, updated_at: stamp, published_at: stamp, locale: 'en' });
      await k('articles_tags_links').insert({ article_id: i, tag_id: i, tag_order: 1, article_order: 1 });
    }
  });

  it('sort=name orders by code point', async () => {
    const res = await ctx.app.get('/api/tags?sort=name&fields[0]=name');
    expect(res.status, res.text).to.equal(200);
    expect(names(res.body)).to.deep.equal(ASC);
  });

  it('sort=name:desc is the exact reverse', async () => {
    const res = await ctx.app.get('/api/tags?sort=name:desc&fields[0]=name');
    expect(names(res.body)).to.deep.equal([...ASC].reverse());
  });

  it('sorting through a relation uses the same order', async () => {
    const res = await ctx.app.get('/api/articles?sort=tags.name&fields[0]=title');
    expect(res.status, res.text).to.equal(200);
    const byTag = res.body.data.map((e: { id: number }) => NAMES[e.id - 1]);
    expect(byTag).to.deep.equal(ASC);
    const desc = await ctx.app.get('/api/articles?sort=tags.name:desc&fields[0]=title');
    expect(desc.body.data.map((e: { id: number }) => NAMES[e.id - 1])).to.deep.equal([...ASC].reverse());
  });

  it('a populate sort uses the same order', async () => {
    await ctx.app.knex('articles_tags_links').insert(NAMES.slice(1).map((_, i) => ({ article_id: 1, tag_id: i + 2, tag_order: i + 2, article_order: 2 })));
    const res = await ctx.app.get('/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort]=name');
    expect(res.status, res.text).to.equal(200);
    expect(names(res.body.data.attributes.tags)).to.deep.equal(ASC);
    const desc = await ctx.app.get('/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort][name]=desc');
    expect(names(desc.body.data.attributes.tags)).to.deep.equal([...ASC].reverse());
  });
});
