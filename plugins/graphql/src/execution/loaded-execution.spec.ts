import { expect } from 'chai';
import {
  DirectiveLocation,
  execute,
  GraphQLDirective,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  specifiedDirectives,
  validate,
  type ExecutionArgs,
} from 'graphql';
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
  // a directive of an extension's own: graphql-js ignores it, a resolver may read it
  const tag = new GraphQLDirective({ name: 'tag', locations: [DirectiveLocation.FIELD] });
  return { schema: new GraphQLSchema({ query: Query, directives: [...specifiedDirectives, tag] }), calls };
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

  it('compiles fragments, inline fragments, keys selected twice and @skip/@include, collecting fields as graphql-js does', async () => {
    const queries: Array<[string, Record<string, unknown>?]> = [
      ['{ articles { ...A } } fragment A on ArticleEntityResponseCollection { data { attributes { title } } }'],
      ['{ articles { data { ...E id } } } fragment E on ArticleEntity { attributes { ...T views } } fragment T on Article { title tags { data { id } } }'],
      ['{ articles { data { ... on ArticleEntity { id } ... { attributes { title } } id } } }'],
      ['{ articles { data { attributes { title } } } articles { data { id attributes { views title } } } }'],
      ['{ articles { data { attributes { title @include(if: true) views @skip(if: true) } } } }'],
      ['query Q($a: Boolean!, $b: Boolean = false) { articles { data { id @skip(if: $a) attributes { ...T @include(if: $b) views } } } } fragment T on Article { title }', { a: true }],
      ['query Q($a: Boolean!, $b: Boolean = false) { articles { data { id @skip(if: $a) attributes { ...T @include(if: $b) views } } } } fragment T on Article { title }', { a: false, b: true }],
    ];
    for (const [query, variables] of queries) {
      const { fast, reference } = await both(query, () => ROWS, variables);
      expect(fast, query).to.equal(reference);
      expect(JSON.parse(fast).errors, query).to.equal(undefined);
      // compiled: a null where the schema promises a value makes the compiled run fall back, running the root resolver twice
      const failing = await both(query, () => [{ id: 1, title: null, views: null, tags: [] }], variables);
      expect(failing.fast, query).to.equal(failing.reference);
      expect(failing.fastCalls, query).to.equal(JSON.parse(failing.fast).errors ? 2 : 1);
    }
    const merged = await both('{ articles { data { attributes { title } } } articles { data { id attributes { views title } } } }');
    expect(merged.fast).to.equal('{"data":{"articles":{"data":[{"attributes":{"title":"one","views":10},"id":"1"},{"attributes":{"title":"two","views":null},"id":"2"}]}}}');
  });

  it('compiles an operation once per combination of its condition variables, and leaves the rest to graphql-js past a bound', async () => {
    const { schema, calls } = schemaWith(() => ROWS);
    const document = parse(
      'query Q($a: Boolean!, $b: Boolean!, $c: Boolean!, $d: Boolean!, $e: Boolean!) { articles { data { id @include(if: $a) attributes { title @include(if: $b) views @skip(if: $c) t: title @skip(if: $d) v: views @include(if: $e) } } } }',
    );
    const loaded = createLoadedExecution(new Set(['Query.articles']));
    for (let bits = 0; bits < 32; bits++) {
      const variableValues = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name, index) => [name, (bits & (1 << index)) !== 0]));
      const args = (): ExecutionArgs => ({ schema, document, contextValue: {} as GraphqlContext, variableValues });
      expect(JSON.stringify(await loaded(args())), JSON.stringify(variableValues)).to.equal(JSON.stringify(await execute(args())));
    }
    expect(calls.count).to.equal(64);
  });

  it('compiles 16 combinations of an operation at most: past them, its runs go to graphql-js directly', async () => {
    // a null where the schema promises a value: a compiled run meets it and runs again in graphql-js
    const { schema, calls } = schemaWith(() => [{ id: 1, title: null, views: 1, tags: [] }]);
    const document = parse(
      'query Q($a: Boolean!, $b: Boolean!, $c: Boolean!, $d: Boolean!, $e: Boolean!) { articles { data { id @include(if: $a) attributes { title views @skip(if: $b) v: views @skip(if: $c) w: views @skip(if: $d) x: views @skip(if: $e) } } } }',
    );
    const loaded = createLoadedExecution(new Set(['Query.articles']));
    const perRun: number[] = [];
    for (let bits = 0; bits < 20; bits++) {
      const variableValues = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name, index) => [name, (bits & (1 << index)) !== 0]));
      const before = calls.count;
      const answer = (await loaded({ schema, document, contextValue: {} as GraphqlContext, variableValues })) as { errors?: unknown[] };
      expect(answer.errors).to.have.length(1);
      perRun.push(calls.count - before);
    }
    expect(perRun).to.deep.equal([...Array<number>(16).fill(2), ...Array<number>(4).fill(1)]);
  });

  it('compiles the operation a name picks, and leaves a name that picks none to graphql-js, which answers it', async () => {
    // a null where the schema promises a value: a compiled run meets it and runs again in graphql-js
    const { schema, calls } = schemaWith(() => [{ id: 1, title: null, tags: [] }]);
    const document = parse('query A { articles { data { attributes { title } } } } query B { articles { data { id } } }');
    const loaded = createLoadedExecution(new Set(['Query.articles']));
    const answers = [];
    for (const operationName of ['A', 'nope', 'B', 'A']) {
      const args = (): ExecutionArgs => ({ schema, document, contextValue: {} as GraphqlContext, operationName });
      const before = calls.count;
      const fast = JSON.stringify(await loaded(args()));
      const fastCalls = calls.count - before;
      expect(fast, operationName).to.equal(JSON.stringify(await execute(args())));
      answers.push([operationName, fastCalls, JSON.parse(fast)]);
    }
    const nullTitle = {
      errors: [{ message: 'Cannot return null for non-nullable field Article.title.', locations: [{ line: 1, column: 42 }], path: ['articles', 'data', 0, 'attributes', 'title'] }],
      data: { articles: { data: [{ attributes: null }] } },
    };
    expect(answers).to.deep.equal([
      ['A', 2, nullTitle],
      ['nope', 0, { errors: [{ message: 'Unknown operation named "nope".' }] }],
      ['B', 1, { data: { articles: { data: [{ id: '1' }] } } }],
      ['A', 2, nullTitle],
    ]);
  });

  it('leaves to graphql-js what it does not compile: other resolvers, directives other than @skip/@include, root fields that are not generated reads', async () => {
    // a null where the schema promises a value: a compiled run would run the root resolver twice
    const rows = () => [{ id: 1, title: null, tags: [] }];
    for (const query of [
      '{ articles { data { attributes { title shout } } } }',
      '{ articles { data { attributes { ... on Article { shout } } } } }',
      '{ articles { data { attributes { title @tag } } } }',
      '{ hello articles { data { attributes { title } } } }',
      '{ articles { data { attributes { title } } } __typename }',
    ]) {
      const { fast, reference, fastCalls } = await both(query, rows);
      expect(fast, query).to.equal(reference);
      expect(fastCalls, query).to.equal(1);
    }
  });
});
