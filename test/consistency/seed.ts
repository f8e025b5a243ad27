/**
 * One data set, written through the REST API into every app of a cross-database run, with
 * values chosen where databases like to disagree: case, accents, non-ASCII and emoji, LIKE
 * wildcards, padding spaces, empty strings, nulls, equal sort keys, negative numbers, floats,
 * two-place decimals, dates on boundaries, booleans and JSON. Every request must succeed, so
 * that every app hands out the same ids. JSON objects are written with their keys in the order
 * PostgreSQL's jsonb keeps them (shorter first, then bytewise); the key-order divergence has
 * its own test.
 */
import type { TestApp } from '../helpers/app';

/** Fixed instants, so `publishedAt` is the same in every app (the seed sets it explicitly). */
export const PUBLISHED = [
  '2024-01-01T00:00:00.000Z',
  '2023-12-31T23:59:59.999Z',
  '1999-12-31T23:59:59.000Z',
  '2024-02-29T12:00:00.500Z',
  '2038-01-19T03:14:08.000Z',
  '1970-01-01T00:00:00.001Z',
] as const;

export const CATEGORY_NAMES = ['Technology', 'technology ', 'Économie', 'straße', '中文 分类', '100%_off', 'a!b\\c', ' lead', ''];
export const TAG_NAMES = ['news', 'News', 'news', 'ÉTÉ', 'été', 'emoji 🎉', '%', '_', 'x_y', 'x%y', '\\', '!', '', '  padded  ', 'Zebra', 'zebra', 'ß', 'SS', '中文', '日本'];
export const PROFILE_BIOS: Array<string | null> = ['Writes about ß and ẞ', null, '', 'ÀÉÎÕÜ upper', 'àéîõü lower', '😀 emoji first'];
export const WRITERS: Array<{ name: string; email: string | null; secret: string; profile: number | null }> = [
  { name: 'Ada', email: 'ada@example.com', secret: 's1', profile: 1 },
  { name: 'ada', email: 'ADA@EXAMPLE.COM', secret: 's2', profile: 2 },
  { name: 'Zoë', email: null, secret: 's3', profile: 3 },
  { name: 'Émile', email: 'emile@example.org', secret: 's4', profile: 4 },
  { name: 'Ada', email: 'ada2@example.com', secret: 's5', profile: null },
  { name: '李', email: 'li@example.cn', secret: 's6', profile: 6 },
];

export interface ArticleSeed {
  title: string;
  slug?: string | null;
  body?: string | null;
  views?: number | null;
  rating?: number | null;
  price?: number | null;
  publishedOn?: string | null;
  featured?: boolean | null;
  meta?: unknown;
  status?: string | null;
  contactEmail?: string | null;
  category?: number | null;
  tags?: number[];
  author?: number | null;
  related?: number[];
  seo?: { metaTitle?: string | null; metaDescription?: string | null; tags?: Array<{ name?: string | null; content?: string | null }> } | null;
  blocks?: Array<Record<string, unknown>>;
  publishedAt: string | null;
}

