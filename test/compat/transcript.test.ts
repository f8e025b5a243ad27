/**
 * Replays, in order, the requests of the real Strapi v4.26.2 transcript
 * (a copy of the Strapi v4.26.2 transcript of the spec, `strapi-v4-transcript.md` beside this file) against the example app, and asserts the exact
 * status and body (key order included) after masking the clock values. The transcript is read
 * as data, so the test follows the file rather than a copy of it.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import { startApp, type TestApp } from '../helpers/app';
import { canonical, maskTimestamps, readTranscript, timestampsOf, type TranscriptStep } from './normalize';

/**
 * Steps that need a plugin we have not built: upload (and the cover set/read that needs an
 * uploaded file), GraphQL, users-permissions (register, login, users/me) and API tokens.
 */
const NEEDS_MISSING_PLUGIN: RegExp[] = [/\/api\/upload/, /set cover/, /populate\[cover\]/, /GraphQL/, /auth\/local/, /users\/me/, /bad token/];

/**
 * The API-token list request is replayed without its Authorization header: with no auth plugin
 * everything is open, and the body Strapi answered is the plain category list.
 */
const TOKEN_STEP = /full-access API token/;

function stepsToReplay(): TranscriptStep[] {
  return readTranscript()
    .filter((step) => !NEEDS_MISSING_PLUGIN.some((re) => re.test(step.title)))
    .map((step) => (TOKEN_STEP.test(step.title) ? { ...step, headers: {} } : step));
}

