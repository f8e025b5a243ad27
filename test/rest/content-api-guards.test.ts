/**
 * The content-API contract's hooks seen through REST, with a stand-in for users-permissions:
 * a role's unreadable attributes leave the answer at every depth (root, populated relations,
 * components, dynamic zones), its unwritable ones are not stored, and a denied action is the
 * 403 envelope of Strapi v4 (`Forbidden`), before anything else is looked at.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createRoleGuardStandIn, ROLE_HEADER } from '../helpers/role-guard-stand-in';
import { countRows } from '../helpers/count';

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const ARTICLE = 'api::article.article';

const guard = createRoleGuardStandIn({
  reader: {
    permissions: [`${ARTICLE}.find`, `${ARTICLE}.findOne`],
    unreadable: {
      [ARTICLE]: ['rating'],
      'api::writer.writer': ['email'],
      'shared.seo': ['metaDescription'],
      'shared.meta-tag': ['content'],
      'shared.quote': ['body'],
    },
  },
  editor: {
    unwritable: { [ARTICLE]: ['rating'], 'shared.seo': ['metaDescription'], 'shared.quote': ['body'] },
  },
});

const as = (role: string) => ({ [ROLE_HEADER]: role });

/** The article, its author (and the author's articles), its component (and nested ones) and zone. */
const READ =
  '/api/articles/1?fields[0]=title&fields[1]=rating' +
  '&populate[author][fields][0]=name&populate[author][fields][1]=email' +
  '&populate[author][populate][articles][fields][0]=title&populate[author][populate][articles][fields][1]=rating' +
  '&populate[seo][populate]=tags&populate[blocks]=true';

