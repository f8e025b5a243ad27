/**
 * fast-check generators of valid Content API query strings over the example app: filters with
 * every operator on every scalar type (at the root, through relations and components, nested
 * in $and/$or/$not), sorts on one to three fields (relation fields too), both pagination modes,
 * fields, the populate forms, publicationState and locale. Values come from the seed's own
 * values and from near misses of them (other case, other accents, wildcard characters), so
 * that filters match something and the edges between matching and not matching are visited.
 */
import fc from 'fast-check';
import qs from 'qs';
import { ARTICLES, CATEGORY_NAMES, PROFILE_BIOS, PUBLISHED, TAG_NAMES, WRITERS } from './seed';

type ValueKind = 'text' | 'enum' | 'integer' | 'float' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'json' | 'id' | 'clock';

const seedTexts = [
  ...ARTICLES.flatMap((a) => [a.title, a.slug, a.body, a.contactEmail, a.seo?.metaTitle, a.seo?.metaDescription]),
  ...CATEGORY_NAMES,
  ...TAG_NAMES,
  ...PROFILE_BIOS,
  ...WRITERS.flatMap((w) => [w.name, w.email]),
].filter((v): v is string => typeof v === 'string');

/** Near misses: case and accent twins, fragments, LIKE wildcards, padding. */
const probes = [
  '',
  ' ',
  '  ',
  'hello',
  'Hello',
  'HELLO',
  'hello world',
  'world',
  'World',
  'zebra',
  'ZEBRA',
  'Zeb',
  'bra',
  'é',
  'É',
  'e',
  'E',
  'été',
  'ÉTÉ',
  'ete',
  'ß',
  'SS',
  'ss',
  'ẞ',
  'straße',
  'STRASSE',
  '中',
  '中文',
  '文',
  '🎉',
  '😀',
  '%',
  '_',
  '!',
  '\\',
  '%_',
  '!b',
  'a!b',
  'b\\c',
  '100%',
  'off_',
  'x_y',
  'x%y',
  'xy',
  'padded',
  ' padded',
  'padded ',
  'news',
  'NEWS',
  'ada',
  'ADA',
  '@example.com',
  'EXAMPLE',
  'technology',
  'Technology ',
  'àéîõü',
  'ÀÉÎÕÜ',
  'economie',
  'Économie',
  'économie',
  '#',
  '\n',
  'done',
  'Done',
];

const TEXTS = [...new Set([...seedTexts, ...probes])];
const NUMBERS: Record<'integer' | 'float' | 'decimal', string[]> = {
  integer: ['-1', '0', '1', '3', '5', '7', '10', '100', '1000000', '2.5', '-0'],
  float: ['-2.5', '-0.000001', '0', '0.1', '2.25', '4.56789', '4.5', '10000000000', '1e10', '-1e-6', '0.30000000000000004'],
  decimal: ['-12345.67', '-0.01', '0', '0.1', '0.10', '1.5', '9.99', '99.99', '12345.67', '9.989', '-0.005'],
};
const DATES = ['1969-12-31', '1970-01-01', '1970-01-02', '2000-02-29', '2023-06-15', '2024-01-01', '2024-12-31', '2038-01-19', '2024-01-01T23:00:00Z'];
const DATETIMES = [...PUBLISHED, '2024-01-01', '2023-12-31T23:59:59.998Z', '2024-01-01T00:00:00.001Z', '1970-01-01T00:00:00.000Z', '0', '1704067200000', '2024-02-29T13:00:00.500+01:00'];
const BOOLEANS = ['true', 'false', 't', 'f', '1', '0', 'TRUE'];
const ENUMS = ['draft', 'review', 'done', 'DONE', 'Review'];
/** createdAt/updatedAt differ between apps by milliseconds: only instants far from the seed's. */
const FAR_INSTANTS = ['2000-01-01', '2000-01-01T00:00:00.000Z', '2999-12-31T23:59:59.999Z', '946684800000'];
const IDS = ['1', '2', '3', '5', '8', '9', '10', '12', '13', '15', '99'];

