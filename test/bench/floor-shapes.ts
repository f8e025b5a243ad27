/**
 * The JSON the floor servers answer, built from rows as each driver returns them: an article,
 * a category, a tag, a writer in the Content API's `{ id, attributes }` shape, with the
 * attributes in the order platform writes them (the bench compares answers byte for byte).
 */
export type Row = Record<string, unknown>;

const DIGITS = /^\d+$/;

/** a stored datetime (epoch ms as number or digits, Date, or text) as ISO text */
export const iso = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(typeof v === 'string' && DIGITS.test(v) ? Number(v) : (v as string | number))).toISOString();
export const bool = (v: unknown) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1');
export const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const ARTICLE_COLUMNS = [
  'id',
  'title',
  'slug',
  'body',
  'views',
  'rating',
  'price',
  'published_on',
  'featured',
  'meta',
  'status',
  'contact_email',
  'created_at',
  'updated_at',
  'published_at',
  'locale',
];

export function article(r: Row) {
  return {
    id: r.id,
    attributes: {
      title: r.title,
      slug: r.slug,
      body: r.body,
      views: num(r.views),
      rating: num(r.rating),
      price: num(r.price),
      publishedOn: r.published_on ?? null,
      featured: bool(r.featured),
      meta: json(r.meta),
      status: r.status,
      contactEmail: r.contact_email,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      publishedAt: iso(r.published_at),
      locale: r.locale,
    } as Record<string, unknown>,
  };
}

export const category = (r: Row) => ({ id: r.id, attributes: { name: r.name, slug: r.slug, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });
export const tag = (r: Row) => ({ id: r.id, attributes: { name: r.name, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });
export const writer = (r: Row) => ({ id: r.id, attributes: { name: r.name, email: r.email, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) } });

export function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const out = new Map<unknown, Row[]>();
  for (const row of rows) {
    const list = out.get(row[key]);
    if (list) list.push(row);
    else out.set(row[key], [row]);
  }
  return out;
}

/** the loaded relations and components of a page of articles, by owner id */
export interface PageRelations {
  categories: Row[];
  tags: Row[];
  authors: Row[];
  related: Row[];
  localizations: Row[];
  /** articles_components rows: entity_id, component_id, component_type, field */
  components: Row[];
  seos: Row[];
  quotes: Row[];
  richTexts: Row[];
}

/** `populate=*` of a page: every relation and component of every article, one level deep. */
export function populatedArticles(rows: Row[], loaded: PageRelations) {
  const seoById = new Map(loaded.seos.map((s) => [s.id, s]));
  const quoteById = new Map(loaded.quotes.map((s) => [s.id, s]));
  const richTextById = new Map(loaded.richTexts.map((s) => [s.id, s]));
  const categoryBy = groupBy(loaded.categories, 'owner');
  const tagBy = groupBy(loaded.tags, 'owner');
  const authorBy = groupBy(loaded.authors, 'owner');
  const relatedBy = groupBy(loaded.related, 'owner');
  const componentBy = groupBy(loaded.components, 'entity_id');
  const localizationBy = groupBy(loaded.localizations, 'owner');
  return rows.map((r) => {
    const entry = article(r);
    const a = entry.attributes;
    const cat = categoryBy.get(r.id)?.[0];
    a.category = { data: cat ? category(cat) : null };
    a.tags = { data: (tagBy.get(r.id) ?? []).map(tag) };
    const author = authorBy.get(r.id)?.[0];
    a.author = { data: author ? writer(author) : null };
    a.related = { data: (relatedBy.get(r.id) ?? []).map(article) };
    // the data set has no covers (the floor servers still ask, or know it)
    a.cover = { data: null };
    const own = componentBy.get(r.id) ?? [];
    const seoLink = own.find((c) => c.field === 'seo');
    const seo = seoLink ? seoById.get(seoLink.component_id) : undefined;
    a.seo = seo ? { id: seo.id, metaTitle: seo.meta_title, metaDescription: seo.meta_description } : null;
    a.blocks = own
      .filter((c) => c.field === 'blocks')
      .map((c) => {
        if (c.component_type === 'shared.quote') {
          const q = quoteById.get(c.component_id);
          return { id: q?.id, __component: 'shared.quote', title: q?.title, body: q?.body };
        }
        const t = richTextById.get(c.component_id);
        return { id: t?.id, __component: 'shared.rich-text', body: t?.body };
      });
    a.localizations = { data: (localizationBy.get(r.id) ?? []).map(article) };
    return entry;
  });
}

export const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** `pagination[pageSize]=N` of a query string (raw or percent-encoded brackets), 25 if absent */
export function pageSizeOf(query: string): number {
  return Number(/pageSize%5D=(\d+)|pageSize\]=(\d+)/.exec(query)?.slice(1).find(Boolean) ?? 25);
}

export const wantsPopulateAll = (query: string) => query.includes('populate=*') || query.includes('populate=%2A');
