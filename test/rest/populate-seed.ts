/**
 * Rows written straight into the Strapi v4 tables of the example app, so that populate is
 * tested against a known layout (link orders, component join orders, drafts) independently of
 * the write path. Timestamps are fixed, so bodies can be compared exactly.
 */
import type { TestApp } from '../helpers/app';

export const T1 = '2024-01-01T10:00:00.000Z';
export const T2 = '2024-01-02T10:00:00.000Z';

export function stamps(iso: string) {
  return { created_at: new Date(iso), updated_at: new Date(iso) };
}

function bool(app: TestApp, value: boolean): boolean | number {
  return app.platform.db.client === 'sqlite' ? (value ? 1 : 0) : value;
}

export interface ArticleRow {
  id: number;
  title: string;
  views?: number | null;
  published?: boolean;
  locale?: string;
}

export function articleRow(app: TestApp, a: ArticleRow) {
  return {
    id: a.id,
    title: a.title,
    slug: null,
    body: null,
    views: a.views ?? null,
    rating: null,
    price: null,
    published_on: null,
    featured: bool(app, false),
    meta: null,
    status: null,
    contact_email: null,
    ...stamps(T1),
    published_at: a.published === false ? null : new Date(T2),
    locale: a.locale ?? 'en',
  };
}

/** The flat attributes the API answers for an article row written by `articleRow`. */
export function articleAttributes(title: string, options: { views?: number | null; published?: boolean; locale?: string } = {}) {
  return {
    title,
    slug: null,
    body: null,
    views: options.views ?? null,
    rating: null,
    price: null,
    publishedOn: null,
    featured: false,
    meta: null,
    status: null,
    contactEmail: null,
    createdAt: T1,
    updatedAt: T1,
    publishedAt: options.published === false ? null : T2,
    locale: options.locale ?? 'en',
  };
}

/**
 * The fixture of the populate tests:
 * - categories News(1), Sport(2); tags alpha(1), beta(2), gamma(3); profile 1; writers Ada(1, with
 *   a private secret and profile 1), Bob(2);
 * - articles First(1), Second(2) published, Draft(3) a draft; all `en`;
 * - First: category News, tags [gamma, alpha] (stored order), author Ada, related [Draft, Second],
 *   seo { metaTitle mt1, tags [meta-tag 2, meta-tag 1] }, blocks [rich-text 1, quote 1, quote 2];
 * - Second: category News, tags [beta], no author, blocks [quote 3];
 * - Draft: category News, author Ada, tags [alpha].
 */
