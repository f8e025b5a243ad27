/**
 * The floor: a hand-written koa + knex server answering the same JSON as platform for the
 * floor workloads (an article by id, a page of 25, a page of 25 with `populate=*`), with no
 * framework of its own. What it costs is what the database and HTTP cost; the bench reports
 * platform's cost as a ratio to it.
 */
import http from 'node:http';
import Koa from 'koa';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

pg.types.setTypeParser(1082, (v: string) => v);

type Row = Record<string, unknown>;

const client = process.env.DATABASE_CLIENT ?? 'sqlite';
const knex: Knex =
  client === 'sqlite'
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: process.env.DATABASE_FILENAME! }, useNullAsDefault: true })
    : client === 'mysql'
      ? knexFactory({ client: 'mysql2', connection: { host: process.env.DATABASE_HOST, port: Number(process.env.DATABASE_PORT), user: process.env.DATABASE_USERNAME, password: process.env.DATABASE_PASSWORD, database: process.env.DATABASE_NAME, timezone: 'Z', dateStrings: ['DATE'] as unknown as boolean, supportBigNumbers: true, bigNumberStrings: true }, pool: { min: 0, max: 10 } })
      : knexFactory({ client: 'pg', connection: { host: process.env.DATABASE_HOST, port: Number(process.env.DATABASE_PORT), user: process.env.DATABASE_USERNAME, password: process.env.DATABASE_PASSWORD, database: process.env.DATABASE_NAME }, pool: { min: 0, max: 10 } });

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : (v as string)).toISOString());
const bool = (v: unknown) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1');
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v ?? null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const ARTICLE_COLUMNS = ['id', 'title', 'slug', 'body', 'views', 'rating', 'price', 'published_on', 'featured', 'meta', 'status', 'contact_email', 'created_at', 'updated_at', 'published_at', 'locale'];

function article(r: Row) {
  return {
    id: r.id,
    attributes: {
      title: r.title, slug: r.slug, body: r.body, views: num(r.views), rating: num(r.rating), price: num(r.price),
      publishedOn: r.published_on ?? null, featured: bool(r.featured), meta: json(r.meta), status: r.status, contactEmail: r.contact_email,
      createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), publishedAt: iso(r.published_at), locale: r.locale,
    } as Record<string, unknown>,
  };
}