describeEachDatabase(
  "content API guarded through the contract's hooks",
  (ctx) => {
    before(async () => {
      expect((await ctx.app.post('/api/writers', { data: { name: 'Ada', email: 'ada@example.com', secret: 's' } })).status).to.equal(200);
      const created = await ctx.app.post('/api/articles', {
        data: {
          title: 'Hello',
          rating: 4.5,
          author: 1,
          seo: { metaTitle: 'M', metaDescription: 'D', tags: [{ name: 'n', content: 'c' }] },
          blocks: [{ __component: 'shared.quote', title: 'Q', body: 'B' }],
        },
      });
      expect(created.status).to.equal(200);
    });

    it('shows everything but private attributes to a caller without a role', async () => {
      const res = await ctx.app.get(READ);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: {
          id: 1,
          attributes: {
            title: 'Hello',
            rating: 4.5,
            author: { data: { id: 1, attributes: { name: 'Ada', email: 'ada@example.com', articles: { data: [{ id: 1, attributes: { title: 'Hello', rating: 4.5 } }] } } } },
            seo: { id: 1, metaTitle: 'M', metaDescription: 'D', tags: [{ id: 1, name: 'n', content: 'c' }] },
            blocks: [{ id: 1, __component: 'shared.quote', title: 'Q', body: 'B' }],
          },
        },
        meta: {},
      });
    });

    it('removes what the role may not read at the root, in populated relations, components and zones', async () => {
      // Every attribute of each level comes back (no `fields`), so the answer is the public one
      // less exactly the restricted keys.
      const url = '/api/articles/1?populate[author][populate][articles]=true&populate[seo][populate]=tags&populate[blocks]=true';
      const open = (await ctx.app.get(url)).body;
      const reader = await ctx.app.get(url, as('reader'));
      expect(reader.status).to.equal(200);
      const attributes = open.data.attributes;
      const author = attributes.author.data.attributes;
      const [authored] = author.articles.data;
      expect([attributes.rating, author.email, authored.attributes.rating, attributes.seo.metaDescription, attributes.seo.tags[0].content, attributes.blocks[0].body]).to.deep.equal([
        4.5,
        'ada@example.com',
        4.5,
        'D',
        'c',
        'B',
      ]);
      delete attributes.rating;
      delete author.email;
      delete authored.attributes.rating;
      delete attributes.seo.metaDescription;
      delete attributes.seo.tags[0].content;
      delete attributes.blocks[0].body;
      expect(reader.body).to.deep.equal(open);
      const list = await ctx.app.get('/api/articles?fields[0]=title&populate[seo][fields][0]=metaTitle', as('reader'));
      expect(list.body.data).to.deep.equal([{ id: 1, attributes: { title: 'Hello', seo: { id: 1, metaTitle: 'M' } } }]);
    });

    it('refuses to select, filter or sort on what the role may not read, at any depth (no oracle)', async () => {
      for (const [query, name] of [
        ['fields[0]=rating', 'rating'],
        ['filters[rating][$gt]=4', 'rating'],
        ['filters[author][email][$startsWith]=ada', 'email'],
        ['filters[$or][0][seo][metaDescription][$eq]=D', 'metaDescription'],
        ['sort=author.email:desc', 'email'],
        ['populate[author][filters][email][$eq]=x', 'email'],
        ['populate[seo][populate][tags][fields][0]=content', 'content'],
      ]) {
        const res = await ctx.app.get(`/api/articles?${query}`, as('reader'));
        expect(res.status, query).to.equal(400);
        expect(res.body, query).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} } });
        expect((await ctx.app.get(`/api/articles?${query}`)).status, query).to.equal(200);
      }
    });

    it('answers a denied action with the 403 envelope, before the query or body is looked at', async () => {
      for (const [method, url, body] of [
        ['POST', '/api/articles', { data: { title: 'No' } }],
        ['POST', '/api/articles?filters=x', undefined],
        ['PUT', '/api/articles/1', { data: { title: 'No' } }],
        ['PUT', '/api/articles/abc', undefined],
        ['DELETE', '/api/articles/1', undefined],
        ['GET', '/api/writers', undefined],
        ['PUT', '/api/global', { data: {} }],
      ] as const) {
        const res = await ctx.app.request(method, url, body, as('reader'));
        expect(res.status, `${method} ${url}`).to.equal(403);
        expect(res.body, `${method} ${url}`).to.deep.equal(FORBIDDEN);
      }
      expect((await ctx.app.get('/api/articles/1?fields[0]=title', as('reader'))).body).to.deep.equal({ data: { id: 1, attributes: { title: 'Hello' } }, meta: {} });
      expect(await countRows(ctx.app.knex('articles'))).to.equal(1);
    });

    it('does not store what the role may not write, at the root, in components and zones', async () => {
      const res = await ctx.app.post(
        '/api/articles?fields[0]=title&fields[1]=rating&populate[seo]=true&populate[blocks]=true',
        {
          data: { title: 'Edited', rating: 1, seo: { metaTitle: 'T', metaDescription: 'D' }, blocks: [{ __component: 'shared.quote', title: 'Q', body: 'B' }] },
        },
        as('editor'),
      );
      expect(res.status).to.equal(200);
      const { id } = res.body.data;
      expect(res.body.data.attributes).to.deep.include({ title: 'Edited', rating: null });
      expect(res.body.data.attributes.seo).to.deep.include({ metaTitle: 'T', metaDescription: null });
      expect(res.body.data.attributes.blocks).to.have.length(1);
      expect(res.body.data.attributes.blocks[0]).to.deep.include({ __component: 'shared.quote', title: 'Q', body: null });
      const put = await ctx.app.put(`/api/articles/${id}?fields[0]=rating`, { data: { rating: 3 } }, as('editor'));
      expect(put.body.data.attributes).to.deep.equal({ rating: null });
      const open = await ctx.app.put(`/api/articles/${id}?fields[0]=rating`, { data: { rating: 3 } });
      expect(open.body.data.attributes).to.deep.equal({ rating: 3 });
    });

    it("removes what the role may not read from i18n's localizations endpoint too", async () => {
      const res = await ctx.app.post('/api/articles/1/localizations', { locale: 'fr', title: 'Bonjour' }, as('reader'));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ title: 'Bonjour', locale: 'fr' });
      expect(res.body).to.not.have.property('rating');
      const open = await ctx.app.get(`/api/articles/${res.body.id}?publicationState=preview&fields[0]=rating`);
      expect(open.body.data.attributes).to.deep.equal({ rating: 4.5 });
    });
  },
  { plugins: [guard] },
);
