/**
 * A Next.js page of a Strapi v4 site, replayed request by request on every database: the
 * locale switcher's locales, the page single type in each locale with its dynamic zone of
 * eight kinds of blocks, their media, SEO and localizations, fetched with the populate form
 * frontends written for Strapi 4.13 send (a populate object mixed with a plain value, `*`
 * among named keys), and the latest articles. Every block, image and localization comes back,
 * exactly. Then the same page through GraphQL, as an Apollo client asks it (fragments on
 * `UploadFileEntityResponse`, `__typename` everywhere): the same files, block by block.
 */
import { expect } from 'chai';
import type { Json } from '../helpers/json';
import { gql } from '../graphql/helpers';
import { describeSite, READ_SITE, restFile, type FileName, type FileRecord, type SiteContext } from '../graphql/site-seed';

const PAGE = (locale: string) =>
  `/api/page?locale=${locale}&populate[blocks][populate][0]=*&populate[blocks][populate][features][populate]=*&populate[blocks][populate][person][populate]=avatar&populate=localizations&populate[seo][populate]=*`;
const LATEST = '/api/articles?sort[0]=id:desc&pagination[limit]=2&populate=cover&populate[author][populate][0]=avatar';

const GRAPHQL_PAGE = `
fragment Media on UploadFileEntityResponse { data { id attributes { url alternativeText width height formats __typename } __typename } __typename }
fragment MediaList on UploadFileRelationResponseCollection { data { id attributes { url alternativeText width height formats __typename } __typename } __typename }
fragment Person on PersonEntityResponse { data { id attributes { name avatar { ...Media } __typename } __typename } __typename }
query Page($locale: I18NLocaleCode) {
  page(locale: $locale) { data { id attributes {
    title slug
    seo { metaTitle metaDescription shareImage { ...Media } __typename }
    blocks {
      __typename
      ... on ComponentBlocksHero { id heading image { ...Media } }
      ... on ComponentBlocksGallery { id caption images { ...MediaList } }
      ... on ComponentBlocksQuote { id body by }
      ... on ComponentBlocksRichText { id body }
      ... on ComponentBlocksCallToAction { id label url icon { ...Media } }
      ... on ComponentBlocksFeatureList { id title illustration { ...Media } features { id name description icon { ...Media } __typename } }
      ... on ComponentBlocksTestimonial { id text person { ...Person } }
      ... on ComponentBlocksVideo { id title file { ...Media } poster { ...Media } }
    }
    localizations { data { id attributes { locale title __typename } __typename } __typename }
    __typename
  } __typename } __typename }
}`;

/** A page's scalar attributes, read plainly. */
async function scalars(ctx: SiteContext, locale: string): Promise<Record<string, Json>> {
  const res = await ctx.app.get(`/api/page?locale=${locale}`);
  expect(res.status).to.equal(200);
  return res.body.data.attributes;
}

/** The ids of a component attribute's items, in order (`<collection>_components` join rows). */
async function componentIds(ctx: SiteContext, table: string, entity: number, field: string): Promise<number[]> {
  const rows = await ctx.app.knex(table).where({ entity_id: entity, field }).orderBy('order').select('component_id');
  return rows.map((row) => Number(row.component_id));
}

