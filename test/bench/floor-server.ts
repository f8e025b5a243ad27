/**
 * The koa floor: a hand-written koa + knex server answering the same JSON as platform for the
 * floor workloads (an article by id, a page of 25, a page of 25 with `populate=*`), with no
 * framework of its own. What it costs is what the database and HTTP cost; the bench reports
 * platform's cost as a ratio to it.
 */
import http from 'node:http';
import Koa from 'koa';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { ARTICLE_COLUMNS, NOT_FOUND, article, pageSizeOf, populatedArticles, wantsPopulateAll, type Row } from './floor-shapes';

pg.types.setTypeParser(1082, (v: string) => v);

const client = process.env.DATABASE_CLIENT ?? 'sqlite';
const knex: Knex =
  client === 'sqlite'
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: process.env.DATABASE_FILENAME ?? '' }, useNullAsDefault: true })
    : client === 'mysql'
      ? knexFactory({
          client: 'mysql2',
          connection: {
            host: process.env.DATABASE_HOST,
            port: Number(process.env.DATABASE_PORT),
            user: process.env.DATABASE_USERNAME,
            password: process.env.DATABASE_PASSWORD,
            database: process.env.DATABASE_NAME,
            timezone: 'Z',
            dateStrings: ['DATE'] as unknown as boolean,
            supportBigNumbers: true,
            bigNumberStrings: true,
          },
          pool: { min: 0, max: 10 },
        })
      : knexFactory({
          client: 'pg',
          connection: {
            host: process.env.DATABASE_HOST,
            port: Number(process.env.DATABASE_PORT),
            user: process.env.DATABASE_USERNAME,
            password: process.env.DATABASE_PASSWORD,
            database: process.env.DATABASE_NAME,
          },
          pool: { min: 0, max: 10 },
        });

async function listPage(page: number, pageSize: number) {
  const base = knex('articles').whereNotNull('published_at').where('locale', 'en');
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    base
      .clone()
      .select(ARTICLE_COLUMNS)
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    base.clone().count({ total: '*' }),
  ]);
  return { rows: rows as Row[], meta: { pagination: { page, pageSize, pageCount: Math.ceil(Number(total) / pageSize), total: Number(total) } } };
}

async function populateAll(rows: Row[]) {
  const ids = rows.map((r) => r.id as number);
  const [cats, tags, authors, related, comps, locs] = await Promise.all([
    knex('articles_category_links as l')
      .join('categories as t', 't.id', 'l.category_id')
      .whereIn('l.article_id', ids)
      .select('l.article_id as owner', 't.id', 't.name', 't.slug', 't.created_at', 't.updated_at'),
    knex('articles_tags_links as l')
      .join('tags as t', 't.id', 'l.tag_id')
      .whereIn('l.article_id', ids)
      .orderBy([{ column: 'l.tag_order' }, { column: 'l.id' }])
      .select('l.article_id as owner', 't.id', 't.name', 't.created_at', 't.updated_at'),
    knex('articles_author_links as l')
      .join('writers as t', 't.id', 'l.writer_id')
      .whereIn('l.article_id', ids)
      .select('l.article_id as owner', 't.id', 't.name', 't.email', 't.created_at', 't.updated_at'),
    knex('articles_related_links as l')
      .join('articles as t', 't.id', 'l.inv_article_id')
      .whereIn('l.article_id', ids)
      .whereNotNull('t.published_at')
      .orderBy([{ column: 'l.article_order' }, { column: 'l.id' }])
      .select(['l.article_id as owner', ...ARTICLE_COLUMNS.map((c) => `t.${c}`)]),
    knex('articles_components')
      .whereIn('entity_id', ids)
      .orderBy([{ column: 'order' }, { column: 'id' }])
      .select('entity_id', 'component_id', 'component_type', 'field'),
    knex('articles_localizations_links as l')
      .join('articles as t', 't.id', 'l.inv_article_id')
      .whereIn('l.article_id', ids)
      .whereNotNull('t.published_at')
      .orderBy([{ column: 'l.article_order' }, { column: 'l.id' }])
      .select(['l.article_id as owner', ...ARTICLE_COLUMNS.map((c) => `t.${c}`)]),
  ]);
  const byType = (type: string) => comps.filter((c: Row) => c.component_type === type).map((c: Row) => c.component_id as number);
  const [seos, quotes, richTexts] = await Promise.all([
    knex('components_shared_seos').whereIn('id', byType('shared.seo')).select('id', 'meta_title', 'meta_description'),
    knex('components_shared_quotes').whereIn('id', byType('shared.quote')).select('id', 'title', 'body'),
    knex('components_shared_rich_texts').whereIn('id', byType('shared.rich-text')).select('id', 'body'),
  ]);
  return populatedArticles(rows, { categories: cats, tags, authors, related, localizations: locs, components: comps, seos, quotes, richTexts });
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/api/articles/17' || /^\/api\/articles\/\d+$/.test(ctx.path)) {
    const id = Number(ctx.path.split('/').pop());
    const row = await knex('articles').select(ARTICLE_COLUMNS).where({ id }).whereNotNull('published_at').first();
    if (!row) {
      ctx.status = 404;
      ctx.body = NOT_FOUND;
      return;
    }
    ctx.body = { data: article(row), meta: {} };
    return;
  }
  if (ctx.path === '/api/articles') {
    const q = ctx.querystring;
    const { rows, meta } = await listPage(1, pageSizeOf(q));
    const data = wantsPopulateAll(q) ? await populateAll(rows) : rows.map(article);
    ctx.body = { data, meta };
    return;
  }
  ctx.status = 404;
});

http.createServer(app.callback()).listen(Number(process.env.PORT ?? 1338), process.env.HOST ?? '127.0.0.1');
