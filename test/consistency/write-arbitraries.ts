/**
 * Random PUT sequences on the seeded articles (scalar updates, relation connect / disconnect /
 * set with positions, component and dynamic-zone replacement) and the state they are judged
 * by: everything the API shows populated, from both sides of each relation, plus the rows of
 * the link and component tables (ids, order columns).
 */
import fc from 'fast-check';
import type { TestApp } from '../helpers/app';
import { toAnswer, type Answer } from './compare';
import { PUBLISHED } from './seed';

export interface WriteStep {
  url: string;
  body: { data: Record<string, unknown> };
}

const ARTICLE_IDS = Array.from({ length: 15 }, (_, i) => i + 1);
const TAG_IDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CATEGORY_IDS = Array.from({ length: 9 }, (_, i) => i + 1);
const WRITER_IDS = [1, 2, 3, 4, 5, 6];

const text = fc.constantFrom('Plain', 'plain', 'Été ß', '中文 🎉', '100%_!\\', '', '  spaced  ', 'Zebra');
const scalarData = fc
  .record(
    {
      title: text,
      body: fc.option(text),
      views: fc.option(fc.constantFrom(0, 1, 10, 2147483647)),
      rating: fc.option(fc.constantFrom(-2.5, 0, 0.1, 4.56789, 1e10, -0.000001)),
      price: fc.option(fc.constantFrom(-0.01, 0, 9.99, 12345.67, 99999999.99)),
      publishedOn: fc.option(fc.constantFrom('1969-12-31', '1970-01-01', '2000-02-29', '2024-12-31')),
      featured: fc.option(fc.boolean()),
      meta: fc.constantFrom<unknown>(null, [], [1, 'two'], 'text', 0, false, true, { a: 1 }, { emoji: '🎉', 中文: '值' }, 'false', '42', '[1]'),
      status: fc.option(fc.constantFrom('draft', 'review', 'done')),
      contactEmail: fc.option(fc.constantFrom('a@b.co', 'UPPER@EXAMPLE.COM')),
      // publish and unpublish; `locale` is ignored by PUT
      publishedAt: fc.option(fc.constantFrom(...PUBLISHED)),
      locale: fc.constantFrom('fr', 'en'),
    },
    { requiredKeys: [] },
  )
  .filter((data) => Object.keys(data).length > 0);

const position = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(...ids).map((id) => ({ before: id })),
    fc.constantFrom(...ids).map((id) => ({ after: id })),
    fc.constant({ start: true }),
    fc.constant({ end: true }),
  );

/** A to-many relation body in each of its syntaxes. */
function toMany(ids: number[]): fc.Arbitrary<unknown> {
  const someIds = fc.uniqueArray(fc.constantFrom(...ids), { minLength: 0, maxLength: 4 });
  const longhand = fc
    .uniqueArray(fc.record({ id: fc.constantFrom(...ids), position: fc.option(position(ids), { nil: undefined }) }, { requiredKeys: ['id'] }), {
      minLength: 1,
      maxLength: 3,
      selector: (item) => item.id,
    })
    .map((items) => items.map((item) => (item.position === undefined ? { id: item.id } : item)));
  return fc.oneof(
    someIds,
    someIds.map((set) => ({ set })),
    someIds.map((set) => ({ set: set.map((id) => ({ id })) })),
    longhand.map((connect) => ({ connect })),
    someIds.map((connect) => ({ connect })),
    someIds.map((disconnect) => ({ disconnect })),
    fc.tuple(longhand, someIds).map(([connect, disconnect]) => ({ connect, disconnect })),
  );
}

function toOne(ids: number[]): fc.Arbitrary<unknown> {
  const id = fc.constantFrom(...ids);
  return fc.oneof(
    id,
    fc.constant(null),
    id.map((i) => ({ connect: [i] })),
    id.map((i) => ({ set: [{ id: i }] })),
    id.map((i) => ({ disconnect: [i] })),
  );
}

const relationData = fc.oneof(
  toMany(TAG_IDS).map((tags) => ({ tags })),
  toMany(ARTICLE_IDS).map((related) => ({ related })),
  toOne(CATEGORY_IDS).map((category) => ({ category })),
  toOne(WRITER_IDS).map((author) => ({ author })),
);

const metaTag = fc.record({ name: fc.option(text), content: fc.option(text) });
const componentData = fc.oneof(
  fc.record({ metaTitle: fc.option(text), metaDescription: fc.option(text), tags: fc.array(metaTag, { maxLength: 3 }) }, { requiredKeys: [] }).map((seo) => ({ seo })),
  fc.constant({ seo: null }),
  // an update in place when the id is the entry's component (seeded ids 1..10), a 400 otherwise
  fc.tuple(fc.integer({ min: 1, max: 10 }), fc.option(text)).map(([id, metaTitle]) => ({ seo: { id, metaTitle } })),
  fc
    .array(
      fc.oneof(
        fc.record({ __component: fc.constant('shared.quote'), title: fc.option(text), body: fc.option(text) }),
        fc.record({ __component: fc.constant('shared.rich-text'), body: fc.option(text) }),
      ),
      { maxLength: 3 },
    )
    .map((blocks) => ({ blocks })),
);

/**
 * One kind of change per PUT: a relation PUT that is refused (a position naming an id not in
 * the list) then never rolls back component rows, whose ids PostgreSQL and MariaDB would burn.
 */
const stepArb: fc.Arbitrary<WriteStep> = fc
  .tuple(fc.constantFrom(...ARTICLE_IDS), fc.oneof(scalarData, relationData, componentData))
  .map(([id, data]) => ({ url: `/api/articles/${id}`, body: { data } }));

export const writeStepsArb = fc.array(stepArb, { minLength: 1, maxLength: 6 });

const STATE_URLS = [
  '/api/articles?publicationState=preview&locale=all&pagination[pageSize]=100&populate[category]=true&populate[tags]=true&populate[author]=true&populate[related]=true&populate[seo][populate]=tags&populate[blocks]=true&populate[localizations]=true',
  '/api/tags?pagination[pageSize]=100&populate[articles][fields][0]=title&populate[articles][publicationState]=preview',
  '/api/categories?pagination[pageSize]=100&populate[articles][fields][0]=title',
  '/api/writers?pagination[pageSize]=100&populate[articles][fields][0]=title',
];

const TABLES = [
  'articles_tags_links',
  'articles_category_links',
  'articles_author_links',
  'articles_related_links',
  'articles_localizations_links',
  'articles_components',
  'components_shared_seos',
  'components_shared_seos_components',
  'components_shared_meta_tags',
  'components_shared_quotes',
  'components_shared_rich_texts',
];

/** Rows as plain JSON: numbers as numbers whatever the driver returns, clock columns dropped. */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row).sort()) {
    if (key === 'created_at' || key === 'updated_at') continue;
    const v = row[key];
    out[key] = typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && key.endsWith('order') ? Number(v) : v;
  }
  return out;
}

/** The whole state of one app, as one comparable answer. */
export async function comparableState(app: TestApp): Promise<Answer> {
  const api: Record<string, unknown> = {};
  let status = 200;
  for (const url of STATE_URLS) {
    const res = await app.get(url);
    if (res.status !== 200) status = res.status;
    api[url] = res.body;
  }
  const rows: Record<string, unknown> = {};
  for (const table of TABLES) rows[table] = (await app.knex(table).select('*').orderBy('id')).map(plainRow);
  const answer = toAnswer(app.database.client, { status, body: { api, rows }, headers: new Headers(), text: '' });
  return answer;
}
