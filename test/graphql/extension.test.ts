/**
 * The extension service (`plugin::graphql.extension`) as a third-party plugin uses it in its
 * register: every shadow-CRUD switch and getter (a disabled piece is absent from the schema),
 * `use()` with an object and with a function (types, SDL, resolvers, schema-composer plugins),
 * and every `resolversConfig` form (auth false, auth scope, policies, middlewares on root and
 * nested fields), with the permissions of a role-guard stand-in.
 */
import { expect } from 'chai';
import { BootError, definePlugin } from '@platform/core';
import type { ExtensionService, GraphqlPolicyContext } from '@platform/graphql';
import { describeEachDatabase, startApp } from '../helpers/app';
import { createRoleGuardStandIn, ROLE_HEADER } from '../helpers/role-guard-stand-in';
import { stamps, T1 } from '../rest/populate-seed';
import { gql, gqlData } from './helpers';

const getters: Record<string, unknown> = {};

const extender = definePlugin({
  name: 'gql-extender',
  requires: ['graphql'],
  register(ctx) {
    const extension = ctx.service<ExtensionService>('plugin::graphql.extension');
    extension.shadowCRUD('api::profile.profile').disable();
    extension.shadowCRUD('api::tag.tag').disableMutations();
    extension.shadowCRUD('api::writer.writer').disableQueries();
    extension.shadowCRUD('api::category.category').disableAction('delete').disableActions(['update', 'findOne']);
    const article = extension.shadowCRUD('api::article.article');
    article.field('rating').disable();
    article.field('views').disableOutput();
    article.field('price').disableInput();
    article.field('featured').disableFilters();
    Object.assign(getters, {
      profileEnabled: extension.shadowCRUD('api::profile.profile').isEnabled(),
      profileDisabled: extension.shadowCRUD('api::profile.profile').isDisabled(),
      tagQueries: [extension.shadowCRUD('api::tag.tag').areQueriesEnabled(), extension.shadowCRUD('api::tag.tag').areQueriesDisabled()],
      tagMutations: [extension.shadowCRUD('api::tag.tag').areMutationsEnabled(), extension.shadowCRUD('api::tag.tag').areMutationsDisabled()],
      categoryDelete: [extension.shadowCRUD('api::category.category').isActionEnabled('delete'), extension.shadowCRUD('api::category.category').isActionDisabled('delete')],
      categoryFind: extension.shadowCRUD('api::category.category').isActionEnabled('find'),
      rating: [article.field('rating').isEnabled(), article.field('rating').isDisabled(), article.field('rating').hasOutputEnabled()],
      views: [article.field('views').hasOutputEnabled(), article.field('views').hasInputEnabled(), article.field('views').hasFiltersEnabled()],
      price: article.field('price').hasInputEnabled(),
      featured: article.field('featured').hasFiltersEnabled(),
    });

    const ownerOnly = (policy: GraphqlPolicyContext) => (policy.args.pagination as { pageSize?: number } | undefined)?.pageSize !== 3;
    extension.use({
      typeDefs: 'extend type Query { objectForm: String }',
      resolvers: { Query: { objectForm: () => 'from an object' } },
      resolversConfig: { 'Query.objectForm': { auth: false } },
    });
    extension.use(({ composer }) => ({
      types: [composer.createObjectTC({ name: 'Greeting', fields: { text: 'String' } })],
      typeDefs: `
        type Query { hello(name: String!): Greeting  crash: String }
        extend type Article { shout: String }
        type Category { name: String  loud: String }
      `,
      resolvers: {
        Query: {
          hello: (_parent, args) => ({ text: `Hello ${String((args as { name: string }).name)}` }),
          crash: () => {
            throw new Error('secret detail');
          },
        },
        Article: { shout: (parent) => String((parent as { title: string }).title).toUpperCase() },
        Category: { loud: (parent) => `${String((parent as { name: string }).name)}!` },
      },
      plugins: [(schema) => schema.Query.addFields({ answer: { type: 'Int', resolve: () => 42 } })],
      resolversConfig: {
        'Query.hello': { auth: false },
        'Query.crash': { auth: false },
        'Query.answer': { auth: { scope: ['plugin::gql-extender.answer'] } },
        'Query.articles': { auth: { scope: ['api::article.article.custom'] } },
        'Query.categories': { policies: [ownerOnly, { handler: (_p, config) => config !== 'deny', config: 'allow' }] },
        'Query.tags': {
          middlewares: [(next, parent, args, context, info) => next(parent, { ...args, sort: ['name:desc'] }, context, info)],
        },
        'Article.title': {
          middlewares: [async (next, parent, args, context, info) => `[${String(await next(parent, args, context, info))}]`],
        },
      },
    }));
  },
});