export const ARTICLES: ArticleSeed[] = [
  {
    title: 'Hello World',
    slug: 'hello-world',
    body: '# Hello\n100% sure_thing',
    views: 10,
    rating: 4.5,
    price: 9.99,
    publishedOn: '2024-01-01',
    featured: true,
    meta: { a: [1, 2, { c: 'ü' }], b: 1 },
    status: 'done',
    contactEmail: 'ada@example.com',
    category: 1,
    tags: [1, 2, 3],
    author: 1,
    seo: {
      metaTitle: 'Hello',
      metaDescription: 'First post',
      tags: [
        { name: 'og:title', content: 'Hello' },
        { name: 'og:type', content: 'article' },
      ],
    },
    blocks: [
      { __component: 'shared.quote', title: 'Q1', body: 'To be' },
      { __component: 'shared.rich-text', body: 'Rich 1' },
    ],
    publishedAt: PUBLISHED[0],
  },
  {
    title: 'hello world',
    slug: 'hello-world-2',
    body: 'lower case twin',
    views: 10,
    rating: -2.5,
    price: -0.01,
    publishedOn: '1970-01-01',
    featured: false,
    meta: [],
    status: 'review',
    contactEmail: 'ADA@EXAMPLE.COM',
    category: 2,
    tags: [2, 1],
    author: 2,
    related: [1],
    seo: { metaTitle: 'hello', metaDescription: null, tags: [] },
    blocks: [],
    publishedAt: PUBLISHED[1],
  },
  {
    title: 'Économie française',
    slug: 'economie',
    body: 'Accents: àéîõü ÀÉÎÕÜ',
    views: 0,
    rating: 0,
    price: 0,
    publishedOn: '1969-12-31',
    featured: null,
    meta: 'a plain string',
    status: 'draft',
    contactEmail: null,
    category: 3,
    tags: [4, 5],
    author: 3,
    seo: { metaTitle: 'Économie', metaDescription: 'ÉTÉ été', tags: [{ name: 'été', content: null }] },
    blocks: [{ __component: 'shared.rich-text', body: 'été' }],
    publishedAt: PUBLISHED[2],
  },
  {
    title: 'Straße und ß',
    slug: 'strasse',
    body: 'ß vs SS vs ẞ',
    views: 1000000,
    rating: 4.56789,
    price: 12345.67,
    publishedOn: '2000-02-29',
    featured: true,
    meta: 42,
    status: null,
    contactEmail: 'emile@example.org',
    category: 4,
    tags: [16, 17, 18],
    author: 4,
    related: [2, 3],
    seo: null,
    blocks: [{ __component: 'shared.quote', title: null, body: null }],
    publishedAt: PUBLISHED[3],
  },
  {
    title: '中文标题 🎉',
    slug: 'zhong-wen',
    body: '中文 and emoji 🎉🎉',
    views: 7,
    rating: 1e10,
    price: 0.1,
    publishedOn: '2038-01-19',
    featured: false,
    meta: { emoji: '🎉', 中文: '值' },
    status: 'done',
    contactEmail: 'li@example.cn',
    category: 5,
    tags: [6, 19, 20],
    author: 6,
    seo: { metaTitle: '中文', metaDescription: '🎉', tags: [{ name: '🎉', content: '中文' }] },
    blocks: [],
    publishedAt: PUBLISHED[4],
  },
  {
    title: '100% off_sale!',
    slug: '100-off',
    body: 'wildcards % _ ! \\ in text',
    views: 100,
    rating: 0.1,
    price: 99.99,
    publishedOn: '2024-12-31',
    featured: true,
    meta: { pct: '100%', under: '_' },
    status: 'review',
    contactEmail: 'sale@example.com',
    category: 6,
    tags: [7, 8, 9, 10],
    author: 1,
    seo: {
      metaTitle: '%_!\\',
      metaDescription: '50%',
      tags: [
        { name: '%', content: '_' },
        { name: '!', content: '\\' },
      ],
    },
    blocks: [{ __component: 'shared.quote', title: '%', body: '_' }],
    publishedAt: PUBLISHED[5],
  },
  {
    title: 'a!b\\c',
    slug: 'a-b-c',
    body: 'backslash \\ and bang !',
    views: 100,
    rating: 0.1,
    price: 99.99,
    publishedOn: '2024-12-31',
    featured: false,
    meta: null,
    status: 'done',
    contactEmail: null,
    category: 7,
    tags: [11, 12],
    author: 5,
    seo: { metaTitle: '', metaDescription: '', tags: [] },
    blocks: [],
    publishedAt: PUBLISHED[0],
  },
  {
    title: '  padded title  ',
    slug: 'padded',
    body: '  ',
    views: null,
    rating: null,
    price: null,
    publishedOn: null,
    featured: null,
    meta: true,
    status: null,
    contactEmail: null,
    category: 8,
    tags: [14],
    author: null,
    seo: { metaTitle: '  padded  ', metaDescription: null, tags: [{ name: '  a', content: 'b  ' }] },
    blocks: [],
    publishedAt: PUBLISHED[1],
  },
  {
    title: '',
    slug: null,
    body: null,
    views: 5,
    rating: -0.000001,
    price: -12345.67,
    publishedOn: '2024-01-01',
    featured: true,
    meta: { nested: { deep: [null, false, 1.5] } },
    status: 'draft',
    contactEmail: 'x@y.zz',
    category: 9,
    tags: [13, 15],
    author: 2,
    seo: null,
    blocks: [
      { __component: 'shared.rich-text', body: '' },
      { __component: 'shared.quote', title: '', body: '' },
    ],
    publishedAt: PUBLISHED[2],
  },
  {
    title: 'Zebra',
    slug: 'zebra',
    body: 'Zebra zebra ZEBRA',
    views: 10,
    rating: 4.5,
    price: 9.99,
    publishedOn: '2024-01-01',
    featured: false,
    meta: { a: 2, b: 1 },
    status: 'done',
    contactEmail: 'zebra@example.com',
    category: 1,
    tags: [15, 16, 1],
    author: 3,
    related: [9, 1],
    seo: { metaTitle: 'Zebra', metaDescription: 'zebra', tags: [] },
    blocks: [],
    publishedAt: PUBLISHED[3],
  },
  {
    title: 'Draft: ÉTÉ',
    slug: 'draft-ete',
    body: 'unpublished',
    views: 3,
    rating: 2.25,
    price: 1.5,
    publishedOn: '2023-06-15',
    featured: true,
    meta: { draft: true },
    status: 'draft',
    contactEmail: 'draft@example.com',
    category: 3,
    tags: [4],
    author: 4,
    seo: { metaTitle: 'Draft', metaDescription: null, tags: [] },
    blocks: [{ __component: 'shared.quote', title: 'D', body: 'd' }],
    publishedAt: null,
  },
  {
    title: 'zebra',
    slug: 'zebra-2',
    body: null,
    views: 0,
    rating: -2.5,
    price: 0,
    publishedOn: '1970-01-01',
    featured: false,
    meta: [1, 'two', null],
    status: 'review',
    contactEmail: null,
    category: null,
    tags: [],
    author: 1,
    related: [10, 11],
    seo: { metaTitle: null, metaDescription: null, tags: [{ name: null, content: null }] },
    blocks: [],
    publishedAt: null,
  },
];

