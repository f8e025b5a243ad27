/**
 * A to-many relation's `pagination` is cut per parent in SQL: each relation level is still one
 * statement, and it returns at most the page of each parent, however many entries a parent
 * links. The answers are checked against a reference computed in the test from the rows
 * themselves (stored link order, sort, filters, publication state, then the slice), over many
 * random combinations of arguments.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from '../rest/populate-seed';
import { gql, moveSequencesPastSeed } from './helpers';
import type { Json } from '../helpers/json';

const ARTICLES = 200;
const TAGS = 4;
const TITLES = ['b', 'A', 'a', 'C', 'b', 'Z'];

/** A small seeded generator, so a failing combination can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ArticleFact {
  id: number;
  title: string;
  views: number | null;
  published: boolean;
}
interface LinkFact {
  id: number;
  article: number;
  tag: number;
  order: number;
}

/** Tags 1-3 link many articles in a scrambled stored order (with ties); tag 4 links none. */
async function seed(app: TestApp): Promise<{ articles: Map<number, ArticleFact>; links: LinkFact[] }> {
  const next = random(7);
  const articles = new Map<number, ArticleFact>();
  for (let id = 1; id <= ARTICLES; id += 1) {
    articles.set(id, {
      id,
      title: TITLES[Math.floor(next() * TITLES.length)] ?? '',
      views: next() < 0.2 ? null : Math.floor(next() * 10),
      published: next() < 0.75,
    });
  }
  const links: LinkFact[] = [];
  let linkId = 0;
  for (let tag = 1; tag < TAGS; tag += 1) {
    for (let article = 1; article <= ARTICLES; article += 1) {
      if (next() < 0.6) links.push({ id: 0, article, tag, order: 1 + Math.floor(next() * 5) });
    }
  }
  // link ids in a scrambled order, so the id tie-break differs from the article order
  links
    .sort(() => next() - 0.5)
    .forEach((link) => {
      link.id = ++linkId;
    });
  const knex = app.knex;
  await knex('tags').insert(Array.from({ length: TAGS }, (_, i) => ({ id: i + 1, name: `tag${i + 1}`, ...stamps(T1) })));
  await knex('articles').insert([...articles.values()].map((a) => ({ ...articleRow(app, { id: a.id, title: a.title, views: a.views, published: a.published }) })));
  await knex('articles_tags_links').insert(links.map((l) => ({ id: l.id, article_id: l.article, tag_id: l.tag, tag_order: 1, article_order: l.order })));
  await moveSequencesPastSeed(app, ['tags', 'articles', 'articles_tags_links']);
  return { articles, links };
}

interface Args {
  pagination?: { start?: number; limit?: number; page?: number; pageSize?: number };
  sort?: string[];
  filters?: { views: { gte: number } };
  publicationState?: 'LIVE' | 'PREVIEW';
}

/** Text sorts in binary order, NULLs first ascending: the engine's order on every database. */
function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** What `tag.articles(args)` answers, computed from the rows: the previous in-memory slicing. */
function reference(facts: { articles: Map<number, ArticleFact>; links: LinkFact[] }, tag: number, args: Args): number[] {
  let rows = facts.links.flatMap((link) => {
    const article = facts.articles.get(link.article);
    return link.tag === tag && article ? [{ link, article }] : [];
  });
  if (args.publicationState !== 'PREVIEW') rows = rows.filter((r) => r.article.published);
  const { filters } = args;
  if (filters) rows = rows.filter((r) => r.article.views !== null && r.article.views >= filters.views.gte);
  const [sort] = args.sort ?? [];
  rows.sort((x, y) => {
    if (sort) {
      const [field, dir] = sort.split(':') as ['title' | 'views', 'asc' | 'desc' | undefined];
      const byField = compare(x.article[field], y.article[field]) * (dir === 'desc' ? -1 : 1);
      if (byField !== 0) return byField;
      if (x.article.id !== y.article.id) return x.article.id - y.article.id;
    } else if (x.link.order !== y.link.order) {
      return x.link.order - y.link.order;
    }
    return x.link.id - y.link.id;
  });
  const p = args.pagination ?? {};
  const cap = (n: number) => Math.min(100, Math.max(1, n));
  const offset = p.page !== undefined || p.pageSize !== undefined ? (Math.max(1, p.page ?? 1) - 1) * cap(p.pageSize ?? 10) : Math.max(0, p.start ?? 0);
  const limit = p.page !== undefined || p.pageSize !== undefined ? cap(p.pageSize ?? 10) : p.limit === undefined ? 10 : p.limit === -1 ? 100 : cap(p.limit);
  return rows.slice(offset, offset + limit).map((r) => r.article.id);
}