function valueArb(kind: ValueKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'text':
    case 'json':
      return fc.oneof(
        fc.constantFrom(...TEXTS),
        fc.constantFrom(...seedTexts).chain((t) => fragment(t)),
      );
    case 'enum':
      return fc.constantFrom(...ENUMS);
    case 'integer':
    case 'float':
    case 'decimal':
      return fc.constantFrom(...NUMBERS[kind]);
    case 'date':
      return fc.constantFrom(...DATES);
    case 'datetime':
      return fc.constantFrom(...DATETIMES);
    case 'boolean':
      return fc.constantFrom(...BOOLEANS);
    case 'id':
      return fc.constantFrom(...IDS);
    case 'clock':
      return fc.constantFrom(...FAR_INSTANTS);
  }
}

/** A piece of a seed text, cut on code points so emoji stay whole. */
function fragment(text: string): fc.Arbitrary<string> {
  const chars = [...text];
  if (chars.length === 0) return fc.constant('');
  return fc.tuple(fc.nat(chars.length - 1), fc.integer({ min: 1, max: 6 })).map(([from, len]) => chars.slice(from, from + len).join(''));
}

const TEXT_OPS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$null',
  '$notNull',
  '$between',
];
const ORDERED_OPS = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$null', '$notNull', '$between'];
const OPS: Record<ValueKind, string[]> = {
  text: TEXT_OPS,
  enum: TEXT_OPS,
  integer: [...ORDERED_OPS, '$contains', '$startsWith'],
  float: ORDERED_OPS,
  decimal: ORDERED_OPS,
  date: [...ORDERED_OPS, '$startsWith', '$contains'],
  datetime: ORDERED_OPS,
  boolean: ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull'],
  json: ['$null', '$notNull', '$contains', '$notContains', '$containsi', '$notContainsi'],
  id: ORDERED_OPS,
  clock: ['$lt', '$lte', '$gt', '$gte', '$between', '$null', '$notNull', '$ne'],
};

export interface Target {
  /** path under /api */
  path: string;
  /** filterable paths (dotted through relations and components) and their kind */
  filters: Record<string, ValueKind>;
  sorts: string[];
  fields: string[];
  populate: string[];
  localized: boolean;
}

const articleRoot: Record<string, ValueKind> = {
  id: 'id',
  title: 'text',
  slug: 'text',
  body: 'text',
  views: 'integer',
  rating: 'float',
  price: 'decimal',
  publishedOn: 'date',
  featured: 'boolean',
  meta: 'json',
  status: 'enum',
  contactEmail: 'text',
  publishedAt: 'datetime',
  locale: 'text',
  createdAt: 'clock',
  updatedAt: 'clock',
};
const articleDeep: Record<string, ValueKind> = {
  'category.name': 'text',
  'category.id': 'id',
  'category.slug': 'text',
  'tags.name': 'text',
  'tags.id': 'id',
  'author.name': 'text',
  'author.email': 'text',
  'author.profile.bio': 'text',
  'related.title': 'text',
  'related.views': 'integer',
  'related.price': 'decimal',
  'seo.metaTitle': 'text',
  'seo.metaDescription': 'text',
  'seo.tags.name': 'text',
  'seo.tags.content': 'text',
  'localizations.title': 'text',
  'localizations.locale': 'text',
  'category.articles.title': 'text',
  'tags.articles.rating': 'float',
  // a bare operator on a relation applies to the related id
  category: 'id',
  tags: 'id',
  related: 'id',
  'author.profile': 'id',
};

export const ARTICLES_TARGET: Target = {
  path: '/api/articles',
  filters: { ...articleRoot, ...articleDeep },
  sorts: [
    'id',
    'title',
    'slug',
    'body',
    'views',
    'rating',
    'price',
    'publishedOn',
    'featured',
    'status',
    'contactEmail',
    'publishedAt',
    'locale',
    'category.name',
    'author.name',
    'tags.name',
    'author.profile.bio',
    'seo.metaTitle',
  ],
  fields: ['title', 'slug', 'body', 'views', 'rating', 'price', 'publishedOn', 'featured', 'meta', 'status', 'contactEmail', 'publishedAt', 'locale'],
  populate: ['category', 'tags', 'author', 'related', 'seo', 'blocks', 'localizations', 'seo.tags', 'author.profile', 'category.articles'],
  localized: true,
};

