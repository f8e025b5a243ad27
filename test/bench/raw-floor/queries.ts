/**
 * The raw floor's reads: an article by id, a page of articles with its total, and everything
 * `populate=*` adds to a page, as the few statements a hand-written server would send.
 */
import { ARTICLE_COLUMNS, type PageRelations, type Row } from '../floor-shapes';
import { statement, type RawDriver, type Statement } from './driver';

type Client = Parameters<typeof statement>[0];

const cols = (alias: string) => ARTICLE_COLUMNS.map((c) => `${alias}."${c}"`).join(', ');

function statements(client: Client) {
  const s = (sql: string) => statement(client, sql);
  return {
    byId: s(`SELECT ${cols('a')} FROM "articles" a WHERE a."id" = ? AND a."published_at" IS NOT NULL LIMIT 1`),
    page: s(`SELECT ${cols('a')} FROM "articles" a WHERE a."published_at" IS NOT NULL AND a."locale" = ? ORDER BY a."id" ASC LIMIT ? OFFSET ?`),
    count: s(`SELECT COUNT(*) AS "total" FROM "articles" a WHERE a."published_at" IS NOT NULL AND a."locale" = ?`),
    categories: s(
      `SELECT l."article_id" AS "owner", t."id", t."name", t."slug", t."created_at", t."updated_at" FROM "articles_category_links" l JOIN "categories" t ON t."id" = l."category_id" WHERE l."article_id" IN (?*) ORDER BY l."id"`,
    ),
    tags: s(
      `SELECT l."article_id" AS "owner", t."id", t."name", t."created_at", t."updated_at" FROM "articles_tags_links" l JOIN "tags" t ON t."id" = l."tag_id" WHERE l."article_id" IN (?*) ORDER BY l."tag_order", l."id"`,
    ),
    authors: s(
      `SELECT l."article_id" AS "owner", t."id", t."name", t."email", t."created_at", t."updated_at" FROM "articles_author_links" l JOIN "writers" t ON t."id" = l."writer_id" WHERE l."article_id" IN (?*) ORDER BY l."id"`,
    ),
    related: s(
      `SELECT l."article_id" AS "owner", ${cols('t')} FROM "articles_related_links" l JOIN "articles" t ON t."id" = l."inv_article_id" WHERE t."published_at" IS NOT NULL AND l."article_id" IN (?*) ORDER BY l."article_order", l."id"`,
    ),
    localizations: s(
      `SELECT l."article_id" AS "owner", ${cols('t')} FROM "articles_localizations_links" l JOIN "articles" t ON t."id" = l."inv_article_id" WHERE t."published_at" IS NOT NULL AND l."article_id" IN (?*) ORDER BY l."article_order", l."id"`,
    ),
    covers: s(
      `SELECT m."related_id" AS "owner", f."id" FROM "files_related_morphs" m JOIN "files" f ON f."id" = m."file_id" WHERE m."related_type" = ? AND m."field" = ? AND m."related_id" IN (?*) ORDER BY m."order", m."id"`,
    ),
    components: s(`SELECT "entity_id", "component_id", "component_type", "field" FROM "articles_components" WHERE "entity_id" IN (?*) ORDER BY "order", "id"`),
    seos: s(`SELECT "id", "meta_title", "meta_description" FROM "components_shared_seos" WHERE "id" IN (?*)`),
    quotes: s(`SELECT "id", "title", "body" FROM "components_shared_quotes" WHERE "id" IN (?*)`),
    richTexts: s(`SELECT "id", "body" FROM "components_shared_rich_texts" WHERE "id" IN (?*)`),
  };
}

export function rawQueries(client: Client, db: RawDriver) {
  const q = statements(client);
  const list = (s: Statement, ids: readonly unknown[]) => (ids.length ? db.all(s, [], ids) : Promise.resolve([]));
  return {
    async byId(id: number): Promise<Row | undefined> {
      return (await db.all(q.byId, [id]))[0];
    },
    async page(page: number, pageSize: number) {
      const [rows, [counted]] = await Promise.all([db.all(q.page, ['en', pageSize, (page - 1) * pageSize]), db.all(q.count, ['en'])]);
      return { rows, total: Number(counted?.total ?? 0) };
    },
    async relations(ids: number[]): Promise<PageRelations> {
      const [categories, tags, authors, related, localizations, covers, components] = await Promise.all([
        list(q.categories, ids),
        list(q.tags, ids),
        list(q.authors, ids),
        list(q.related, ids),
        list(q.localizations, ids),
        db.all(q.covers, ['api::article.article', 'cover'], ids),
        list(q.components, ids),
      ]);
      if (covers.length) throw new Error('the raw floor answers for a data set without covers');
      const idsOf = (type: string) => components.filter((c) => c.component_type === type).map((c) => c.component_id);
      const [seos, quotes, richTexts] = await Promise.all([list(q.seos, idsOf('shared.seo')), list(q.quotes, idsOf('shared.quote')), list(q.richTexts, idsOf('shared.rich-text'))]);
      return { categories, tags, authors, related, localizations, components, seos, quotes, richTexts };
    },
  };
}