function randomArgs(next: () => number): Args {
  // next() < 1: always an index of the list (whose items may be undefined themselves)
  const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)] as T;
  const args: Args = {};
  const mode = pick(['none', 'offset', 'page', 'startOnly', 'limitOnly', 'all']);
  if (mode === 'offset') args.pagination = { start: pick([0, 1, 3, 10, 25, 40]), limit: pick([1, 2, 5, 7, 30]) };
  if (mode === 'page') args.pagination = { page: pick([1, 2, 3, 9]), pageSize: pick([1, 3, 4, 10]) };
  if (mode === 'startOnly') args.pagination = { start: pick([2, 8]) };
  if (mode === 'limitOnly') args.pagination = { limit: pick([3, 1000]) };
  if (mode === 'all') args.pagination = { limit: -1 };
  const sort = pick([undefined, 'title:asc', 'title:desc', 'views:asc', 'views:desc', 'title']);
  if (sort) args.sort = [sort];
  if (next() < 0.3) args.filters = { views: { gte: pick([2, 5, 8]) } };
  const state = pick([undefined, 'LIVE', 'PREVIEW'] as const);
  if (state) args.publicationState = state;
  return args;
}

const TAG_ARTICLES = `query Q($a: PaginationArg, $as: [String], $af: ArticleFiltersInput, $ap: PublicationState,
  $b: PaginationArg, $bs: [String], $bf: ArticleFiltersInput, $bp: PublicationState) {
  tags(sort: "id") { data { id attributes {
    first: articles(pagination: $a, sort: $as, filters: $af, publicationState: $ap) { data { id } }
    second: articles(pagination: $b, sort: $bs, filters: $bf, publicationState: $bp) { data { id } }
  } } }
}`;

/** Rows the database sent back for the statements matching `pick`, while `fn` runs. */
/**
 * What `fn` returned, and the rows of each statement it issued that `pick` selects (a level
 * may run as a compiled statement, out of knex's sight: each is run again to count its rows).
 */
async function rowsReturned<T>(app: TestApp, pick: (sql: string) => boolean, fn: () => Promise<T>): Promise<{ result: T; rows: number[] }> {
  const { result, queries } = await app.countQueries(fn);
  const rows: number[] = [];
  for (const query of queries.filter((one) => pick(one.sql))) {
    // PostgreSQL's statements are reported in its numbered form ($1, $2, ... in order)
    const sql = query.sql.replace(/\$\d+/g, '?');
    const answer: unknown = await app.knex.raw(sql, query.bindings as Knex.RawBinding[]);
    // sqlite: the rows; mysql: [rows, fields]; postgres: { rows }
    const list = Array.isArray(answer) ? (Array.isArray(answer[0]) ? answer[0] : answer) : (answer as { rows: unknown[] }).rows;
    rows.push(list.length);
  }
  return { result, rows };
}

const windowed = (sql: string) => /row_number\(\) over/i.test(sql);

