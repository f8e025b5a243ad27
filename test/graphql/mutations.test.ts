/**
 * GraphQL writes over HTTP: create (a draft, as Strapi v4's GraphQL creates), update, delete,
 * relations as id lists, components, dynamic zones by `__typename`, single types, the locale
 * argument and create<Name>Localization; what the database holds afterwards; errors write nothing.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { stamps, T1 } from '../rest/populate-seed';
import { gql, gqlData, gqlGet } from './helpers';

const ENTRY =
  'data { id attributes { title publishedAt locale category { data { id } } tags { data { id } } seo { metaTitle tags { name } } blocks { __typename ... on ComponentSharedQuote { title } ... on ComponentSharedRichText { body } } } }';

describeEachDatabase('GraphQL mutations', (ctx) => {
  before(async () => {
    await ctx.app.knex('categories').insert([
      { id: 1, name: 'News', ...stamps(T1) },
      { id: 2, name: 'Sport', ...stamps(T1) },
    ]);
    await ctx.app.knex('tags').insert([1, 2, 3].map((id) => ({ id, name: `t${id}`, ...stamps(T1) })));
  });

  let created: number;

  it('createArticle creates a draft with its relations, component and dynamic zone, and answers the selection', async () => {
    const data = await gqlData(ctx.app, `mutation Create($data: ArticleInput!) { createArticle(data: $data) { ${ENTRY} } }`, {
      data: {
        title: 'Made over GraphQL',
        category: '2',
        tags: ['3', '1'],
        seo: { metaTitle: 'seo', tags: [{ name: 'n1' }, { name: 'n2' }] },
        blocks: [
          { __typename: 'ComponentSharedRichText', body: 'rich' },
          { __typename: 'ComponentSharedQuote', title: 'quote' },
        ],
      },
    });
    const entry = data.createArticle.data;
    created = Number(entry.id);
    expect(entry.attributes).to.deep.equal({
      title: 'Made over GraphQL',
      publishedAt: null,
      locale: 'en',
      category: { data: { id: '2' } },
      tags: { data: [{ id: '3' }, { id: '1' }] },
      seo: { metaTitle: 'seo', tags: [{ name: 'n1' }, { name: 'n2' }] },
      blocks: [
        { __typename: 'ComponentSharedRichText', body: 'rich' },
        { __typename: 'ComponentSharedQuote', title: 'quote' },
      ],
    });
    const row = await ctx.app.knex('articles').where('id', created).first();
    expect(row.title).to.equal('Made over GraphQL');
    expect(row.published_at).to.equal(null);
    const links = await ctx.app.knex('articles_tags_links').where('article_id', created).orderBy('tag_order');
    expect(links.map((l: { tag_id: number }) => Number(l.tag_id))).to.deep.equal([3, 1]);
    // a draft is not listed in LIVE
    expect((await gqlData(ctx.app, '{ articles { data { id } } }')).articles.data).to.deep.equal([]);
  });

  it('createArticle with publishedAt publishes it', async () => {
    const data = await gqlData(ctx.app, 'mutation { createArticle(data: { title: "Published", publishedAt: "2024-05-01T00:00:00.000Z" }) { data { id attributes { publishedAt } } } }');
    expect(data.createArticle.data.attributes.publishedAt).to.equal('2024-05-01T00:00:00.000Z');
    const row = await ctx.app.knex('articles').where('id', Number(data.createArticle.data.id)).first();
    expect(new Date(row.published_at).toISOString()).to.equal('2024-05-01T00:00:00.000Z');
  });

  it('updateArticle changes attributes and replaces relations given as id lists', async () => {
    const data = await gqlData(
      ctx.app,
      `mutation { updateArticle(id: ${created}, data: { title: "Renamed", tags: ["2"], category: null }) { data { attributes { title tags { data { id } } category { data { id } } } } } }`,
    );
    expect(data.updateArticle.data.attributes).to.deep.equal({ title: 'Renamed', tags: { data: [{ id: '2' }] }, category: { data: null } });
    expect((await ctx.app.knex('articles').where('id', created).first()).title).to.equal('Renamed');
    expect(await ctx.app.knex('articles_category_links').where('article_id', created)).to.have.length(0);
  });

  it("a write's answer pages a to-many relation as a read does, whatever page it asks for", async () => {
    const data = await gqlData(
      ctx.app,
      `mutation { updateArticle(id: ${created}, data: { tags: ["3", "1", "2"] }) { data { attributes {
        second: tags(pagination: { start: 1, limit: 1 }) { data { id } } last: tags(pagination: { page: 2, pageSize: 2 }) { data { id } }
      } } } }`,
    );
    expect(data.updateArticle.data.attributes).to.deep.equal({ second: { data: [{ id: '1' }] }, last: { data: [{ id: '2' }] } });
    await gqlData(ctx.app, `mutation { updateArticle(id: ${created}, data: { tags: ["2"] }) { data { id } } }`);
  });

  it('update, delete and the single query on a missing id answer data: null without an error', async () => {
    for (const op of ['updateArticle(id: 999, data: { title: "x" })', 'deleteArticle(id: 999)']) {
      const res = await gql(ctx.app, `mutation { ${op} { data { id } } }`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: { [op.slice(0, op.indexOf('('))]: { data: null } } });
    }
  });

  it('a write the engine refuses is a 200 with BAD_USER_INPUT and nothing written', async () => {
    const before = await ctx.app.knex('articles').count({ n: '*' });
    const res = await gql(ctx.app, `mutation { createArticle(data: { title: "${'x'.repeat(201)}" }) { data { id } } }`);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ createArticle: null });
    expect(res.body.errors?.[0].extensions).to.deep.include({ code: 'BAD_USER_INPUT' });
    expect(res.body.errors?.[0].extensions?.error.name).to.equal('ValidationError');
    expect(await ctx.app.knex('articles').count({ n: '*' })).to.deep.equal(before);
  });

  it("a dynamic-zone item of a type the zone does not list is refused, listing the zone's components", async () => {
    const res = await gql(ctx.app, 'mutation { createArticle(data: { title: "z", blocks: [{ __typename: "ComponentSharedSeo", metaTitle: "x" }] }) { data { id } } }');
    expect(res.body.errors?.[0].message).to.equal('Component not found. expected one of: ComponentSharedQuote, ComponentSharedRichText');
    expect(res.body.errors?.[0].extensions?.code).to.equal('BAD_USER_INPUT');
  });

  it('deleteArticle answers the deleted entry and removes it with its links', async () => {
    const data = await gqlData(ctx.app, `mutation { deleteArticle(id: ${created}) { data { id attributes { title } } } }`);
    expect(data.deleteArticle.data).to.deep.equal({ id: String(created), attributes: { title: 'Renamed' } });
    expect(await ctx.app.knex('articles').where('id', created)).to.have.length(0);
    expect(await ctx.app.knex('articles_tags_links').where('article_id', created)).to.have.length(0);
  });

  it('mutations over GET are refused with a 405', async () => {
    const res = await gqlGet(ctx.app, 'mutation { deleteArticle(id: 1) { data { id } } }');
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('POST');
  });

  it('the locale argument writes and reads another locale; create<Name>Localization links a localization', async () => {
    const fr = await gqlData(ctx.app, 'mutation { createArticle(locale: "fr", data: { title: "Bonjour", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id attributes { locale } } } }');
    expect(fr.createArticle.data.attributes.locale).to.equal('fr');
    const en = await gqlData(ctx.app, 'mutation { createArticle(data: { title: "Hello", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id } } }');
    const enId = en.createArticle.data.id;
    const localization = await gqlData(
      ctx.app,
      `mutation { createArticleLocalization(id: ${enId}, locale: "fr", data: { title: "Salut" }) { data { id attributes { title locale publishedAt localizations { data { attributes { locale } } } } } } }`,
    );
    expect(localization.createArticleLocalization.data.attributes).to.deep.equal({ title: 'Salut', locale: 'fr', publishedAt: null, localizations: { data: [{ attributes: { locale: 'en' } }] } });
    const list = await gqlData(
      ctx.app,
      '{ en: articles { data { attributes { title } } } fr: articles(locale: "fr", publicationState: PREVIEW) { data { attributes { title } } } all: articles(locale: "all") { data { id } } }',
    );
    expect(list.en.data).to.deep.equal([{ attributes: { title: 'Published' } }, { attributes: { title: 'Hello' } }]);
    expect(list.fr.data).to.deep.equal([{ attributes: { title: 'Bonjour' } }, { attributes: { title: 'Salut' } }]);
    expect(list.all.data).to.have.length(3);
    const again = await gql(ctx.app, `mutation { createArticleLocalization(id: ${enId}, locale: "fr", data: { title: "Encore" }) { data { id } } }`);
    expect(again.body.errors?.[0].extensions?.error).to.deep.equal({ name: 'ApplicationError', message: 'locale is already used', details: {} });
    expect(again.body.errors?.[0].extensions?.code).to.equal('STRAPI_APPLICATION_ERROR');
  });

  it('an unknown locale code is a 400 validation error', async () => {
    for (const query of ['{ articles(locale: "zz") { data { id } } }', 'mutation { createArticle(locale: "zz", data: { title: "x" }) { data { id } } }']) {
      const res = await gql(ctx.app, query);
      expect(res.status).to.equal(400);
      expect(res.body.errors?.[0].message).to.contain('Unknown locale supplied');
    }
  });

  it('single type: update creates the entry then updates it; delete removes it', async () => {
    const first = await gqlData(ctx.app, 'mutation { updateGlobal(data: { siteName: "Site", defaultSeo: { metaTitle: "m" } }) { data { id attributes { siteName defaultSeo { metaTitle } } } } }');
    expect(first.updateGlobal.data.attributes).to.deep.equal({ siteName: 'Site', defaultSeo: { metaTitle: 'm' } });
    const second = await gqlData(ctx.app, 'mutation { updateGlobal(data: { siteName: "Renamed" }) { data { id attributes { siteName } } } }');
    expect(second.updateGlobal.data).to.deep.equal({ id: first.updateGlobal.data.id, attributes: { siteName: 'Renamed' } });
    expect(await ctx.app.knex('globals')).to.have.length(1);
    const deleted = await gqlData(ctx.app, 'mutation { deleteGlobal { data { attributes { siteName } } } }');
    expect(deleted.deleteGlobal.data.attributes.siteName).to.equal('Renamed');
    expect(await ctx.app.knex('globals')).to.have.length(0);
    expect(await gqlData(ctx.app, 'mutation { deleteGlobal { data { id } } }')).to.deep.equal({ deleteGlobal: { data: null } });
  });
});
