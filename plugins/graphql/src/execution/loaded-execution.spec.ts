import { expect } from 'chai';
import { execute, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, validate, type ExecutionArgs } from 'graphql';
import type { GraphqlContext } from '../types';
import { componentListResolver, relationResolver } from './field-resolvers';
import { createLoadedExecution } from './loaded-execution';
import { readsLoaded } from './loaded-reads';

const settings = { defaultLimit: 2, maxLimit: 100 };
const PaginationArg = new GraphQLInputObjectType({
  name: 'PaginationArg',
  fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
});

/** a schema shaped as the generated one: entries under `data { id attributes { ... } }` */
function schemaWith(rows: () => unknown) {
  const calls = { count: 0 };
  const Tag: GraphQLObjectType = new GraphQLObjectType({ name: 'Tag', fields: () => ({ name: { type: GraphQLString } }) });
  const TagEntity = new GraphQLObjectType({
    name: 'TagEntity',
    fields: {
      id: { type: GraphQLID, resolve: readsLoaded((entity: { id: number }) => entity.id, { kind: 'property', name: 'id' }) },
      attributes: { type: Tag, resolve: readsLoaded((entity: unknown) => entity, { kind: 'self' }) },
    },
  });
  const Tags = new GraphQLObjectType({ name: 'TagRelationResponseCollection', fields: { data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(TagEntity))) } } });
  const TagResponse = new GraphQLObjectType({ name: 'TagEntityResponse', fields: { data: { type: TagEntity } } });
  const Seo = new GraphQLObjectType({ name: 'Seo', fields: { keyword: { type: GraphQLString } } });
  const pageArgs = { pagination: { type: PaginationArg } };
  const Article = new GraphQLObjectType({
    name: 'Article',
    fields: {
      title: { type: new GraphQLNonNull(GraphQLString) },
      views: { type: GraphQLInt },
      tags: { type: Tags, args: pageArgs, resolve: relationResolver('tags', true, settings) },
      main: { type: TagResponse, resolve: relationResolver('main', false, settings) },
      seo: { type: new GraphQLList(Seo), args: pageArgs, resolve: componentListResolver('seo', settings) },
      // a resolver of its own: its documents run through graphql-js
      shout: { type: GraphQLString, resolve: (article: { title: string }) => article.title.toUpperCase() },
    },
  });
  const ArticleEntity = new GraphQLObjectType({
    name: 'ArticleEntity',
    fields: {
      id: { type: GraphQLID, resolve: readsLoaded((entity: { id: number }) => entity.id, { kind: 'property', name: 'id' }) },
      attributes: { type: Article, resolve: readsLoaded((entity: unknown) => entity, { kind: 'self' }) },
    },
  });
  const Response = new GraphQLObjectType({ name: 'ArticleEntityResponseCollection', fields: { data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ArticleEntity))) } } });
  const Query = new GraphQLObjectType({
    name: 'Query',
    fields: {
      articles: {
        type: Response,
        args: { limit: { type: GraphQLInt } },
        resolve: async (_root, args: { limit?: number }) => {
          calls.count += 1;
          const data = rows() as unknown[];
          return { data: args.limit === undefined ? data : data.slice(0, args.limit) };
        },
      },
      hello: { type: GraphQLString, resolve: () => 'world' },
    },
  });
  return { schema: new GraphQLSchema({ query: Query }), calls };
}

const ROWS = [
  {
    id: 1,
    title: 'one',
    views: 10,
    tags: [
      { id: 7, name: 'a' },
      { id: 8, name: 'b' },
      { id: 9, name: 'c' },
    ],
    main: { id: 7, name: 'a' },
    seo: [{ keyword: 'k1' }, { keyword: 'k2' }, { keyword: 'k3' }],
  },
  { id: 2, title: 'two', views: null, tags: [], main: null, seo: null },
];

