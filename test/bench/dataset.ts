/**
 * The bench data set, loaded through the entity service in batches with a progress line:
 * categories, tags, writers with profiles, and `scale` articles, each with a category, an
 * author, ~5 tags, an seo component with 2 meta tags, a two-item dynamic zone and a ~1 KB
 * body; 10% drafts; one article in ten also has a French localization. Seeded: the same set
 * on every run. A marker row records what is loaded, so a later run reuses it.
 */
import type { Platform } from '@platform/core';
import type { EntityService } from '@platform/query-engine';
import { createRandom, words } from './random';

const MARKER_KEY = 'bench_dataset';

export interface DatasetShape {
  scale: number;
  seed: number;
  categories: number;
  tags: number;
  writers: number;
}

export function datasetShape(scale: number, seed: number): DatasetShape {
  return { scale, seed, categories: 50, tags: 200, writers: 100 };
}

async function loadedShape(platform: Platform): Promise<string | null> {
  const row = await platform.db.knex('strapi_core_store_settings').where({ key: MARKER_KEY }).first();
  return row ? String(row.value) : null;
}

/** the name of the tags the bench's create workload adds; no tag of the data set has it */
export const CREATED_TAG_NAME = 'bench tag';

export async function ensureDataset(platform: Platform, shape: DatasetShape): Promise<{ loaded: boolean; seconds: number }> {
  const wanted = JSON.stringify(shape);
  if ((await loadedShape(platform)) === wanted) {
    // A reused data set starts as loaded: the thousands of tags an earlier run's creates left
    // would otherwise slow every later run's filters through tags (a scan of the tags table).
    await platform.db.knex('tags').where({ name: CREATED_TAG_NAME }).del();
    return { loaded: false, seconds: 0 };
  }
  const started = Date.now();
  const es = platform.service<EntityService>('plugin::query-engine.entity-service');
  const random = createRandom(shape.seed);
  const total = shape.categories + shape.tags + shape.writers * 2 + shape.scale;
  const progress = createProgress(total);

  const categoryIds: number[] = [];
  for (let i = 1; i <= shape.categories; i++) {
    categoryIds.push((await es.create('api::category.category', { data: { name: `category-${i}`, slug: `category-${i}` } })).id);
    progress.tick();
  }
  const tagIds: number[] = [];
  for (let i = 1; i <= shape.tags; i++) {
    tagIds.push((await es.create('api::tag.tag', { data: { name: `tag-${i}` } })).id);
    progress.tick();
  }
  const writerIds: number[] = [];
  for (let i = 1; i <= shape.writers; i++) {
    const profile = await es.create('api::profile.profile', { data: { bio: words(random, 30) } });
    progress.tick();
    writerIds.push((await es.create('api::writer.writer', { data: { name: `writer-${i}`, email: `writer${i}@example.com`, secret: 'hidden', profile: profile.id } })).id);
    progress.tick();
  }
  const BATCH = 25;
  for (let start = 1; start <= shape.scale; start += BATCH) {
    const batch: Array<Promise<unknown>> = [];
    for (let i = start; i < Math.min(start + BATCH, shape.scale + 1); i++) batch.push(createArticle(es, random, i, { categoryIds, tagIds, writerIds }));
    // Within a batch the creates run concurrently (MariaDB/PostgreSQL use several connections).
    await Promise.all(batch);
    for (let k = 0; k < batch.length; k++) progress.tick();
  }
  progress.done();
  await platform.db.knex('strapi_core_store_settings').where({ key: MARKER_KEY }).delete();
  await platform.db.knex('strapi_core_store_settings').insert({ key: MARKER_KEY, value: wanted, type: 'object', environment: null, tag: null });
  return { loaded: true, seconds: (Date.now() - started) / 1000 };
}

async function createArticle(es: EntityService, random: ReturnType<typeof createRandom>, i: number, ids: { categoryIds: number[]; tagIds: number[]; writerIds: number[] }): Promise<void> {
  const draft = i % 10 === 0;
  const data: Record<string, unknown> = {
    title: `${words(random, 4)} ${i}`,
    slug: `article-${i}`,
    body: words(random, 170),
    views: random.int(0, 5000),
    rating: Math.round(random.next() * 50) / 10,
    price: Math.round(random.next() * 10000) / 100,
    publishedOn: `2024-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    featured: random.next() < 0.2,
    meta: { reading: random.int(1, 20) },
    status: random.pick(['draft', 'review', 'done']),
    contactEmail: `contact${i}@example.com`,
    category: random.pick(ids.categoryIds),
    author: random.pick(ids.writerIds),
    tags: random.sample(ids.tagIds, 5),
    seo: {
      metaTitle: `seo ${i}`,
      metaDescription: words(random, 12),
      tags: [
        { name: 'og:title', content: `t${i}` },
        { name: 'og:type', content: 'article' },
      ],
    },
    blocks: [
      { __component: 'shared.quote', title: `quote ${i}`, body: words(random, 10) },
      { __component: 'shared.rich-text', body: words(random, 20) },
    ],
    ...(draft ? { publishedAt: null } : {}),
  };
  const created = await es.create('api::article.article', { data });
  if (i % 10 === 5) {
    await es.create('api::article.article', { data: { ...data, title: `fr ${data.title as string}`, slug: `article-${i}-fr`, locale: 'fr', localizations: [created.id] }, locale: 'fr' });
  }
}

function createProgress(total: number) {
  let done = 0;
  let last = 0;
  const draw = () => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r  loading data set [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  };
  return {
    tick() {
      done++;
      const now = Date.now();
      if (now - last > 200) {
        last = now;
        draw();
      }
    },
    done() {
      draw();
      process.stderr.write('\n');
    },
  };
}