export const OTHER_TARGETS: Target[] = [
  {
    path: '/api/tags',
    filters: { id: 'id', name: 'text', 'articles.title': 'text', 'articles.views': 'integer', 'articles.publishedOn': 'date' },
    sorts: ['id', 'name', 'articles.title'],
    fields: ['name'],
    populate: ['articles', 'articles.category'],
    localized: false,
  },
  {
    path: '/api/categories',
    filters: { id: 'id', name: 'text', slug: 'text', 'articles.title': 'text', 'articles.rating': 'float' },
    sorts: ['id', 'name', 'slug'],
    fields: ['name', 'slug'],
    populate: ['articles', 'articles.tags'],
    localized: false,
  },
  {
    path: '/api/writers',
    filters: { id: 'id', name: 'text', email: 'text', 'profile.bio': 'text', 'articles.price': 'decimal', 'articles.featured': 'boolean' },
    sorts: ['id', 'name', 'email', 'profile.bio'],
    fields: ['name', 'email'],
    populate: ['articles', 'profile', 'articles.seo'],
    localized: false,
  },
];

/** `a.b.c` with a condition becomes `{ a: { b: { c: condition } } }`. */
function nest(path: string, condition: unknown): Record<string, unknown> {
  return path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;
}

function conditionArb(kind: ValueKind): fc.Arbitrary<unknown> {
  return fc.constantFrom(...OPS[kind]).chain((op): fc.Arbitrary<unknown> => {
    const one = valueArb(kind);
    if (op === '$in' || op === '$notIn') return fc.array(one, { minLength: 1, maxLength: 3 }).map((v) => ({ [op]: v }));
    if (op === '$between') return fc.tuple(one, one).map((v) => ({ [op]: v }));
    if (op === '$null' || op === '$notNull') return fc.constantFrom('true', 'false').map((v) => ({ [op]: v }));
    // a bare value is an implicit $eq; an array means "any of them"
    return fc.oneof(
      { weight: 6, arbitrary: one.map((v) => ({ [op]: v })) },
      { weight: 1, arbitrary: op === '$eq' ? one : one.map((v) => ({ [op]: v })) },
      { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 2 }).map((v) => ({ [op]: v })) },
      { weight: 1, arbitrary: one.map((v) => ({ $not: { [op]: v } })) },
    );
  });
}

export function leafArb(filters: Record<string, ValueKind>): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...Object.entries(filters)).chain(([path, kind]) => conditionArb(kind).map((c) => nest(path, c)));
}

/** Two conditions side by side in one object are an implicit AND; a later key wins a clash. */
function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    const bothObjects = prev && v && typeof prev === 'object' && typeof v === 'object' && !Array.isArray(prev) && !Array.isArray(v);
    out[k] = bothObjects ? merge(prev as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

export function filterArb(filters: Record<string, ValueKind>): fc.Arbitrary<Record<string, unknown>> {
  const leaf = leafArb(filters);
  const { tree } = fc.letrec<{ tree: Record<string, unknown> }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 5, arbitrary: leaf },
      { weight: 2, arbitrary: fc.tuple(leaf, leaf).map(([a, b]) => merge(a, b)) },
      { weight: 1, arbitrary: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((list) => ({ $and: list })) },
      { weight: 1, arbitrary: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((list) => ({ $or: list })) },
      { weight: 1, arbitrary: tie('tree').map((inner) => ({ $not: inner })) },
      { weight: 1, arbitrary: fc.tuple(leaf, fc.array(tie('tree'), { minLength: 1, maxLength: 2 })).map(([a, list]) => ({ ...a, $or: list })) },
    ),
  }));
  return tree;
}

export function sortArb(sorts: string[]): fc.Arbitrary<unknown> {
  const entry = fc.tuple(fc.constantFrom(...sorts), fc.constantFrom('', ':asc', ':desc', ':DESC'));
  return fc.uniqueArray(entry, { minLength: 1, maxLength: 3, selector: ([f]) => f }).chain((list) =>
    fc.constantFrom<unknown>(
      list.map(([f, d]) => f + d).join(','),
      list.map(([f, d]) => f + d),
      list.map(([f, d]) => nest(f, d === '' ? 'asc' : d.slice(1))),
    ),
  );
}

/** Both modes, with the edge values Strapi clamps (0, -1, above the maximum). */
export const paginationArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    { page: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant(0)), pageSize: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, -1, 500)), withCount: fc.constantFrom('true', 'false') },
    { requiredKeys: ['page'] },
  ),
  fc.record({ start: fc.integer({ min: 0, max: 16 }), limit: fc.constantFrom(0, 1, 2, 3, 5, 10, 100, 500, -1), withCount: fc.constantFrom('true', 'false') }, { requiredKeys: ['start'] }),
);

