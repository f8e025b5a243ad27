/**
 * Media fields over GraphQL resolve exactly as REST populates them: single and multiple, at the
 * root, inside components and dynamic-zone items, through relations, with `formats`, for the
 * public role, a user's JWT and a full-access API token alike, and for a role that may not list
 * files (REST shows it the media of what it may read; so does GraphQL). The same selection
 * costs the same statements as its REST populate, whatever the number of entries.
 */
import { expect } from 'chai';
import type { Json } from '../helpers/json';
import { bearer, register } from '../users-permissions/helpers';
import { gql } from './helpers';
import { describeSite, READ_SITE, restFile, type FileRecord, type SiteContext } from './site-seed';

const FULL = 'id attributes { name alternativeText caption width height formats hash ext mime size url previewUrl provider provider_metadata createdAt updatedAt }';
const SHORT = 'id attributes { url width height formats }';

const ARTICLES = `query ($limit: Int) {
  articles(sort: "id", pagination: { limit: $limit }) { data { id attributes {
    title
    cover { data { ${FULL} } }
    gallery { data { ${SHORT} } }
    author { data { id attributes { name avatar { data { ${SHORT} } } } } }
    seo { metaTitle shareImage { data { ${SHORT} } } }
  } } }
}`;
const ARTICLES_REST = '/api/articles?sort=id&populate[cover]=true&populate[gallery]=true&populate[author][populate]=avatar&populate[seo][populate]=shareImage';

const PAGE = `query ($locale: I18NLocaleCode) {
  page(locale: $locale) { data { id attributes {
    title
    seo { metaTitle shareImage { data { ${SHORT} } } }
    blocks {
      __typename
      ... on ComponentBlocksHero { heading image { data { ${SHORT} } } }
      ... on ComponentBlocksGallery { caption images { data { ${SHORT} } } }
      ... on ComponentBlocksQuote { body by }
      ... on ComponentBlocksRichText { body }
      ... on ComponentBlocksCallToAction { label url icon { data { ${SHORT} } } }
      ... on ComponentBlocksFeatureList { title illustration { data { ${SHORT} } } features { name icon { data { ${SHORT} } } } }
      ... on ComponentBlocksTestimonial { text person { data { id attributes { name avatar { data { ${SHORT} } } } } } }
      ... on ComponentBlocksVideo { title file { data { id attributes { name mime url formats } } } poster { data { ${SHORT} } } }
    }
  } } }
}`;

/** A file as the GraphQL selection `SHORT` answers it. */
const short = (file: FileRecord) => ({ id: String(file.id), attributes: { url: file.url, width: file.width, height: file.height, formats: file.formats } });
/** ... and as `FULL` answers it: every attribute REST shows. */
const full = (file: FileRecord) => ({ id: String(file.id), attributes: restFile(file).attributes });

function expectedArticles(ctx: SiteContext) {
  const { files, people, articles } = ctx.site;
  const person = (id: number, name: string, avatar: FileRecord) => ({ data: { id: String(id), attributes: { name, avatar: { data: short(avatar) } } } });
  return {
    articles: {
      data: [
        {
          id: String(articles.first),
          attributes: {
            title: 'First',
            cover: { data: full(files['cover-1']) },
            gallery: { data: [short(files['gallery-a']), short(files['gallery-b'])] },
            author: person(people.ada, 'Ada', files['avatar-ada']),
            seo: { metaTitle: 'First SEO', shareImage: { data: short(files.share) } },
          },
        },
        {
          id: String(articles.second),
          attributes: {
            title: 'Second',
            cover: { data: full(files['cover-2']) },
            gallery: { data: [short(files['gallery-c'])] },
            author: person(people.linus, 'Linus', files['avatar-linus']),
            seo: { metaTitle: 'Second SEO', shareImage: { data: null } },
          },
        },
        { id: String(articles.bare), attributes: { title: 'Bare', cover: { data: null }, gallery: { data: [] }, author: { data: null }, seo: null } },
      ],
    },
  };
}