async function both(document: string, rows: () => unknown = () => ROWS, variableValues?: Record<string, unknown>) {
  const { schema, calls } = schemaWith(rows);
  const ast = parse(document);
  expect(validate(schema, ast)).to.deep.equal([]);
  const args = (): ExecutionArgs => ({ schema, document: ast, contextValue: {} as GraphqlContext, variableValues });
  const loaded = createLoadedExecution(new Set(['Query.articles']));
  const fast = JSON.stringify(await loaded(args()));
  const fastCalls = calls.count;
  const reference = JSON.stringify(await execute(args()));
  return { fast, reference, fastCalls };
}

describe('graphql loaded execution', () => {
  it('answers a query of generated fields as graphql-js does, running each root resolver once', async () => {
    const query =
      '{ articles { __typename data { id attributes { title t: title views tags(pagination: { pageSize: 2 }) { data { id attributes { name } } } main { data { id } } seo(pagination: { page: 2, pageSize: 1 }) { keyword } } } } b: articles(limit: 1) { data { id } } }';
    const { fast, reference, fastCalls } = await both(query);
    expect(fast).to.equal(reference);
    expect(fast).to.equal(
      '{"data":{"articles":{"__typename":"ArticleEntityResponseCollection","data":[{"id":"1","attributes":{"title":"one","t":"one","views":10,"tags":{"data":[{"id":"7","attributes":{"name":"a"}},{"id":"8","attributes":{"name":"b"}}]},"main":{"data":{"id":"7"}},"seo":[{"keyword":"k2"}]}},{"id":"2","attributes":{"title":"two","t":"two","views":null,"tags":{"data":[]},"main":{"data":null},"seo":[]}}]},"b":{"data":[{"id":"1"}]}}}',
    );
    expect(fastCalls).to.equal(2);
  });

  it('reads variables as graphql-js does', async () => {
    const { fast, reference } = await both('query Q($n: Int) { articles(limit: $n) { data { id } } }', () => ROWS, { n: 1 });
    expect(fast).to.equal(reference);
    expect(fast).to.equal('{"data":{"articles":{"data":[{"id":"1"}]}}}');
  });

  it('leaves to graphql-js a run that meets an error: a null where the schema promises a value', async () => {
    const rows = () => [{ id: 1, title: null, tags: [] }];
    const { fast, reference, fastCalls } = await both('{ articles { data { id attributes { title } } } }', rows);
    expect(fast).to.equal(reference);
    expect(JSON.parse(fast)).to.deep.include({ data: { articles: { data: [{ id: '1', attributes: null }] } } });
    expect(JSON.parse(fast).errors[0].message).to.equal('Cannot return null for non-nullable field Article.title.');
    // run once by the compiled execution, then again by graphql-js
    expect(fastCalls).to.equal(2);
  });

  it('leaves to graphql-js a root resolver that fails, with its error', async () => {
    const { fast, reference } = await both('{ articles { data { id } } }', () => {
      throw new Error('no rows');
    });
    expect(fast).to.equal(reference);
    expect(JSON.parse(fast).errors[0].message).to.equal('no rows');
  });

  it('leaves to graphql-js what it does not compile: fragments, directives, other resolvers, root fields that are not generated reads', async () => {
    // a null where the schema promises a value: a compiled run would run the root resolver twice
    const rows = () => [{ id: 1, title: null, tags: [] }];
    for (const query of [
      '{ articles { ...A } } fragment A on ArticleEntityResponseCollection { data { attributes { title } } }',
      '{ articles { data { attributes { title @include(if: true) } } } }',
      '{ articles { data { attributes { title shout } } } }',
      '{ articles { data { attributes { title } } } articles { data { id } } }',
      '{ hello articles { data { attributes { title } } } }',
    ]) {
      const { fast, reference, fastCalls } = await both(query, rows);
      expect(fast, query).to.equal(reference);
      expect(fastCalls, query).to.equal(1);
    }
  });
});