const category = (r: Row) => ({ id: r.id, attributes: { name: r.name, slug: r.slug, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });
const tag = (r: Row) => ({ id: r.id, attributes: { name: r.name, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });
const writer = (r: Row) => ({ id: r.id, attributes: { name: r.name, email: r.email, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });

async function listPage(page: number, pageSize: number) {
  const base = knex('articles').whereNotNull('published_at').where('locale', 'en');
  const [rows, [{ total }]] = await Promise.all([
    base.clone().select(ARTICLE_COLUMNS).orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize),
    base.clone().count({ total: '*' }),
  ]);
  return { rows: rows as Row[], meta: { pagination: { page, pageSize, pageCount: Math.ceil(Number(total) / pageSize), total: Number(total) } } };
}

function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const out = new Map<unknown, Row[]>();
  for (const row of rows) {
    const list = out.get(row[key]) ?? [];
    list.push(row);
    out.set(row[key], list);
  }
  return out;
}

async function populateAll(rows: Row[]) {
  const ids = rows.map((r) => r.id as number);
  const [cats, tags, authors, related, comps, locs] = await Promise.all([
    knex('articles_category_links as l').join('categories as t', 't.id', 'l.category_id').whereIn('l.article_id', ids).select('l.article_id as owner', 't.id', 't.name', 't.slug', 't.created_at', 't.updated_at'),
    knex('articles_tags_links as l').join('tags as t', 't.id', 'l.tag_id').whereIn('l.article_id', ids).orderBy([{ column: 'l.tag_order' }, { column: 'l.id' }]).select('l.article_id as owner', 't.id', 't.name', 't.created_at', 't.updated_at'),
    knex('articles_author_links as l').join('writers as t', 't.id', 'l.writer_id').whereIn('l.article_id', ids).select('l.article_id as owner', 't.id', 't.name', 't.email', 't.created_at', 't.updated_at'),
    knex('articles_related_links as l').join('articles as t', 't.id', 'l.inv_article_id').whereIn('l.article_id', ids).whereNotNull('t.published_at').orderBy([{ column: 'l.article_order' }, { column: 'l.id' }]).select(['l.article_id as owner', ...ARTICLE_COLUMNS.map((c) => `t.${c}`)]),
    knex('articles_components').whereIn('entity_id', ids).orderBy([{ column: 'order' }, { column: 'id' }]).select('entity_id', 'component_id', 'component_type', 'field'),
    knex('articles_localizations_links as l').join('articles as t', 't.id', 'l.inv_article_id').whereIn('l.article_id', ids).whereNotNull('t.published_at').orderBy([{ column: 'l.article_order' }, { column: 'l.id' }]).select(['l.article_id as owner', ...ARTICLE_COLUMNS.map((c) => `t.${c}`)]),
  ]);
  const byType = (type: string) => comps.filter((c: Row) => c.component_type === type).map((c: Row) => c.component_id as number);
  const [seos, quotes, richTexts] = await Promise.all([
    knex('components_shared_seos').whereIn('id', byType('shared.seo')).select('id', 'meta_title', 'meta_description'),
    knex('components_shared_quotes').whereIn('id', byType('shared.quote')).select('id', 'title', 'body'),
    knex('components_shared_rich_texts').whereIn('id', byType('shared.rich-text')).select('id', 'body'),
  ]);
  const seoById = new Map(seos.map((s: Row) => [s.id, s]));
  const quoteById = new Map(quotes.map((s: Row) => [s.id, s]));
  const rtById = new Map(richTexts.map((s: Row) => [s.id, s]));
  const catBy = groupBy(cats, 'owner');
  const tagBy = groupBy(tags, 'owner');
  const authorBy = groupBy(authors, 'owner');
  const relatedBy = groupBy(related, 'owner');
  const compBy = groupBy(comps, 'entity_id');
  const locBy = groupBy(locs, 'owner');
  return rows.map((r) => {
    const entry = article(r);
    const a = entry.attributes;
    const cat = catBy.get(r.id)?.[0];
    a.category = { data: cat ? category(cat) : null };
    a.tags = { data: (tagBy.get(r.id) ?? []).map(tag) };
    const author = authorBy.get(r.id)?.[0];
    a.author = { data: author ? writer(author) : null };
    a.related = { data: (relatedBy.get(r.id) ?? []).map(article) };
    a.cover = { data: null };
    const own = compBy.get(r.id) ?? [];
    const seoLink = own.find((c) => c.field === 'seo');
    const seo = seoLink ? seoById.get(seoLink.component_id) : undefined;
    a.seo = seo ? { id: seo.id, metaTitle: seo.meta_title, metaDescription: seo.meta_description } : null;
    a.blocks = own
      .filter((c) => c.field === 'blocks')
      .map((c) => {
        if (c.component_type === 'shared.quote') {
          const q = quoteById.get(c.component_id)!;
          return { id: q.id, __component: 'shared.quote', title: q.title, body: q.body };
        }
        const t = rtById.get(c.component_id)!;
        return { id: t.id, __component: 'shared.rich-text', body: t.body };
      });
    a.localizations = { data: (locBy.get(r.id) ?? []).map(article) };
    return entry;
  });
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/api/articles/17' || /^\/api\/articles\/\d+$/.test(ctx.path)) {
    const id = Number(ctx.path.split('/').pop());
    const row = await knex('articles').select(ARTICLE_COLUMNS).where({ id }).whereNotNull('published_at').first();
    if (!row) {
      ctx.status = 404;
      ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
      return;
    }
    ctx.body = { data: article(row), meta: {} };
    return;
  }
  if (ctx.path === '/api/articles') {
    const q = ctx.querystring;
    const pageSize = Number(/pageSize%5D=(\d+)|pageSize\]=(\d+)/.exec(q)?.slice(1).find(Boolean) ?? 25);
    const { rows, meta } = await listPage(1, pageSize);
    const data = q.includes('populate=*') || q.includes('populate=%2A') ? await populateAll(rows) : rows.map(article);
    ctx.body = { data, meta };
    return;
  }
  ctx.status = 404;
});

http.createServer(app.callback()).listen(Number(process.env.PORT ?? 1338), process.env.HOST ?? '127.0.0.1');