function expectedPage(ctx: SiteContext) {
  const { files, people, page } = ctx.site;
  return {
    page: {
      data: {
        id: String(page.en),
        attributes: {
          title: 'Home',
          seo: { metaTitle: 'Home | Site', shareImage: { data: short(files.share) } },
          blocks: [
            { __typename: 'ComponentBlocksHero', heading: 'Welcome', image: { data: short(files.hero) } },
            { __typename: 'ComponentBlocksGallery', caption: 'Moments', images: { data: [short(files['gallery-c']), short(files['gallery-a'])] } },
            { __typename: 'ComponentBlocksQuote', body: 'Simplicity is prerequisite for reliability.', by: 'Dijkstra' },
            { __typename: 'ComponentBlocksRichText', body: '## About\n\nWe make things.' },
            { __typename: 'ComponentBlocksCallToAction', label: 'Start', url: '/start', icon: { data: short(files['cta-icon']) } },
            {
              __typename: 'ComponentBlocksFeatureList',
              title: 'Why',
              illustration: { data: short(files.illustration) },
              features: [
                { name: 'Fast', icon: { data: short(files['feature-icon']) } },
                { name: 'Light', icon: { data: null } },
              ],
            },
            {
              __typename: 'ComponentBlocksTestimonial',
              text: 'It works.',
              person: { data: { id: String(people.ada), attributes: { name: 'Ada', avatar: { data: short(files['avatar-ada']) } } } },
            },
            {
              __typename: 'ComponentBlocksVideo',
              title: 'Demo',
              file: { data: { id: String(files.video.id), attributes: { name: 'clip.txt', mime: 'text/plain', url: files.video.url, formats: null } } },
              poster: { data: short(files.poster) },
            },
          ],
        },
      },
    },
  };
}

/**
 * The statements that read content, not those the auth plugins or a token's last use may run
 * meanwhile (one more statement once turned up in a count on MariaDB).
 */
/** The statements of a run, for an assertion's message: what was counted when a count is off. */
const statements = (run: { queries: Array<{ sql: string }> }) => run.queries.map(({ sql }) => sql).join('\n');

