/**
 * `populate` as frontends written for Strapi 4.13 and earlier send it: a populate object mixed
 * with plain values in one query string, and `*` inside a list. Strapi 4.26 drops part of what
 * they ask (200 without `blocks` and `localizations`) or answers 500; we answer what the client
 * meant, as 4.13 did: each mixed query answers exactly what its single-object form answers,
 * however it is encoded. The merge happens before the content-API contract checks the query, so
 * a piece cannot carry a filter on what the caller may not read.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import type { Json } from '../helpers/json';
import { createRoleGuardStandIn, ROLE_HEADER } from '../helpers/role-guard-stand-in';
import { describeSite, restFile } from '../graphql/site-seed';
import { seedPopulateFixture } from './populate-seed';
import { register } from '../users-permissions/helpers';

const BLOCKS = ['blocks.hero', 'blocks.gallery', 'blocks.quote', 'blocks.rich-text', 'blocks.call-to-action', 'blocks.feature-list', 'blocks.testimonial', 'blocks.video'];

describeSite('REST populate mixed as older v4 clients send it', (ctx) => {
  /** Both queries answer 200 with the same body; that body. */
  async function same(mixed: string, single: string): Promise<Json> {
    const [a, b] = [await ctx.app.get(mixed), await ctx.app.get(single)];
    expect(b.status, single).to.equal(200);
    expect(a.status, mixed).to.equal(200);
    expect(a.body, mixed).to.deep.equal(b.body);
    return a.body;
  }

  it('an object piece, a plain value and a named key: blocks, localizations and seo all come back', async () => {
    const body = await same(
      '/api/page?populate[blocks][populate]=*&populate=localizations&populate[seo]=true',
      '/api/page?populate[blocks][populate]=*&populate[localizations]=true&populate[seo]=true',
    );
    const { attributes } = body.data;
    expect(Object.keys(attributes)).to.deep.equal(['title', 'slug', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'seo', 'blocks', 'localizations']);
    expect(attributes.blocks.map((block: { __component: string }) => block.__component)).to.deep.equal(BLOCKS);
    expect(attributes.blocks[0].image).to.deep.equal({ data: restFile(ctx.site.files.hero) });
    expect(attributes.seo).to.deep.equal({ id: attributes.seo.id, metaTitle: 'Home | Site', metaDescription: 'The home page' });
    expect(attributes.localizations.data.map((entry: { id: number; attributes: { locale: string } }) => [entry.id, entry.attributes.locale])).to.deep.equal([[ctx.site.page.fr, 'fr']]);
  });

  it('a named key then a plain value (Strapi 4.26 answers 500), and a plain value then an object', async () => {
    const body = await same('/api/page?populate[seo]=true&populate=localizations', '/api/page?populate[seo]=true&populate[localizations]=true');
    expect(Object.keys(body.data.attributes)).to.deep.equal(['title', 'slug', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'seo', 'localizations']);
    await same('/api/page?populate=localizations&populate[blocks][populate]=*', '/api/page?populate[localizations]=true&populate[blocks][populate]=*');
    await same('/api/page?populate=seo&populate=localizations&populate[blocks][populate]=image', '/api/page?populate[seo]=true&populate[localizations]=true&populate[blocks][populate][image]=true');
  });

  it('`*` inside a list is `*`, at the root and in a nested populate', async () => {
    const all = await same('/api/page?populate[0]=*', '/api/page?populate=*');
    expect(Object.keys(all.data.attributes)).to.deep.equal(['title', 'slug', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'seo', 'blocks', 'localizations']);
    await same('/api/page?populate=seo,*', '/api/page?populate=*');
    await same('/api/page?populate[blocks][populate][0]=*&populate[blocks][populate][1]=features', '/api/page?populate[blocks][populate]=*');
  });

  it('`*` mixed with an object populates everything and goes deeper where the object says', async () => {
    const body = await same('/api/page?populate=*&populate[seo][populate]=*', '/api/page?populate[seo][populate]=*&populate[blocks]=true&populate[localizations]=true');
    expect(body.data.attributes.seo.shareImage).to.deep.equal({ data: restFile(ctx.site.files.share) });
  });

  it('the same mix answers the same whichever way the brackets are encoded', async () => {
    const single = '/api/page?populate[blocks][populate]=*&populate[localizations]=true&populate[seo]=true';
    for (const mixed of [
      // qs default
      '/api/page?populate%5Bblocks%5D%5Bpopulate%5D=%2A&populate=localizations&populate%5Bseo%5D=true',
      // URLSearchParams
      '/api/page?populate%5Bblocks%5D%5Bpopulate%5D=*&populate=localizations&populate%5Bseo%5D=true&',
      // hand-written, with a trailing &
      '/api/page?populate[blocks][populate]=*&populate=localizations&populate[seo]=true&',
    ]) {
      await same(mixed, single);
    }
  });

  it("on the users route too (users-permissions' own controller)", async () => {
    await register(ctx.app);
    const token = { authorization: `Bearer ${ctx.site.token}` };
    const [mixed, single] = [await ctx.app.get('/api/users?populate=role&populate[role][fields][0]=name', token), await ctx.app.get('/api/users?populate[role][fields][0]=name', token)];
    expect(mixed.status).to.equal(200);
    expect(mixed.body).to.deep.equal(single.body);
    expect(mixed.body.map((user: { role: Json }) => user.role)).to.deep.equal([{ id: mixed.body[0].role.id, name: 'Authenticated' }]);
  });

  it('on a collection, with options in one piece and a plain value in another', async () => {
    const body = await same(
      '/api/articles?sort=id&populate=author&populate[seo][populate]=shareImage&populate[author][fields][0]=name',
      '/api/articles?sort=id&populate[author][fields][0]=name&populate[seo][populate]=shareImage',
    );
    expect(body.data[0].attributes.author).to.deep.equal({ data: { id: ctx.site.people.ada, attributes: { name: 'Ada' } } });
    expect(body.data[0].attributes.seo.shareImage).to.deep.equal({ data: restFile(ctx.site.files.share) });
  });
});

describeEachDatabase(
  'REST populate pieces and what the caller may read',
  (ctx) => {
    before(async () => {
      await seedPopulateFixture(ctx.app);
    });

    it('a filter on an attribute the caller may not read is refused inside a piece as in the object form', async () => {
      const refused = { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter views', details: {} } };
      for (const url of [
        '/api/categories?populate[articles][filters][views][$gt]=1',
        '/api/categories?populate=articles&populate[articles][filters][views][$gt]=1',
        '/api/categories?populate[articles][filters][views][$gt]=1&populate=articles',
        '/api/categories?populate[0][articles][filters][views][$gt]=1',
      ]) {
        const res = await ctx.app.get(url, { [ROLE_HEADER]: 'reader' });
        expect(res.status, url).to.equal(400);
        expect(res.body, url).to.deep.equal(refused);
        // a caller that may read it is answered
        expect((await ctx.app.get(url)).status, url).to.equal(200);
      }
    });
  },
  { plugins: [createRoleGuardStandIn({ reader: { unreadable: { 'api::article.article': ['views'] } } })] },
);