export async function seedPopulateFixture(app: TestApp): Promise<void> {
  const knex = app.knex;
  await knex('categories').insert([
    { id: 1, name: 'News', slug: null, ...stamps(T1) },
    { id: 2, name: 'Sport', slug: 'sport', ...stamps(T1) },
  ]);
  await knex('tags').insert([
    { id: 1, name: 'alpha', ...stamps(T1) },
    { id: 2, name: 'beta', ...stamps(T1) },
    { id: 3, name: 'gamma', ...stamps(T1) },
  ]);
  await knex('profiles').insert([{ id: 1, bio: 'writes things', ...stamps(T1) }]);
  await knex('writers').insert([
    { id: 1, name: 'Ada', email: 'ada@example.com', secret: 'hidden', ...stamps(T1) },
    { id: 2, name: 'Bob', email: null, secret: 'also hidden', ...stamps(T1) },
  ]);
  await knex('writers_profile_links').insert([{ id: 1, writer_id: 1, profile_id: 1 }]);
  await knex('articles').insert([
    articleRow(app, { id: 1, title: 'First', views: 10 }),
    articleRow(app, { id: 2, title: 'Second', views: 20 }),
    articleRow(app, { id: 3, title: 'Draft', published: false }),
  ]);
  await knex('articles_category_links').insert([
    { id: 1, article_id: 1, category_id: 1, article_order: 1 },
    { id: 2, article_id: 3, category_id: 1, article_order: 2 },
    { id: 3, article_id: 2, category_id: 1, article_order: 3 },
  ]);
  // link ids and order columns disagree on purpose: the order column wins
  await knex('articles_tags_links').insert([
    { id: 1, article_id: 1, tag_id: 1, tag_order: 2, article_order: 1 },
    { id: 2, article_id: 1, tag_id: 3, tag_order: 1, article_order: 1 },
    { id: 3, article_id: 2, tag_id: 2, tag_order: 1, article_order: 1 },
    { id: 4, article_id: 3, tag_id: 1, tag_order: 1, article_order: 2 },
  ]);
  await knex('articles_author_links').insert([
    { id: 1, article_id: 1, writer_id: 1, article_order: 1 },
    { id: 2, article_id: 3, writer_id: 1, article_order: 2 },
  ]);
  await knex('articles_related_links').insert([
    { id: 1, article_id: 1, inv_article_id: 2, article_order: 2 },
    { id: 2, article_id: 1, inv_article_id: 3, article_order: 1 },
  ]);
  await knex('components_shared_seos').insert([{ id: 1, meta_title: 'mt1', meta_description: null }]);
  await knex('components_shared_meta_tags').insert([
    { id: 1, name: 'n1', content: 'c1' },
    { id: 2, name: 'n2', content: 'c2' },
  ]);
  await knex('components_shared_seos_components').insert([
    { id: 1, entity_id: 1, component_id: 1, component_type: 'shared.meta-tag', field: 'tags', order: 2 },
    { id: 2, entity_id: 1, component_id: 2, component_type: 'shared.meta-tag', field: 'tags', order: 1 },
  ]);
  await knex('components_shared_quotes').insert([
    { id: 1, title: 'q1', body: 'b1' },
    { id: 2, title: 'q2', body: 'b2' },
    { id: 3, title: 'q3', body: 'b3' },
  ]);
  await knex('components_shared_rich_texts').insert([{ id: 1, body: '**rt**' }]);
  await knex('articles_components').insert([
    { id: 1, entity_id: 1, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
    { id: 2, entity_id: 1, component_id: 1, component_type: 'shared.quote', field: 'blocks', order: 2 },
    { id: 3, entity_id: 1, component_id: 1, component_type: 'shared.rich-text', field: 'blocks', order: 1 },
    { id: 4, entity_id: 1, component_id: 2, component_type: 'shared.quote', field: 'blocks', order: 3 },
    { id: 5, entity_id: 2, component_id: 3, component_type: 'shared.quote', field: 'blocks', order: 1 },
  ]);
}

/** `entries` published articles (the query-count fixture), each with a category, 3 tags, an author, a related article, an seo with 2 meta tags and 2 blocks. */
export async function seedQueryCountFixture(app: TestApp, entries: number): Promise<void> {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const knex = app.knex;
  await knex('categories').insert([
    { id: 1, name: 'News', ...stamps(T1) },
    { id: 2, name: 'Sport', ...stamps(T1) },
  ]);
  await knex('tags').insert(range(3).map((id) => ({ id, name: `tag${id}`, ...stamps(T1) })));
  await knex('writers').insert(range(2).map((id) => ({ id, name: `writer${id}`, ...stamps(T1) })));
  await knex('articles').insert(range(entries).map((id) => articleRow(app, { id, title: `article${id}` })));
  await knex('articles_category_links').insert(range(entries).map((id) => ({ id, article_id: id, category_id: (id % 2) + 1, article_order: id })));
  await knex('articles_author_links').insert(range(entries).map((id) => ({ id, article_id: id, writer_id: (id % 2) + 1, article_order: id })));
  await knex('articles_tags_links').insert(range(entries).flatMap((id) => range(3).map((tag) => ({ article_id: id, tag_id: tag, tag_order: tag, article_order: id }))));
  await knex('articles_related_links').insert(range(entries).map((id) => ({ id, article_id: id, inv_article_id: (id % entries) + 1, article_order: 1 })));
  await knex('components_shared_seos').insert(range(entries).map((id) => ({ id, meta_title: `seo${id}` })));
  await knex('components_shared_meta_tags').insert(range(entries * 2).map((id) => ({ id, name: `name${id}`, content: `content${id}` })));
  await knex('components_shared_seos_components').insert(
    range(entries * 2).map((id) => ({
      entity_id: Math.ceil(id / 2),
      component_id: id,
      component_type: 'shared.meta-tag',
      field: 'tags',
      order: id,
    })),
  );
  await knex('components_shared_quotes').insert(range(entries).map((id) => ({ id, title: `q${id}`, body: 'b' })));
  await knex('components_shared_rich_texts').insert(range(entries).map((id) => ({ id, body: 'rt' })));
  await knex('articles_components').insert(
    range(entries).flatMap((id) => [
      { entity_id: id, component_id: id, component_type: 'shared.seo', field: 'seo', order: 1 },
      { entity_id: id, component_id: id, component_type: 'shared.quote', field: 'blocks', order: 1 },
      { entity_id: id, component_id: id, component_type: 'shared.rich-text', field: 'blocks', order: 2 },
    ]),
  );
}
