/**
 * The data set of the read-path tests (filters, sort, fields, pagination), written straight
 * into Strapi v4's tables so that it does not depend on the write path. Five published
 * articles and one draft; relations, a component with a nested repeatable component.
 */
import type { TestApp } from '../helpers/app';

const at = (iso: string) => new Date(iso);

export const ARTICLES = [
  {
    title: 'Hello World',
    body: 'Some *Bold* text',
    views: 10,
    rating: 4.5,
    price: 9.99,
    published_on: '2024-01-02',
    featured: true,
    meta: '{"a":1}',
    status: 'review',
    contact_email: 'ada@example.com',
    created_at: at('2024-01-01T10:00:00.000Z'),
  },
  {
    title: 'hello world',
    body: null,
    views: 20,
    rating: 3,
    price: 19.5,
    published_on: '2024-02-10',
    featured: false,
    meta: null,
    status: 'draft',
    contact_email: 'bob@example.com',
    created_at: at('2024-02-01T10:00:00.000Z'),
  },
  {
    title: '100% sure_thing',
    body: null,
    views: null,
    rating: null,
    price: null,
    published_on: null,
    featured: null,
    meta: null,
    status: null,
    contact_email: null,
    created_at: at('2024-03-01T10:00:00.000Z'),
  },
  {
    title: 'Zebra',
    body: 'zzz',
    views: 5,
    rating: 1.25,
    price: 0.5,
    published_on: '2023-12-31',
    featured: false,
    meta: '{"b":2}',
    status: 'done',
    contact_email: 'ada@example.com',
    created_at: at('2024-04-01T10:00:00.000Z'),
  },
  {
    title: '1000 sure things',
    body: null,
    views: 0,
    rating: 2,
    price: null,
    published_on: null,
    featured: true,
    meta: null,
    status: 'review',
    contact_email: null,
    created_at: at('2024-05-01T10:00:00.000Z'),
  },
];

export async function seedReadData(app: TestApp): Promise<void> {
  const k = app.knex;
  const stamp = at('2024-01-01T00:00:00.000Z');
  await k('categories').insert(['News', 'Sport', 'Tech'].map((name) => ({ name, created_at: stamp, updated_at: stamp })));
  await k('tags').insert(['alpha', 'beta', 'gamma'].map((name) => ({ name, created_at: stamp, updated_at: stamp })));
  await k('profiles').insert([
    { bio: 'likes math', created_at: stamp, updated_at: stamp },
    { bio: 'likes sport', created_at: stamp, updated_at: stamp },
  ]);
  await k('writers').insert([
    { name: 'Ada', email: 'ada@example.com', secret: 'sa', created_at: stamp, updated_at: stamp },
    { name: 'Bob', email: 'bob@example.com', secret: 'sb', created_at: stamp, updated_at: stamp },
  ]);
  await k('writers_profile_links').insert([
    { writer_id: 1, profile_id: 1 },
    { writer_id: 2, profile_id: 2 },
  ]);
  for (const row of ARTICLES) {
    await k('articles').insert({ ...row, updated_at: row.created_at, published_at: row.created_at, locale: 'en' });
  }
  // A draft: hidden from every default (live) read, whatever it matches.
  await k('articles').insert({ title: 'Hello World draft', views: 30, featured: true, status: 'review', created_at: stamp, updated_at: stamp, published_at: null, locale: 'en' });
  await k('articles_category_links').insert([
    { article_id: 1, category_id: 1, article_order: 1 },
    { article_id: 2, category_id: 2, article_order: 1 },
    { article_id: 4, category_id: 3, article_order: 1 },
    { article_id: 5, category_id: 1, article_order: 2 },
    { article_id: 6, category_id: 3, article_order: 2 },
  ]);
  await k('articles_author_links').insert([
    { article_id: 1, writer_id: 1, article_order: 1 },
    { article_id: 2, writer_id: 2, article_order: 1 },
    { article_id: 4, writer_id: 1, article_order: 2 },
  ]);
  await k('articles_tags_links').insert([
    { article_id: 1, tag_id: 1, tag_order: 1, article_order: 1 },
    { article_id: 1, tag_id: 2, tag_order: 2, article_order: 1 },
    { article_id: 2, tag_id: 2, tag_order: 1, article_order: 2 },
    { article_id: 4, tag_id: 3, tag_order: 1, article_order: 1 },
  ]);
  await k('components_shared_seos').insert([
    { meta_title: 'Intro', meta_description: null },
    { meta_title: 'Second', meta_description: 'two' },
  ]);
  await k('articles_components').insert([
    { entity_id: 1, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
    { entity_id: 2, component_id: 2, component_type: 'shared.seo', field: 'seo', order: 1 },
  ]);
  await k('components_shared_meta_tags').insert([{ name: 'kw', content: 'c' }]);
  await k('components_shared_seos_components').insert([{ entity_id: 1, component_id: 1, component_type: 'shared.meta-tag', field: 'tags', order: 1 }]);
}

/** The ids of a list response, in order. */
export function ids(body: { data: Array<{ id: number }> }): number[] {
  return body.data.map((entry) => entry.id);
}

export function invalid(message: string) {
  return { data: null, error: { status: 400, name: 'ValidationError', message, details: {} } };
}