function contentReads(run: { queries: Array<{ sql: string }> }, options: { withoutCount?: boolean } = {}): number {
  return run.queries.filter(({ sql }) => /^\s*select\b/i.test(sql) && !/\b(up_|strapi_api_token)/.test(sql) && !(options.withoutCount && /\bcount\(/i.test(sql))).length;
}

/** The three callers of the issue: the public role, a user's JWT, a full-access API token. */
async function callers(ctx: SiteContext): Promise<Array<[string, Record<string, string>]>> {
  const { jwt } = await register(ctx.app);
  return [
    ['public', {}],
    ['jwt', bearer(jwt)],
    ['full-access token', bearer(ctx.site.token)],
  ];
}

describeSite('GraphQL media fields', (ctx) => {
  let who: Array<[string, Record<string, string>]>;
  before(async () => {
    who = await callers(ctx);
  });

  it('single and multiple media at the root, in a component and through a relation, with every attribute and formats, for each caller', async () => {
    const expected = expectedArticles(ctx);
    for (const [name, headers] of who) {
      const res = await gql(ctx.app, ARTICLES, undefined, headers);
      expect(res.status, name).to.equal(200);
      expect(res.body, name).to.deep.equal({ data: expected });
    }
    // the thumbnails really are there: a 640x400 image has a thumbnail and a small format
    expect(Object.keys(ctx.site.files['cover-1'].formats ?? {})).to.deep.equal(['thumbnail', 'small']);
  });

  it('answers the same files as REST populate, for each caller', async () => {
    const { files } = ctx.site;
    for (const [name, headers] of who) {
      const res = await ctx.app.get(ARTICLES_REST, headers);
      expect(res.status, name).to.equal(200);
      const [first, second, bare]: Json[] = res.body.data;
      expect(first.attributes.cover, name).to.deep.equal({ data: restFile(files['cover-1']) });
      expect(first.attributes.gallery, name).to.deep.equal({ data: [restFile(files['gallery-a']), restFile(files['gallery-b'])] });
      expect(first.attributes.seo.shareImage, name).to.deep.equal({ data: restFile(files.share) });
      expect(first.attributes.author.data.attributes.avatar, name).to.deep.equal({ data: restFile(files['avatar-ada']) });
      expect(second.attributes.seo.shareImage, name).to.deep.equal({ data: null });
      expect([bare.attributes.cover, bare.attributes.gallery, bare.attributes.author], name).to.deep.equal([{ data: null }, { data: [] }, { data: null }]);
    }
  });

  it('media in every kind of dynamic-zone block, in a repeatable component inside a block, and through a relation inside a block', async () => {
    const expected = expectedPage(ctx);
    for (const [name, headers] of who) {
      const res = await gql(ctx.app, PAGE, { locale: 'en' }, headers);
      expect(res.body, name).to.deep.equal({ data: expected });
    }
  });

  it('costs a fixed number of statements whatever the number of entries, the same as the REST populate of the same attributes', async () => {
    const one = await ctx.app.countQueries(() => gql(ctx.app, ARTICLES, { limit: 1 }));
    const all = await ctx.app.countQueries(() => gql(ctx.app, ARTICLES, { limit: 3 }));
    const rest = await ctx.app.countQueries(() => ctx.app.get(ARTICLES_REST));
    expect((one.result.body.data as { articles: { data: unknown[] } }).articles.data).to.have.length(1);
    // the list, then one statement per populated level: cover, gallery, author, author.avatar,
    // seo, seo.shareImage; REST also counts the entries (GraphQL only when meta is selected)
    expect(contentReads(one), statements(one)).to.equal(7);
    expect(contentReads(all), statements(all)).to.equal(7);
    expect(contentReads(rest, { withoutCount: true }), statements(rest)).to.equal(7);
    // the page: itself, seo, the zone's links, seo.shareImage, the eight block tables, then one
    // statement per populated level inside the blocks (hero.image, gallery.images, icon,
    // illustration, features, person, features.icon, person.avatar, video.file, video.poster)
    const page = await ctx.app.countQueries(() => gql(ctx.app, PAGE, { locale: 'en' }));
    expect(contentReads(page), statements(page)).to.equal(22);
  });
});

describeSite(
  'GraphQL media fields for a role that may not list files',
  (ctx) => {
    it('resolve as REST populates them: the media of what the role may read', async () => {
      const { files } = ctx.site;
      const res = await gql(ctx.app, '{ articles(sort: "id") { data { attributes { cover { data { id attributes { url } } } } } } }');
      expect(res.body).to.deep.equal({
        data: {
          articles: {
            data: [
              { attributes: { cover: { data: { id: String(files['cover-1'].id), attributes: { url: files['cover-1'].url } } } } },
              { attributes: { cover: { data: { id: String(files['cover-2'].id), attributes: { url: files['cover-2'].url } } } } },
              { attributes: { cover: { data: null } } },
            ],
          },
        },
      });
      const rest = await ctx.app.get('/api/articles?sort=id&populate=cover&fields[0]=title');
      expect(rest.body.data.map((entry: { attributes: { cover: Json } }) => entry.attributes.cover)).to.deep.equal([
        { data: restFile(files['cover-1']) },
        { data: restFile(files['cover-2']) },
        { data: null },
      ]);
      // and the files themselves stay out of reach
      const list = await gql(ctx.app, '{ uploadFiles { data { id } } }');
      expect(list.body).to.deep.equal({
        errors: [
          {
            message: 'Forbidden access',
            locations: [{ line: 1, column: 3 }],
            path: ['uploadFiles'],
            extensions: { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' },
          },
        ],
        data: { uploadFiles: null },
      });
    });
  },
  { permissions: { public: READ_SITE.filter((action) => !action.startsWith('plugin::upload.')), authenticated: [] } },
);