/** The REST answer of the page in English, built from what was stored. */
async function expectedEnglishPage(ctx: SiteContext) {
  const { files, people, page } = ctx.site;
  const file = (name: FileName) => ({ data: restFile(files[name]) });
  const blocks = await componentIds(ctx, 'pages_components', page.en, 'blocks');
  const [seo] = await componentIds(ctx, 'pages_components', page.en, 'seo');
  const features = await componentIds(ctx, 'components_blocks_feature_lists_components', blocks[5] ?? 0, 'features');
  const ada = (await ctx.app.get(`/api/people/${people.ada}`)).body.data;
  const fr = await scalars(ctx, 'fr');
  return {
    data: {
      id: page.en,
      attributes: {
        ...(await scalars(ctx, 'en')),
        seo: { id: seo, metaTitle: 'Home | Site', metaDescription: 'The home page', shareImage: file('share') },
        blocks: [
          { id: blocks[0], __component: 'blocks.hero', heading: 'Welcome', image: file('hero') },
          { id: blocks[1], __component: 'blocks.gallery', caption: 'Moments', images: { data: [restFile(files['gallery-c']), restFile(files['gallery-a'])] } },
          { id: blocks[2], __component: 'blocks.quote', body: 'Simplicity is prerequisite for reliability.', by: 'Dijkstra' },
          { id: blocks[3], __component: 'blocks.rich-text', body: '## About\n\nWe make things.' },
          { id: blocks[4], __component: 'blocks.call-to-action', label: 'Start', url: '/start', icon: file('cta-icon') },
          {
            id: blocks[5],
            __component: 'blocks.feature-list',
            title: 'Why',
            illustration: file('illustration'),
            features: [
              { id: features[0], name: 'Fast', description: 'Very', icon: file('feature-icon') },
              { id: features[1], name: 'Light', description: 'Quite', icon: { data: null } },
            ],
          },
          { id: blocks[6], __component: 'blocks.testimonial', text: 'It works.', person: { data: { id: people.ada, attributes: { ...ada.attributes, avatar: file('avatar-ada') } } } },
          { id: blocks[7], __component: 'blocks.video', title: 'Demo', file: file('video'), poster: file('poster') },
        ],
        localizations: { data: [{ id: page.fr, attributes: fr }] },
      },
    },
    meta: {},
  };
}

/** The files of an answer, in document order, as [id, url] (REST and GraphQL shapes alike). */
function filesIn(value: Json, out: Array<[number, string]> = []): Array<[number, string]> {
  if (Array.isArray(value)) {
    for (const item of value) filesIn(item, out);
  } else if (value && typeof value === 'object') {
    const attributes = value.attributes;
    if (value.id !== undefined && attributes && typeof attributes.url === 'string') out.push([Number(value.id), attributes.url]);
    for (const child of Object.values(value)) filesIn(child as Json, out);
  }
  return out;
}