describeEachDatabase('GraphQL relation pagination in SQL', (ctx) => {
  let facts: Awaited<ReturnType<typeof seed>>;
  before(async () => {
    facts = await seed(ctx.app);
  });

  it('answers what slicing the whole list answers, for 60 random combinations (two aliases, 30 requests) of pagination, sort, filters and publicationState', async () => {
    const next = random(2026);
    for (let round = 0; round < 30; round += 1) {
      // the two aliases share sort, filters and state (a conflict otherwise) but not pagination
      const a = randomArgs(next);
      const b = { ...a, pagination: randomArgs(next).pagination };
      if (b.pagination === undefined) delete b.pagination;
      const variables = { a: a.pagination, as: a.sort, af: a.filters, ap: a.publicationState, b: b.pagination, bs: b.sort, bf: b.filters, bp: b.publicationState };
      const res = await gql(ctx.app, TAG_ARTICLES, variables);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.errors, JSON.stringify(variables)).to.equal(undefined);
      const expected = Array.from({ length: TAGS }, (_, i) => ({
        id: String(i + 1),
        attributes: {
          first: { data: reference(facts, i + 1, a).map((id) => ({ id: String(id) })) },
          second: { data: reference(facts, i + 1, b).map((id) => ({ id: String(id) })) },
        },
      }));
      expect(res.body.data, JSON.stringify(variables)).to.deep.equal({ tags: { data: expected } });
    }
  });

  it('two root fields sharing a fragment each get their own slices', async () => {
    const res = await gql(
      ctx.app,
      `{
      a: tags(sort: "id") { data { id attributes { ...Page } } }
      b: tags(sort: "id") { data { id attributes { ...Page first: articles(pagination: { limit: 1 }, publicationState: PREVIEW) { data { id } } } } }
    }
    fragment Page on Tag { articles(pagination: { start: 5, limit: 2 }, publicationState: PREVIEW) { data { id } } }`,
    );
    expect(res.body.errors).to.equal(undefined);
    const page = (tag: number, pagination: Args['pagination']) => ({ data: reference(facts, tag, { pagination, publicationState: 'PREVIEW' }).map((id) => ({ id: String(id) })) });
    const tags = [1, 2, 3, 4];
    expect(res.body.data).to.deep.equal({
      a: { data: tags.map((t) => ({ id: String(t), attributes: { articles: page(t, { start: 5, limit: 2 }) } })) },
      b: { data: tags.map((t) => ({ id: String(t), attributes: { articles: page(t, { start: 5, limit: 2 }), first: page(t, { limit: 1 }) } })) },
    });
  });

  it('keeps one statement per relation level: paginated, sorted and filtered lists cost what a plain one costs', async () => {
    const plain = await ctx.app.countQueries(() => gql(ctx.app, '{ tags { data { attributes { articles { data { attributes { tags { data { id } } } } } } } } }'));
    const paged = await ctx.app.countQueries(() =>
      gql(
        ctx.app,
        `{ tags { data { attributes {
      x: articles(pagination: { start: 2, limit: 3 }, sort: "title:desc", filters: { views: { gte: 1 } }) { data { attributes { tags(pagination: { limit: 1 }) { data { id } } } } }
      y: articles(pagination: { page: 3, pageSize: 2 }, sort: "title:desc", filters: { views: { gte: 1 } }) { data { id } }
    } } } }`,
      ),
    );
    expect(plain.result.body.errors).to.equal(undefined);
    expect(paged.result.body.errors).to.equal(undefined);
    expect(paged.count).to.equal(plain.count);
  });

  it('a level with limit: 2 fetches at most 2 rows per parent, and the level below loads for those rows only', async () => {
    const query = `{ tags(sort: "id") { data { id attributes {
      articles(pagination: { limit: 2 }, publicationState: PREVIEW) { data { id attributes { tags(pagination: { limit: 2 }) { data { id } } } } }
    } } } }`;
    const { result, rows } = await rowsReturned(ctx.app, windowed, () => gql(ctx.app, query));
    expect(result.body.errors).to.equal(undefined);
    const parents = TAGS;
    // one windowed statement per level: tags' articles (4 parents), then the kept articles' tags
    expect(rows).to.have.length(2);
    expect(rows[0]).to.equal(6); // tags 1-3 link many articles, tag 4 none
    expect(rows[0]).to.be.at.most(parents * 2);
    const kept = result.body.data.tags.data.flatMap((tag: Json) => tag.attributes.articles.data);
    expect(kept).to.have.length(6);
    expect(rows[1]).to.be.at.most(kept.length * 2);
    for (const tag of result.body.data.tags.data) {
      expect(tag.attributes.articles.data.map((a: Json) => Number(a.id))).to.deep.equal(reference(facts, Number(tag.id), { pagination: { limit: 2 }, publicationState: 'PREVIEW' }));
    }
  });

  it('without pagination a relation holds the default page (10), and no list goes past amountLimit (100)', async () => {
    const counts = facts.links.reduce((acc, l) => acc.set(l.tag, (acc.get(l.tag) ?? 0) + 1), new Map<number, number>());
    expect(Math.min(...[1, 2, 3].map((t) => counts.get(t) ?? 0))).to.be.above(10);
    const plain = await rowsReturned(ctx.app, windowed, () => gql(ctx.app, '{ tags { data { attributes { articles(publicationState: PREVIEW) { data { id } } } } } }'));
    expect(plain.result.body.data.tags.data.map((t: Json) => t.attributes.articles.data.length)).to.deep.equal([10, 10, 10, 0]);
    expect(plain.rows).to.deep.equal([30]);
    const huge = await rowsReturned(ctx.app, windowed, () =>
      gql(
        ctx.app,
        `{ tags { data { attributes {
      a: articles(pagination: { limit: 1000 }, publicationState: PREVIEW) { data { id } }
      b: articles(pagination: { start: 0, limit: -1 }, publicationState: PREVIEW) { data { id } }
    } } } }`,
      ),
    );
    expect(Math.max(...counts.values())).to.be.above(100);
    // both aliases read from one windowed statement, at most 100 rows per parent
    expect(huge.rows).to.have.length(1);
    expect(huge.rows[0]).to.be.at.most(3 * 100);
    const sizes = huge.result.body.data.tags.data.map((t: Json) => [t.attributes.a.data.length, t.attributes.b.data.length]);
    expect(sizes).to.deep.equal([1, 2, 3, 4].map((t) => [Math.min(100, counts.get(t) ?? 0), Math.min(100, counts.get(t) ?? 0)]));
  });
});