/** French localizations: [source article id, body of POST /api/articles/:id/localizations]. */
export const LOCALIZATIONS: Array<[number, Record<string, unknown>]> = [
  [1, { locale: 'fr', title: 'Bonjour le monde', slug: 'bonjour', body: 'Été à Paris', publishedAt: PUBLISHED[4] }],
  [3, { locale: 'fr', title: 'économie Française', slug: 'economie', body: 'ÉCONOMIE', publishedAt: null }],
  [5, { locale: 'fr', title: '中文 FR', slug: 'zhong-wen-fr', publishedAt: PUBLISHED[0] }],
];

async function must(app: TestApp, method: string, url: string, body: unknown): Promise<void> {
  const res = await app.request(method, url, body);
  if (res.status !== 200) throw new Error(`seed ${method} ${url} on ${app.database.client}: ${res.status} ${res.text}`);
}

/** Writes the data set; every app receives the same requests in the same order. */
export async function seed(app: TestApp): Promise<void> {
  for (const bio of PROFILE_BIOS) await must(app, 'POST', '/api/profiles', { data: { bio } });
  for (const name of CATEGORY_NAMES) await must(app, 'POST', '/api/categories', { data: { name } });
  for (const name of TAG_NAMES) await must(app, 'POST', '/api/tags', { data: { name } });
  for (const writer of WRITERS) await must(app, 'POST', '/api/writers', { data: writer });
  for (const article of ARTICLES) await must(app, 'POST', '/api/articles', { data: article });
  for (const [id, body] of LOCALIZATIONS) await must(app, 'POST', `/api/articles/${id}/localizations`, body);
  await must(app, 'PUT', '/api/global', { data: { siteName: 'Site ß', description: null, defaultSeo: { metaTitle: 'Global', tags: [{ name: 'n', content: 'c' }] } } });
}
