/**
 * Relations of the example app (article with draft & publish and i18n) over HTTP on every
 * database: `?populate=tags` from the article and `?populate=articles` from a tag agree, the
 * many-to-one category and author read from both sides, and positions work there too.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry, populatedIds, updateEntry } from './helpers';
import { countRows } from '../helpers/count';

describeEachDatabase('relations over HTTP: example app', (ctx) => {
  it('article tags, category and author agree from both sides', async () => {
    const { app } = ctx;
    const [t1, t2, t3] = [await createEntry(app, 'tags', { name: 'alpha' }), await createEntry(app, 'tags', { name: 'beta' }), await createEntry(app, 'tags', { name: 'gamma' })];
    const category = await createEntry(app, 'categories', { name: 'News' });
    const writer = await createEntry(app, 'writers', { name: 'Ada', email: 'ada@example.com' });
    const article = await createEntry(app, 'articles', { title: 'Hello', tags: [t2, t1], category, author: writer });
    await updateEntry(app, 'articles', article, { tags: { connect: [{ id: t3, position: { after: t2 } }] } });

    const res = await app.get(`/api/articles/${article}?fields[0]=title&populate[tags][fields][0]=name&populate[category][fields][0]=name&populate[author][fields][0]=name`);
    expect({ status: res.status, body: res.body }).to.deep.equal({
      status: 200,
      body: {
        data: {
          id: article,
          attributes: {
            title: 'Hello',
            tags: {
              data: [
                { id: t2, attributes: { name: 'beta' } },
                { id: t3, attributes: { name: 'gamma' } },
                { id: t1, attributes: { name: 'alpha' } },
              ],
            },
            category: { data: { id: category, attributes: { name: 'News' } } },
            author: { data: { id: writer, attributes: { name: 'Ada' } } },
          },
        },
        meta: {},
      },
    });
    const tag = await app.get(`/api/tags/${t1}?fields[0]=name&populate[articles][fields][0]=title`);
    expect({ status: tag.status, body: tag.body }).to.deep.equal({
      status: 200,
      body: { data: { id: t1, attributes: { name: 'alpha', articles: { data: [{ id: article, attributes: { title: 'Hello' } }] } } }, meta: {} },
    });
    expect(await populatedIds(app, 'categories', category, 'articles')).to.deep.equal([article]);
    expect(await populatedIds(app, 'writers', writer, 'articles')).to.deep.equal([article]);

    // a second article joins the end of the category's list; the first leaves it
    const second = await createEntry(app, 'articles', { title: 'Second', category: { connect: [category] }, related: [article] });
    expect(await populatedIds(app, 'categories', category, 'articles')).to.deep.equal([article, second]);
    await updateEntry(app, 'articles', article, { category: null });
    expect(await populatedIds(app, 'categories', category, 'articles')).to.deep.equal([second]);
    expect(await populatedIds(app, 'articles', second, 'related')).to.deep.equal([article]);

    expect((await app.del(`/api/tags/${t3}`)).status).to.equal(200);
    expect(await populatedIds(app, 'articles', article, 'tags')).to.deep.equal([t2, t1]);
    const n = await countRows(app.knex('articles_tags_links').where('tag_id', t3));
    expect(n).to.equal(0);
  });
});