describeSite(
  'A Next.js page replayed over REST and GraphQL',
  (ctx) => {
    const asFiles = (...names: FileName[]) => names.map((name): [number, string] => [ctx.site.files[name].id, ctx.site.files[name].url]);

    it('the locale switcher gets the locales', async () => {
      const res = await ctx.app.get('/api/i18n/locales');
      expect(res.status).to.equal(200);
      expect(res.body.map((locale: { code: string; isDefault: boolean }) => [locale.code, locale.isDefault])).to.deep.equal([
        ['en', true],
        ['fr', false],
      ]);
    });

    it('the English page comes back with every block, image and localization, exactly', async () => {
      const res = await ctx.app.get(PAGE('en'));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(await expectedEnglishPage(ctx));
      expect(filesIn(res.body)).to.deep.equal(asFiles('share', 'hero', 'gallery-c', 'gallery-a', 'cta-icon', 'illustration', 'feature-icon', 'avatar-ada', 'video', 'poster'));
    });

    it('the same page encoded as qs.stringify sends it answers the same', async () => {
      const encoded =
        '/api/page?locale=en&populate%5Bblocks%5D%5Bpopulate%5D%5B0%5D=%2A&populate%5Bblocks%5D%5Bpopulate%5D%5Bfeatures%5D%5Bpopulate%5D=%2A&populate%5Bblocks%5D%5Bpopulate%5D%5Bperson%5D%5Bpopulate%5D=avatar&populate%5Bseo%5D%5Bpopulate%5D=%2A&populate=localizations';
      const res = await ctx.app.get(encoded);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(await expectedEnglishPage(ctx));
    });

    it('the French page has its own blocks and links back to the English one', async () => {
      const res = await ctx.app.get(PAGE('fr'));
      expect(res.status).to.equal(200);
      const { attributes } = res.body.data;
      expect(attributes.blocks.map((block: { __component: string }) => block.__component)).to.deep.equal(['blocks.hero', 'blocks.testimonial']);
      expect(attributes.localizations.data.map((entry: { id: number; attributes: { locale: string } }) => [entry.id, entry.attributes.locale])).to.deep.equal([[ctx.site.page.en, 'en']]);
      expect(filesIn(res.body)).to.deep.equal(asFiles('share-fr', 'hero', 'avatar-linus'));
    });

    it('the latest articles come with their covers and authors', async () => {
      const res = await ctx.app.get(LATEST);
      expect(res.status).to.equal(200);
      expect(res.body.data.map((article: { id: number; attributes: { title: string } }) => [article.id, article.attributes.title])).to.deep.equal([
        [ctx.site.articles.bare, 'Bare'],
        [ctx.site.articles.second, 'Second'],
      ]);
      expect(res.body.data[1].attributes.cover).to.deep.equal({ data: restFile(ctx.site.files['cover-2']) });
      expect(res.body.data[1].attributes.author.data.attributes.avatar).to.deep.equal({ data: restFile(ctx.site.files['avatar-linus']) });
      expect(res.body.data[0].attributes.author).to.deep.equal({ data: null });
      expect(res.body.meta).to.deep.equal({ pagination: { start: 0, limit: 2, total: 3 } });
    });

    it('through GraphQL with fragments on UploadFileEntityResponse, the same page returns the same files, block by block', async () => {
      for (const locale of ['en', 'fr']) {
        const rest = await ctx.app.get(PAGE(locale));
        const res = await ctx.app.post('/graphql', { operationName: 'Page', query: GRAPHQL_PAGE, variables: { locale } }, { accept: '*/*' });
        expect(res.status, locale).to.equal(200);
        expect(res.body.errors, locale).to.equal(undefined);
        const page = res.body.data.page.data;
        expect(page.id).to.equal(String(locale === 'en' ? ctx.site.page.en : ctx.site.page.fr));
        // the same files in the same places
        const restBlocks = rest.body.data.attributes.blocks as Json[];
        const blocks = page.attributes.blocks as Json[];
        expect(blocks.map((block) => block.__typename)).to.deep.equal(
          restBlocks.map(
            (block) =>
              `ComponentBlocks${String(block.__component)
                .slice('blocks.'.length)
                .replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase())}`,
          ),
        );
        for (const [index, block] of blocks.entries()) expect(filesIn(block), `${locale} block ${index}`).to.deep.equal(filesIn(restBlocks[index]));
        expect(filesIn(page.attributes.seo)).to.deep.equal(filesIn(rest.body.data.attributes.seo));
        expect(filesIn(page)).to.deep.equal(filesIn(rest.body.data));
        expect(page.attributes.localizations.data.map((entry: { id: string }) => Number(entry.id))).to.deep.equal(
          rest.body.data.attributes.localizations.data.map((entry: { id: number }) => entry.id),
        );
      }
      // one file exactly as an Apollo cache keeps it
      const hero = (await gql(ctx.app, GRAPHQL_PAGE, { locale: 'en' })).body.data.page.data.attributes.blocks[0];
      const record: FileRecord = ctx.site.files.hero;
      expect(hero).to.deep.equal({
        __typename: 'ComponentBlocksHero',
        id: hero.id,
        heading: 'Welcome',
        image: {
          data: {
            id: String(record.id),
            attributes: { url: record.url, alternativeText: 'hero.png alt', width: record.width, height: record.height, formats: record.formats, __typename: 'UploadFile' },
            __typename: 'UploadFileEntity',
          },
          __typename: 'UploadFileEntityResponse',
        },
      });
    });
  },
  { permissions: { public: [...READ_SITE, 'plugin::i18n.locales.listLocales'], authenticated: READ_SITE } },
);