for (const client of testClients()) {
  describe(`Strapi v4 transcript replay [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    const steps = stepsToReplay();
    /** our parsed answer per step, for the timestamp-consistency check at the end */
    const answers = new Map<TranscriptStep, unknown>();

    before(async () => {
      app = await startApp({ client });
    });
    after(async () => {
      await app?.close();
    });

    it('replays the expected set of transcript steps', () => {
      expect(steps.map((s) => `${s.method} ${s.url.split('?')[0]}`)).to.deep.equal([
        'GET /api/articles',
        'POST /api/categories',
        'POST /api/categories',
        'POST /api/tags',
        'POST /api/profiles',
        'POST /api/writers',
        'POST /api/articles',
        'POST /api/articles',
        'GET /api/articles',
        'GET /api/articles',
        'GET /api/articles',
        'GET /api/articles/999',
        'POST /api/articles/1/localizations',
        'GET /api/i18n/locales',
        'PUT /api/global',
        'GET /api/global',
        'GET /api/writers/1',
        'GET /api/categories',
      ]);
    });

    for (const step of steps) {
      it(`${step.title}: ${step.method} ${step.url}`, async () => {
        const headers: Record<string, string> = { ...step.headers };
        const res = await app.request(step.method, step.url, step.body, headers);
        answers.set(step, res.body);
        const expected = JSON.parse(step.response);
        const { bad } = maskTimestamps(res.body);
        expect(bad, 'timestamps that are not ISO 8601 strings').to.deep.equal([]);
        expect({ status: res.status, body: canonical(res.body) }).to.deep.equal({ status: step.status, body: canonical(expected) });
      });
    }

    it('leaves the rows Strapi v4 stores for these requests, in its layout', async () => {
      const rows = async (table: string, columns: string[], orderBy: string[]) => {
        const found: Array<Record<string, unknown>> = await app.knex(table).select(columns).orderBy(orderBy);
        return found.map((row) => {
          const out: Record<string, unknown> = {};
          for (const column of columns) {
            const value = row[column];
            // drivers answer ids and float orders as strings or numbers; compare numbers
            out[column] = /(^id|_id|order)$/.test(column) && value !== null ? Number(value) : value;
          }
          return out;
        });
      };
      expect({
        categories: await rows('categories', ['id', 'name', 'slug'], ['id']),
        tags: await rows('tags', ['id', 'name'], ['id']),
        profiles: await rows('profiles', ['id', 'bio'], ['id']),
        writers: await rows('writers', ['id', 'name', 'email', 'secret'], ['id']),
        writersProfile: await rows('writers_profile_links', ['writer_id', 'profile_id'], ['writer_id']),
        articles: (await rows('articles', ['id', 'title', 'views', 'status', 'locale', 'published_at'], ['id'])).map((r) => ({ ...r, published_at: r.published_at !== null })),
        articlesCategory: await rows('articles_category_links', ['article_id', 'category_id', 'article_order'], ['article_id']),
        articlesTags: await rows('articles_tags_links', ['article_id', 'tag_id', 'tag_order', 'article_order'], ['article_id']),
        articlesAuthor: await rows('articles_author_links', ['article_id', 'writer_id', 'article_order'], ['article_id']),
        articlesRelated: await rows('articles_related_links', ['article_id', 'inv_article_id', 'article_order'], ['article_id']),
        articlesLocalizations: await rows('articles_localizations_links', ['article_id', 'inv_article_id', 'article_order'], ['article_id']),
        articlesComponents: await rows('articles_components', ['entity_id', 'component_id', 'component_type', 'field', 'order'], ['entity_id', 'field', 'order']),
        seos: await rows('components_shared_seos', ['id', 'meta_title', 'meta_description'], ['id']),
        seosComponents: await rows('components_shared_seos_components', ['entity_id', 'component_id', 'component_type', 'field', 'order'], ['entity_id']),
        metaTags: await rows('components_shared_meta_tags', ['id', 'name', 'content'], ['id']),
        quotes: await rows('components_shared_quotes', ['id', 'title', 'body'], ['id']),
        richTexts: await rows('components_shared_rich_texts', ['id', 'body'], ['id']),
        globals: await rows('globals', ['id', 'site_name', 'description'], ['id']),
        globalsComponents: await rows('globals_components', ['entity_id', 'component_id', 'component_type', 'field', 'order'], ['entity_id']),
        locales: await rows('i18n_locale', ['id', 'name', 'code'], ['id']),
      }).to.deep.equal({
        categories: [{ id: 1, name: 'News', slug: null }],
        tags: [{ id: 1, name: 'alpha' }],
        profiles: [{ id: 1, bio: 'writes things' }],
        writers: [{ id: 1, name: 'Ada', email: 'ada@example.com', secret: 'hidden' }],
        writersProfile: [{ writer_id: 1, profile_id: 1 }],
        articles: [
          { id: 1, title: 'Hello World', views: 3, status: 'review', locale: 'en', published_at: true },
          { id: 2, title: 'Draft one', views: null, status: null, locale: 'en', published_at: false },
          { id: 3, title: 'Bonjour', views: 3, status: 'review', locale: 'fr', published_at: false },
        ],
        articlesCategory: [{ article_id: 1, category_id: 1, article_order: 1 }],
        articlesTags: [{ article_id: 1, tag_id: 1, tag_order: 1, article_order: 1 }],
        articlesAuthor: [{ article_id: 1, writer_id: 1, article_order: 1 }],
        articlesRelated: [{ article_id: 2, inv_article_id: 1, article_order: 1 }],
        articlesLocalizations: [
          { article_id: 1, inv_article_id: 3, article_order: 1 },
          { article_id: 3, inv_article_id: 1, article_order: 1 },
        ],
        articlesComponents: [
          { entity_id: 1, component_id: 1, component_type: 'shared.quote', field: 'blocks', order: 1 },
          { entity_id: 1, component_id: 1, component_type: 'shared.rich-text', field: 'blocks', order: 2 },
          { entity_id: 1, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
        ],
        seos: [
          { id: 1, meta_title: 'mt', meta_description: null },
          { id: 2, meta_title: 'site', meta_description: null },
        ],
        seosComponents: [{ entity_id: 1, component_id: 1, component_type: 'shared.meta-tag', field: 'tags', order: 1 }],
        metaTags: [{ id: 1, name: 'n', content: 'c' }],
        quotes: [{ id: 1, title: 'q', body: 'b' }],
        richTexts: [{ id: 1, body: '**rt**' }],
        globals: [{ id: 1, site_name: 'Peer', description: null }],
        globalsComponents: [{ entity_id: 1, component_id: 2, component_type: 'shared.seo', field: 'defaultSeo', order: 1 }],
        locales: [
          { id: 1, name: 'English (en)', code: 'en' },
          { id: 2, name: 'French (fr)', code: 'fr' },
        ],
      });
    });

    it('timestamps equal in the transcript are equal in our answers (same entry, same clock value)', () => {
      const ours = new Map<string, string>();
      const theirs: Array<[string, string]> = [];
      steps.forEach((step, index) => {
        for (const [where, value] of timestampsOf(JSON.parse(step.response), `#${index}`)) theirs.push([where, value]);
        for (const [where, value] of timestampsOf(answers.get(step), `#${index}`)) ours.set(where, value);
      });
      const mismatches: string[] = [];
      for (const [i, [whereA, valueA]] of theirs.entries()) {
        for (const [whereB, valueB] of theirs.slice(i + 1)) {
          if (valueA !== valueB) continue;
          const a = ours.get(whereA);
          const b = ours.get(whereB);
          if (a !== undefined && b !== undefined && a !== b) mismatches.push(`${whereA}=${a} vs ${whereB}=${b}`);
        }
      }
      expect(mismatches).to.deep.equal([]);
    });
  });
}
