/**
 * Reads whose statement is compiled once per shape (a read by id, a page without filters or
 * sort, its count, a populated level without filters or sort): later requests run the same
 * SQL text with their own bindings, every
 * statement still reaches the query listeners, a read inside a transaction runs on the
 * transaction's connection, and two shapes never share a statement.
 */
import { expect } from 'chai';
import type { QueryEvent } from '@platform/core';
import { POPULATE_OPTIONS } from '@platform/query-engine';
import { describeEachDatabase } from '../helpers/app';

interface Article {
  id: number;
  title?: unknown;
}

describeEachDatabase('compiled read statements', (ctx) => {
  const ids: number[] = [];
  before(async () => {
    // id 1 is another article, so that no id read here equals another binding (`limit 1`)
    expect((await ctx.app.post('/api/articles', { data: { title: 'Zero' } })).status).to.equal(200);
    for (const title of ['First', 'Second']) {
      const res = await ctx.app.post('/api/articles', { data: { title } });
      expect(res.status).to.equal(200);
      ids.push(res.body.data.id);
    }
    const draft = await ctx.app.post('/api/articles', { data: { title: 'Draft', publishedAt: null } });
    expect(draft.status).to.equal(200);
    ids.push(draft.body.data.id);
  });

  /** The root statement of a request: the first one that reads the articles table. */
  async function rootStatement(path: string): Promise<{ status: number; body: unknown; root: QueryEvent }> {
    const { result, queries } = await ctx.app.countQueries(() => ctx.app.get(path));
    const root = queries.find((q) => /from [`"]articles[`"] as [`"]t0[`"]/.test(q.sql));
    expect(root, `no root statement for ${path}`).to.not.equal(undefined);
    return { status: result.status, body: result.body, root: root as QueryEvent };
  }

  it('a read by id runs the same SQL with the new id', async () => {
    const [first, second] = ids;
    const a = await rootStatement(`/api/articles/${first}?fields[0]=title`);
    const b = await rootStatement(`/api/articles/${second}?fields[0]=title`);
    const again = await rootStatement(`/api/articles/${first}?fields[0]=title`);
    expect(a.body).to.deep.equal({ data: { id: first, attributes: { title: 'First' } }, meta: {} });
    expect(b.body).to.deep.equal({ data: { id: second, attributes: { title: 'Second' } }, meta: {} });
    expect(again.body).to.deep.equal(a.body);
    expect(b.root.sql).to.equal(a.root.sql);
    expect(b.root.bindings).to.deep.equal(a.root.bindings.map((value) => (value === first ? second : value)));
    expect(b.root.bindings).to.include(second);
    expect(again.root.bindings).to.deep.equal(a.root.bindings);
  });

  it('other fields or another scope are another statement', async () => {
    const [first, , draft] = ids;
    const title = await rootStatement(`/api/articles/${first}?fields[0]=title`);
    const views = await rootStatement(`/api/articles/${first}?fields[0]=views`);
    expect(views.root.sql).to.not.equal(title.root.sql);
    expect(views.body).to.deep.equal({ data: { id: first, attributes: { views: null } }, meta: {} });
    // draft & publish scopes `live` reads to published entries, `preview` reads do not
    const live = await rootStatement(`/api/articles/${draft}?fields[0]=title`);
    const preview = await rootStatement(`/api/articles/${draft}?fields[0]=title&publicationState=preview`);
    expect(live.status).to.equal(404);
    expect(preview.status).to.equal(200);
    expect(preview.body).to.deep.equal({ data: { id: draft, attributes: { title: 'Draft' } }, meta: {} });
    expect(preview.root.sql).to.not.equal(live.root.sql);
    // and the live one is still live after the preview one was compiled
    expect((await ctx.app.get(`/api/articles/${draft}?fields[0]=title`)).status).to.equal(404);
  });

  it('a page and its count: the same statements, other pages another', async () => {
    const page = (n: number) => `/api/articles?fields[0]=title&pagination[page]=${n}&pagination[pageSize]=1`;
    const one = await ctx.app.countQueries(() => ctx.app.get(page(1)));
    const oneAgain = await ctx.app.countQueries(() => ctx.app.get(page(1)));
    const two = await ctx.app.countQueries(() => ctx.app.get(page(2)));
    const meta = (n: number) => ({ pagination: { page: n, pageSize: 1, pageCount: 3, total: 3 } });
    expect(one.result.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Zero' } }], meta: meta(1) });
    expect(two.result.body).to.deep.equal({ data: [{ id: ids[0], attributes: { title: 'First' } }], meta: meta(2) });
    // the list and its count, seen by the listeners each time
    expect(one.count).to.equal(2);
    expect(oneAgain.queries).to.deep.equal(one.queries);
    expect(two.queries.map((q) => q.sql)).to.not.deep.equal(one.queries.map((q) => q.sql));
  });

  it('a read inside a transaction runs on its connection and sees its writes', async () => {
    const { platform } = ctx.app;
    const service = platform.service('plugin::query-engine.entity-service');
    const seen = await platform.db.transaction(async () => {
      const created: Article = await service.create('api::article.article', { data: { title: 'Uncommitted' } });
      const byId: Article | null = await service.findOne('api::article.article', created.id, { fields: ['title'] });
      const page = await service.findPage('api::article.article', { fields: ['title'], pagination: { page: 1, pageSize: 10 } });
      const total = await service.count('api::article.article', {});
      return { id: created.id, byId, titles: page.results.map((entry) => entry.title), total };
    });
    expect(seen.byId).to.deep.equal({ id: seen.id, title: 'Uncommitted' });
    expect(seen.titles).to.deep.equal(['Zero', 'First', 'Second', 'Uncommitted']);
    expect(seen.total).to.equal(4);
    await service.delete('api::article.article', seen.id);
  });

  it('a populate cut per parent (a window) inside a transaction sees its writes', async () => {
    const { platform } = ctx.app;
    const service = platform.service('plugin::query-engine.entity-service');
    const seen = await platform.db.transaction(async () => {
      const tags = [];
      for (const name of ['w-one', 'w-two', 'w-three']) tags.push(await service.create('api::tag.tag', { data: { name } }));
      const article: Article = await service.create('api::article.article', { data: { title: 'Windowed', tags: tags.map((tag: { id: number }) => tag.id) } });
      const read = await service.findOne('api::article.article', article.id, {
        fields: ['title'],
        populate: { tags: { fields: ['name'], [POPULATE_OPTIONS]: { windows: [{ offset: 1, limit: 1 }] } } },
      });
      return { article, read, tagIds: tags.map((tag: { id: number }) => tag.id) };
    });
    expect(seen.read).to.deep.equal({ id: seen.article.id, title: 'Windowed', tags: [{ id: seen.tagIds[1], name: 'w-two' }] });
    await service.delete('api::article.article', seen.article.id);
    for (const id of seen.tagIds) await service.delete('api::tag.tag', id);
  });

  it('a populated level: one SQL text for lists of parents up to its padded length, each with its own links, scoped as asked', async () => {
    const [first, second, draft] = ids as [number, number, number];
    const tagIds: number[] = [];
    for (const [name, articles] of [
      ['pl-a', [first, draft]],
      ['pl-b', [second]],
      ['pl-c', [1, first]],
      ['pl-d', []],
    ] as const) {
      const res = await ctx.app.post('/api/tags', { data: { name, articles } });
      expect(res.status).to.equal(200);
      tagIds.push(res.body.data.id);
    }
    const list = (size: number, state = '') => `/api/tags?filters[name][$startsWith]=pl-&sort=name&fields[0]=name&populate[articles][fields][0]=title&pagination[pageSize]=${size}${state}`;
    const level = async (path: string) => {
      const { result, queries } = await ctx.app.countQueries(() => ctx.app.get(path));
      const statement = queries.find((q) => /from [`"]articles[`"] as [`"]pt[`"]/.test(q.sql));
      expect(statement, `no populate statement for ${path}`).to.not.equal(undefined);
      return {
        body: result.body as { data: Array<{ id: number; attributes: { name: string; articles: { data: Array<{ id: number; attributes: { title: string } }> } } }> },
        statement: statement as QueryEvent,
      };
    };
    const titles = (body: Awaited<ReturnType<typeof level>>['body']) => body.data.map((tag) => [tag.attributes.name, tag.attributes.articles.data.map((a) => a.attributes.title)]);
    const three = await level(list(3));
    const four = await level(list(4));
    const two = await level(list(2));
    expect(titles(three.body)).to.deep.equal([
      ['pl-a', ['First']],
      ['pl-b', ['Second']],
      ['pl-c', ['Zero', 'First']],
    ]);
    expect(titles(four.body)).to.deep.equal([...titles(three.body), ['pl-d', []]]);
    expect(titles(two.body)).to.deep.equal(titles(three.body).slice(0, 2));
    // three parents are padded to four (an IN list ignores the repeated id): the same SQL text
    expect(four.statement.sql).to.equal(three.statement.sql);
    expect(four.statement.bindings).to.include.members(tagIds);
    expect(three.statement.bindings).to.include.members(tagIds.slice(0, 3));
    expect(three.statement.bindings).to.not.include(tagIds[3]);
    expect(two.statement.sql).to.not.equal(three.statement.sql);
    // the draft shows in preview only, whichever was compiled first
    const preview = await level(list(3, '&publicationState=preview'));
    expect(titles(preview.body)[0]).to.deep.equal(['pl-a', ['First', 'Draft']]);
    expect(preview.statement.sql).to.not.equal(three.statement.sql);
    expect(titles((await level(list(3))).body)[0]).to.deep.equal(['pl-a', ['First']]);
    for (const id of tagIds) expect((await ctx.app.del(`/api/tags/${id}`)).status).to.equal(200);
  });

  it('a populated level cut per parent (windows) is compiled too: one SQL text per padded length and windows, each parent its own slice', async () => {
    const service = ctx.app.platform.service('plugin::query-engine.entity-service');
    const [first, second] = ids as [number, number];
    const tagIds: number[] = [];
    for (const [name, articles] of [
      ['wl-a', [1, first, second]],
      ['wl-b', [second, first]],
      ['wl-c', [first]],
      ['wl-d', []],
    ] as const) {
      const res = await ctx.app.post('/api/tags', { data: { name, articles } });
      expect(res.status).to.equal(200);
      tagIds.push(res.body.data.id);
    }
    const read = async (count: number, windows: Array<{ offset: number; limit: number }>) => {
      const { result, queries } = await ctx.app.countQueries(
        () =>
          service.findMany('api::tag.tag', {
            filters: { name: { $startsWith: 'wl-' } },
            sort: 'name',
            fields: ['name'],
            pagination: { page: 1, pageSize: count },
            populate: { articles: { fields: ['title'], [POPULATE_OPTIONS]: { windows } } },
          }) as unknown as Promise<Array<{ name: string; articles: Array<{ title: string }> }>>,
      );
      const statement = queries.find((q) => /from [`"]articles[`"] as [`"]pt[`"]/.test(q.sql)) as QueryEvent;
      return { lists: result.map((tag) => [tag.name, tag.articles.map((article) => article.title)]), statement };
    };
    const secondOnly = [{ offset: 1, limit: 1 }];
    const three = await read(3, secondOnly);
    const four = await read(4, secondOnly);
    expect(three.lists).to.deep.equal([
      ['wl-a', ['First']],
      ['wl-b', ['First']],
      ['wl-c', []],
    ]);
    expect(four.lists).to.deep.equal([...three.lists, ['wl-d', []]]);
    // three parents padded to four: the same SQL text, the window numbers bound
    expect(four.statement.sql).to.equal(three.statement.sql);
    expect(four.statement.sql).to.match(/row_number\(\) over/i);
    const firstTwo = await read(4, [{ offset: 0, limit: 2 }]);
    expect(firstTwo.lists).to.deep.equal([
      ['wl-a', ['Zero', 'First']],
      ['wl-b', ['Second', 'First']],
      ['wl-c', ['First']],
      ['wl-d', []],
    ]);
    expect(firstTwo.statement.bindings).to.not.deep.equal(four.statement.bindings);
    expect((await read(3, secondOnly)).lists).to.deep.equal(three.lists);
    for (const id of tagIds) expect((await ctx.app.del(`/api/tags/${id}`)).status).to.equal(200);
  });

  it('a compiled populated level that fails in the database answers 500 without details, and works again once the database does', async () => {
    const [first] = ids as [number];
    const tag = await ctx.app.post('/api/tags', { data: { name: 'fail-a', articles: [first] } });
    expect(tag.status).to.equal(200);
    const path = `/api/tags?filters[name][$eq]=fail-a&fields[0]=name&populate[articles][fields][0]=title`;
    const expected = {
      status: 200,
      body: {
        data: [{ id: tag.body.data.id, attributes: { name: 'fail-a', articles: { data: [{ id: first, attributes: { title: 'First' } }] } } }],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
      },
    };
    const answer = async () => {
      const res = await ctx.app.get(path);
      return { status: res.status, body: res.body };
    };
    // compiled by the first request, run from its shape by the second
    expect(await answer()).to.deep.equal(expected);
    const { queries } = await ctx.app.countQueries(() => ctx.app.get(path));
    const level = queries.find((q) => /from [`"]articles[`"] as [`"]pt[`"]/.test(q.sql));
    expect(level?.sql, 'the populated level reads the link table').to.match(/articles_tags_links/);
    // the link table is gone while the compiled statement runs: the root read works, the level fails
    await ctx.app.knex.schema.renameTable('articles_tags_links', 'articles_tags_links_away');
    try {
      expect(await answer()).to.deep.equal({ status: 500, body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } } });
    } finally {
      await ctx.app.knex.schema.renameTable('articles_tags_links_away', 'articles_tags_links');
    }
    expect(await answer()).to.deep.equal(expected);
    expect((await ctx.app.del(`/api/tags/${tag.body.data.id}`)).status).to.equal(200);
  });

  it('a populated level inside a transaction runs on its connection and sees its writes', async () => {
    const { platform } = ctx.app;
    const service = platform.service('plugin::query-engine.entity-service');
    const read = () => service.findMany('api::tag.tag', { fields: ['name'], filters: { name: { $startsWith: 'tx-' } }, sort: 'name', populate: { articles: { fields: ['title'] } } });
    // compiled outside the transaction first, then run inside it
    expect(await read()).to.deep.equal([]);
    const seen = await platform.db.transaction(async () => {
      const article: Article = await service.create('api::article.article', { data: { title: 'In transaction' } });
      const tag: { id: number } = await service.create('api::tag.tag', { data: { name: 'tx-one', articles: [article.id] } });
      return { article, tag, read: await read() };
    });
    expect(seen.read).to.deep.equal([{ id: seen.tag.id, name: 'tx-one', articles: [{ id: seen.article.id, title: 'In transaction' }] }]);
    await service.delete('api::tag.tag', seen.tag.id);
    await service.delete('api::article.article', seen.article.id);
  });
});
