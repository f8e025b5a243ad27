/**
 * Required attributes over GraphQL, as over REST: a write that leaves one out (on a type without
 * drafts, a create that publishes, inside a component) or sets one to null is the same
 * validation error as REST's 400, `BAD_USER_INPUT` with the same details, and writes nothing. A
 * draft may lack them, as in Strapi v4: on a type with drafts they are nullable in the schema, so
 * the draft is listed with nulls. A row another tool wrote with a null in a required column of a
 * type without drafts answers GraphQL's own error naming the field, as Strapi v4 answers it,
 * for that entry only; never `Internal Server Error`.
 */
import { expect } from 'chai';
import type { Json } from '../helpers/json';
import { bearer } from '../users-permissions/helpers';
import { gql } from './helpers';
import { describeSite } from './site-seed';

const PUBLISHED = '"2026-01-02T03:04:05.000Z"';

/** The GraphQL error of a mutation refused with REST's validation error `error`. */
function refused(field: string, column: number, error: { name: string; message: string; details: Json }) {
  return {
    errors: [{ message: error.message, locations: [{ line: 1, column }], path: [field], extensions: { error, code: 'BAD_USER_INPUT' } }],
    data: { [field]: null },
  };
}

describeSite('GraphQL writes and required attributes', (ctx) => {
  const editor = () => bearer(ctx.site.token);
  const rows = async () => ({
    articles: await ctx.app.knex('articles').orderBy('id').pluck('id'),
    people: await ctx.app.knex('people').orderBy('id').select('id', 'name'),
    seos: await ctx.app.knex('components_shared_seos').orderBy('id').pluck('id'),
  });

  it('refuses what REST refuses, with the same error, and writes nothing', async () => {
    const before = await rows();
    const cases: Array<[string, string, string, unknown]> = [
      // a type without drafts
      ['createPerson', 'mutation { createPerson(data: { avatar: null }) { data { id } } }', 'POST /api/people', { data: { avatar: null } }],
      // a create that publishes
      ['createArticle', `mutation { createArticle(data: { publishedAt: ${PUBLISHED}, gallery: [] }) { data { id } } }`, 'POST /api/articles', { data: { gallery: [] } }],
      // inside a component of a published create
      [
        'createArticle',
        `mutation { createArticle(data: { title: "T", publishedAt: ${PUBLISHED}, seo: { metaDescription: "no title" } }) { data { id } } }`,
        'POST /api/articles',
        { data: { title: 'T', seo: { metaDescription: 'no title' } } },
      ],
      // set to null on an update
      ['updatePerson', `mutation { updatePerson(id: ${ctx.site.people.ada}, data: { name: null }) { data { id } } }`, `PUT /api/people/${ctx.site.people.ada}`, { data: { name: null } }],
    ];
    for (const [field, mutation, route, body] of cases) {
      const [method = '', url = ''] = route.split(' ');
      const rest = await ctx.app.request(method, url, body, editor());
      expect(rest.status, route).to.equal(400);
      const { status: _status, ...error } = rest.body.error as { status: number; name: string; message: string; details: Json };
      const res = await gql(ctx.app, mutation, undefined, editor());
      expect(res.status, mutation).to.equal(200);
      expect(res.body, mutation).to.deep.equal(refused(field, 12, error));
    }
    expect(await rows()).to.deep.equal(before);
  });

  it('names each missing attribute as REST does', async () => {
    const res = await gql(ctx.app, `mutation { createPerson(data: {}) { data { id } } }`, undefined, editor());
    expect(res.body).to.deep.equal(
      refused('createPerson', 12, { name: 'ValidationError', message: 'name must be defined.', details: { errors: [{ path: ['name'], message: 'name must be defined.', name: 'ValidationError' }] } }),
    );
    const nulled = await gql(ctx.app, `mutation { updatePerson(id: ${ctx.site.people.ada}, data: { name: null }) { data { id } } }`, undefined, editor());
    const message = 'name must be a `string` type, but the final value was: `null`.';
    expect(nulled.body).to.deep.equal(refused('updatePerson', 12, { name: 'ValidationError', message, details: { errors: [{ path: ['name'], message, name: 'ValidationError' }] } }));
    expect(await ctx.app.knex('people').where('id', ctx.site.people.ada).first('name')).to.deep.equal({ name: 'Ada' });
  });

  it('creates a draft without its required attributes (a create mutation makes drafts) and lists it with nulls', async () => {
    const created = await gql(ctx.app, 'mutation { createArticle(data: { gallery: [] }) { data { id attributes { title publishedAt cover { data { id } } } } } }', undefined, editor());
    expect(created.body.errors).to.equal(undefined);
    const id = Number(created.body.data.createArticle.data.id);
    expect(created.body.data).to.deep.equal({ createArticle: { data: { id: String(id), attributes: { title: null, publishedAt: null, cover: { data: null } } } } });
    expect(await ctx.app.knex('articles').where('id', id).first('title', 'published_at')).to.deep.equal({ title: null, published_at: null });

    const listed = await gql(ctx.app, '{ articles(publicationState: PREVIEW, sort: "id") { data { id attributes { title } } } }', undefined, editor());
    expect(listed.status).to.equal(200);
    expect(listed.body).to.deep.equal({
      data: {
        articles: {
          data: [
            { id: String(ctx.site.articles.first), attributes: { title: 'First' } },
            { id: String(ctx.site.articles.second), attributes: { title: 'Second' } },
            { id: String(ctx.site.articles.bare), attributes: { title: 'Bare' } },
            { id: String(id), attributes: { title: null } },
          ],
        },
      },
    });
    // the live list does not show it
    const live = await gql(ctx.app, '{ articles { data { id } } }', undefined, editor());
    expect(live.body.data.articles.data).to.have.length(3);
    await ctx.app.knex('articles').where('id', id).delete();
  });

  it("answers GraphQL's error naming the field for a null another tool wrote in a required column, for that entry only", async () => {
    const now = new Date();
    const [inserted] = await ctx.app.knex('people').insert({ name: null, created_at: now, updated_at: now }, ['id']);
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
    try {
      const res = await gql(ctx.app, '{ people(sort: "id") { data { id attributes { name } } } }');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        errors: [
          {
            message: 'Cannot return null for non-nullable field Person.name.',
            locations: [{ line: 1, column: 47 }],
            path: ['people', 'data', 2, 'attributes', 'name'],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ],
        data: {
          people: {
            data: [
              { id: String(ctx.site.people.ada), attributes: { name: 'Ada' } },
              { id: String(ctx.site.people.linus), attributes: { name: 'Linus' } },
              { id: String(id), attributes: null },
            ],
          },
        },
      });
    } finally {
      await ctx.app.knex('people').where('id', id).delete();
    }
  });

  it('declares required attributes nullable on types with drafts only, as Strapi v4', async () => {
    const fields = async (type: string) => {
      const res = await gql(ctx.app, `{ __type(name: "${type}") { fields { name type { kind name ofType { name } } } } }`);
      const found = (res.body.data.__type.fields as Array<{ name: string; type: { kind: string; name: string | null; ofType: { name: string } | null } }>).map((field) => [
        field.name,
        field.type.kind === 'NON_NULL' ? `${field.type.ofType?.name}!` : field.type.name,
      ]);
      return Object.fromEntries(found);
    };
    expect((await fields('Article')).title).to.equal('String');
    expect((await fields('Page')).title).to.equal('String');
    expect((await fields('Person')).name).to.equal('String!');
    expect((await fields('ComponentSharedSeo')).metaTitle).to.equal('String!');
  });
});