export function fieldsArb(fields: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant('*'), fc.subarray(fields, { minLength: 1 }));
}

/** Every populate form: `*`, a list (dotted paths too), the object form with options inside. */
export function populateArb(target: Target): fc.Arbitrary<unknown> {
  const simple = fc.oneof(
    fc.constant<unknown>('*'),
    fc.subarray(target.populate, { minLength: 1 }),
    fc.subarray(target.populate, { minLength: 1 }).map((l) => l.join(',')),
  );
  if (target !== ARTICLES_TARGET) return simple;
  const tagOptions = fc.record(
    { fields: fc.constant(['name']), sort: sortArb(['name', 'id']), filters: filterArb({ name: 'text', id: 'id' }), populate: fc.constant({ articles: { fields: ['title'] } }) },
    { requiredKeys: [] },
  );
  const objectForm = fc.record(
    {
      tags: fc.oneof(fc.constantFrom<unknown>(true, 'true', 't', '1', 'false', 0, { count: true }), tagOptions),
      category: fc.oneof(fc.constantFrom<unknown>(true, 'f'), fc.record({ fields: fc.constant(['name']), populate: fc.constant({ articles: { sort: 'title:desc', fields: ['title'] } }) })),
      author: fc.constantFrom<unknown>(true, { populate: { profile: true } }, { fields: ['name'], filters: { name: { $eqi: 'ADA' } } }),
      related: fc.oneof(fc.constant<unknown>(true), fc.record({ sort: sortArb(['title', 'views', 'price']), filters: filterArb({ title: 'text', views: 'integer' }) }, { requiredKeys: [] })),
      seo: fc.constantFrom<unknown>(true, { populate: ['tags'] }, { fields: ['metaTitle'] }, { populate: { tags: { sort: 'name:desc' } } }),
      blocks: fc.constantFrom<unknown>(true, { populate: '*' }, { on: { 'shared.quote': { fields: ['title'] } } }, { on: { 'shared.rich-text': true, 'shared.quote': { fields: ['body'] } } }),
      localizations: fc.constantFrom<unknown>(true, { fields: ['title', 'locale'] }, { sort: 'title' }, { count: true }),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(simple, objectForm);
}

export interface QueryParts {
  target: Target;
  params: Record<string, unknown>;
}

export interface QueryOptions {
  filters?: 'root' | 'deep';
  sort?: boolean;
  pagination?: boolean;
  fields?: boolean;
  populate?: boolean;
  state?: boolean;
  targets?: Target[];
  /** findOne: `/api/articles/:id` (ids of both locales, drafts, and one that does not exist) */
  byId?: boolean;
  /** `_q` */
  search?: boolean;
}

const ROOT_ONLY = (filters: Record<string, ValueKind>) => Object.fromEntries(Object.entries(filters).filter(([k]) => !k.includes('.')));

/** A whole query; each part present or absent by chance, among those `options` allow. */
export function queryArb(options: QueryOptions): fc.Arbitrary<string> {
  const targets = options.targets ?? [ARTICLES_TARGET];
  return fc.constantFrom(...targets).chain((target) => {
    const filters = options.filters === 'root' ? ROOT_ONLY(target.filters) : target.filters;
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    if (options.filters) {
      parts.filters = filterArb(filters);
    }
    // the `_q` search over text columns
    if (options.search && target === ARTICLES_TARGET) parts._q = valueArb('text');
    if (options.sort) parts.sort = sortArb(target.sorts);
    if (options.pagination) parts.pagination = paginationArb;
    if (options.fields) parts.fields = fieldsArb(target.fields);
    if (options.populate) parts.populate = populateArb(target);
    if (options.state && target.localized) {
      parts.publicationState = fc.constantFrom('live', 'preview');
      parts.locale = fc.constantFrom('en', 'fr', 'all');
    }
    const id = options.byId ? fc.constantFrom(1, 2, 5, 9, 11, 12, 13, 14, 99) : fc.constant(null);
    return fc.tuple(id, fc.record(parts, { requiredKeys: [] })).map(([one, params]) => toUrl({ target, params }, one));
  });
}

export function toUrl({ target, params }: QueryParts, id: number | null = null): string {
  const path = id === null ? target.path : `${target.path}/${id}`;
  const query = qs.stringify(params, { encodeValuesOnly: true });
  return query ? `${path}?${query}` : path;
}