const ROLES = {
  reader: { permissions: ['api::article.article.find', 'api::category.category.find', 'api::tag.tag.find'] },
  custom: { permissions: ['api::article.article.custom', 'api::tag.tag.find', 'plugin::gql-extender.answer'] },
  nobody: { permissions: [] },
};

describeEachDatabase(
  'GraphQL extension service',
  (ctx) => {
    before(async () => {
      await ctx.app.knex('categories').insert([{ id: 1, name: 'News', ...stamps(T1) }]);
      await ctx.app.knex('tags').insert([
        { id: 1, name: 'alpha', ...stamps(T1) },
        { id: 2, name: 'beta', ...stamps(T1) },
      ]);
      await ctx.app.knex('articles').insert({ id: 1, title: 'hello', ...stamps(T1), published_at: new Date(T1), locale: 'en', featured: false });
    });

    const fieldsOf = async (type: string): Promise<string[] | null> => {
      const data = await gqlData(ctx.app, `{ __type(name: "${type}") { fields { name } inputFields { name } } }`);
      if (!data.__type) return null;
      return (data.__type.fields ?? data.__type.inputFields).map((f: { name: string }) => f.name);
    };

    it('the getters answer what was switched', () => {
      expect(getters).to.deep.equal({
        profileEnabled: false,
        profileDisabled: true,
        tagQueries: [true, false],
        tagMutations: [false, true],
        categoryDelete: [false, true],
        categoryFind: true,
        rating: [false, true, false],
        views: [false, true, true],
        price: false,
        featured: false,
      });
    });

    it('a disabled type, its queries, mutations, actions and fields are absent from the schema', async () => {
      expect(await fieldsOf('Profile')).to.equal(null);
      expect(await fieldsOf('Writer')).to.not.include('profile');
      const query = await fieldsOf('Query');
      const mutation = await fieldsOf('Mutation');
      expect(query).to.include.members(['tags', 'tag', 'categories', 'articles']);
      expect(query).to.not.include.members(['writers', 'writer', 'profiles', 'category']);
      expect(mutation).to.include.members(['createWriter', 'createCategory', 'createArticle']);
      expect(mutation).to.not.include.members(['createTag', 'updateTag', 'deleteTag', 'updateCategory', 'deleteCategory', 'createProfile']);
      const article = await fieldsOf('Article');
      expect(article).to.not.include.members(['rating', 'views']);
      expect(article).to.include.members(['price', 'featured', 'title', 'shout']);
      const input = await fieldsOf('ArticleInput');
      expect(input).to.not.include.members(['rating', 'price']);
      expect(input).to.include('views');
      const filters = await fieldsOf('ArticleFiltersInput');
      expect(filters).to.not.include.members(['rating', 'featured']);
      expect(filters).to.include('views');
    });

    it('use(): types, SDL, resolvers and plugins from a function and from an object', async () => {
      expect(await gqlData(ctx.app, '{ hello(name: "Ada") { text } objectForm answer }', undefined, { [ROLE_HEADER]: 'custom' })).to.deep.equal({
        hello: { text: 'Hello Ada' },
        objectForm: 'from an object',
        answer: 42,
      });
    });

    it('a nested resolver added by SDL and a middleware on a generated nested field', async () => {
      expect(await gqlData(ctx.app, '{ articles { data { attributes { title shout } } } }')).to.deep.equal({
        articles: { data: [{ attributes: { title: '[hello]', shout: 'HELLO' } }] },
      });
    });

    it('SDL defining a generated type merges into it: new fields added, the others kept', async () => {
      const category = await fieldsOf('Category');
      expect(category).to.include.members(['name', 'slug', 'articles', 'loud']);
      expect(await gqlData(ctx.app, '{ categories { data { attributes { name loud } } } }', undefined, { [ROLE_HEADER]: 'reader' })).to.deep.equal({
        categories: { data: [{ attributes: { name: 'News', loud: 'News!' } }] },
      });
    });

    it('auth: false lets anyone run a resolver; auth scope needs those permissions instead of the generated one', async () => {
      expect((await gql(ctx.app, '{ hello(name: "x") { text } }', undefined, { [ROLE_HEADER]: 'nobody' })).body.data).to.deep.equal({ hello: { text: 'Hello x' } });
      // custom holds api::article.article.custom but not find; reader holds find but not custom
      expect((await gql(ctx.app, '{ articles { data { id } } }', undefined, { [ROLE_HEADER]: 'custom' })).body).to.deep.equal({ data: { articles: { data: [{ id: '1' }] } } });
      const denied = await gql(ctx.app, '{ articles { data { id } } answer }', undefined, { [ROLE_HEADER]: 'reader' });
      expect(denied.status).to.equal(200);
      expect(denied.body).to.deep.equal({
        errors: [
          {
            message: 'Forbidden access',
            locations: [{ line: 1, column: 3 }],
            path: ['articles'],
            extensions: { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' },
          },
          {
            message: 'Forbidden access',
            locations: [{ line: 1, column: 28 }],
            path: ['answer'],
            extensions: { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' },
          },
        ],
        data: { articles: null, answer: null },
      });
    });

    it('policies: a false answer is Policy Failed; a policy object gets its config', async () => {
      expect((await gqlData(ctx.app, '{ categories(pagination: { pageSize: 2 }) { data { id } } }')).categories.data).to.deep.equal([{ id: '1' }]);
      const refused = await gql(ctx.app, '{ categories(pagination: { pageSize: 3 }) { data { id } } }');
      expect(refused.body.errors?.[0].extensions).to.deep.equal({ error: { name: 'PolicyError', message: 'Policy Failed', details: {} }, code: 'FORBIDDEN' });
    });

    it('middlewares may change the arguments of a root field', async () => {
      const data = await gqlData(ctx.app, '{ tags(sort: ["name:asc"]) { data { attributes { name } } } }');
      expect(data.tags.data.map((t: { attributes: { name: string } }) => t.attributes.name)).to.deep.equal(['beta', 'alpha']);
    });

    it("an error a resolver throws that is not the platform's is Internal Server Error, its message kept out", async () => {
      const res = await gql(ctx.app, '{ crash }');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        errors: [{ message: 'Internal Server Error', locations: [{ line: 1, column: 3 }], path: ['crash'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        data: { crash: null },
      });
    });

    it('the service is closed once the schema is built', () => {
      const extension = ctx.app.platform.service<ExtensionService>('plugin::graphql.extension');
      expect(() => extension.use({})).to.throw(/The GraphQL schema is built/);
      expect(() => extension.shadowCRUD('api::tag.tag').disable()).to.throw(/The GraphQL schema is built/);
    });
  },
  { plugins: [createRoleGuardStandIn(ROLES), extender] },
);

describe('GraphQL extension errors', function () {
  this.timeout(60000);
  it('use() of something that is no extension throws; SDL that does not parse stops start-up', async () => {
    const invalid = definePlugin({
      name: 'gql-invalid',
      requires: ['graphql'],
      register(ctx) {
        const extension = ctx.service<ExtensionService>('plugin::graphql.extension');
        expect(() => extension.use(42 as never)).to.throw('An extension is an object or a function returning one');
        extension.use({ typeDefs: 'type {' });
      },
    });
    let failure: unknown = null;
    try {
      const app = await startApp({ plugins: [invalid] });
      await app.close();
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(BootError);
    expect((failure as BootError).code).to.equal('graphql.SCHEMA_INVALID');
    expect((failure as BootError).message).to.match(/^A GraphQL extension could not be added: .*Syntax Error/);
  });

  it('a nexus type that cannot be merged into the schema stops start-up, naming what nexus said', async () => {
    const unmergeable = definePlugin({
      name: 'gql-unmergeable-nexus',
      requires: ['graphql'],
      register(ctx) {
        ctx.service<ExtensionService>('plugin::graphql.extension').use(({ nexus }) => ({
          types: [
            nexus.extendType({
              type: 'Query',
              definition(t) {
                t.field('weather', { type: 'Weather' });
              },
            }),
          ],
        }));
      },
    });
    let failure: unknown = null;
    try {
      const app = await startApp({ plugins: [unmergeable] });
      await app.close();
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(BootError);
    expect({ code: (failure as BootError).code, message: (failure as BootError).message }).to.deep.equal({
      code: 'graphql.SCHEMA_INVALID',
      message: "The GraphQL extensions' nexus types could not be added: \n- Missing type Weather, did you forget to import a type to the root query or mean Writer?",
    });
  });
});
