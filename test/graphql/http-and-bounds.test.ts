/**
 * The endpoint over HTTP and the bounds of hostile documents: graphql-http's GraphQL-over-HTTP
 * audit, media types, the 400s of documents that do not parse or validate, the depth limit,
 * the cost budget against aliases and fragments, circular fragments, the token limit.
 */
import { expect } from 'chai';
import { auditServer } from 'graphql-http';
import { describeEachDatabase } from '../helpers/app';
import { gql } from './helpers';

/** `articles { data { attributes { category { data { attributes { articles ... } } } } } }` nested `levels` relations deep. */
function nested(levels: number): string {
  let inner = 'title';
  for (let i = 0; i < levels; i += 1) inner = i % 2 === 0 ? `category { data { attributes { name articles { data { attributes { ${inner} } } } } } }` : inner;
  return `{ articles { data { attributes { ${inner} } } } }`;
}

describeEachDatabase('GraphQL over HTTP', (ctx) => {
  it('passes every MUST of the graphql-http audit; the SHOULD-200s are the 400s Strapi v4 answers', async () => {
    const results = await auditServer({ url: `${ctx.app.url}/graphql` });
    const failed = results.filter((r) => r.status !== 'ok');
    expect(results.filter((r) => r.name.startsWith('MUST')).length).to.be.greaterThan(10);
    expect(failed.filter((r) => r.name.startsWith('MUST'))).to.deep.equal([]);
    expect(failed.map((r) => r.name).sort()).to.deep.equal([
      'SHOULD use 200 status code on document parsing failure when accepting application/json',
      'SHOULD use 200 status code on document validation failure when accepting application/json',
      'SHOULD use a status code of 200 on variable coercion failure when accepting application/json',
    ]);
  });

  it('answers application/json by default and application/graphql-response+json when asked', async () => {
    const plain = await gql(ctx.app, '{ articles { data { id } } }', undefined, { accept: '*/*' });
    expect(plain.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    const modern = await gql(ctx.app, '{ articles { data { id } } }', undefined, { accept: 'application/graphql-response+json' });
    expect(modern.headers.get('content-type')).to.equal('application/graphql-response+json; charset=utf-8');
    expect(modern.body).to.deep.equal({ data: { articles: { data: [] } } });
  });

  it('a document that does not parse is a 400 GRAPHQL_PARSE_FAILED', async () => {
    const res = await gql(ctx.app, '{ articles { data { id }');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ errors: [{ message: 'Syntax Error: Expected Name, found <EOF>.', locations: [{ line: 1, column: 25 }], extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] });
  });

  it('a document that does not validate is a 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const res = await gql(ctx.app, '{ articles { data { nope } } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors).to.deep.equal([{ message: 'Cannot query field "nope" on type "ArticleEntity".', locations: [{ line: 1, column: 21 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
  });

  it('a variable of the wrong type is a 400', async () => {
    const res = await gql(ctx.app, 'query Q($id: ID) { article(id: $id) { data { id } } }', { id: { not: 'an id' } });
    expect(res.status).to.equal(400);
    expect(res.body.data).to.equal(undefined);
  });

  it('depthLimit (10): a selection 10 deep runs, 11 deep is refused before anything runs', async () => {
    // articles data attributes category data attributes articles data attributes title: depth 9
    const ok = await gql(ctx.app, nested(1));
    expect(ok.status).to.equal(200);
    const deeper = `{ articles { data { attributes { category { data { attributes { articles { data { attributes { category { data { id } } } } } } } } } } } }`;
    const { result, count } = await ctx.app.countQueries(() => gql(ctx.app, deeper));
    expect(result.status).to.equal(400);
    expect(result.body.errors?.[0].message).to.equal('The operation exceeds maximum operation depth of 10');
    expect(count).to.equal(0);
  });

  it('a thousand aliases of a list are past the cost budget: a 400, no SQL', async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: articles { data { attributes { tags { data { id } } } } }`).join(' ');
    const { result, count } = await ctx.app.countQueries(() => gql(ctx.app, `{ ${aliases} }`));
    expect(result.status).to.equal(400);
    expect(result.body.errors?.[0].message).to.match(/^The operation exceeds the maximum cost of 2000/);
    expect(count).to.equal(0);
  });

  it('a fragment bomb (each fragment spreads the next twice) is measured without expanding it: a fast 400', async () => {
    const fragments = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Article { title ...F${i + 1} ...F${i + 1} }`).join('\n');
    const started = Date.now();
    const res = await gql(ctx.app, `{ articles { data { attributes { ...F0 } } } }\n${fragments}\nfragment F40 on Article { title }`);
    expect(res.status).to.equal(400);
    expect(res.body.errors?.some((e) => /maximum cost/.test(e.message))).to.equal(true);
    expect(Date.now() - started).to.be.below(2000);
  });

  it('circular fragments are a 400 naming the cycle, never a stack overflow', async () => {
    const res = await gql(ctx.app, '{ articles { data { attributes { ...A } } } } fragment A on Article { title ...B } fragment B on Article { title ...A }');
    expect(res.status).to.equal(400);
    expect(res.body.errors?.map((e) => e.message)).to.include('Cannot spread fragment "A" within itself via "B".');
  });

  it('a document past the token limit is a 400', async () => {
    const res = await gql(ctx.app, `{ ${Array.from({ length: 25000 }, () => '__typename').join(' ')} }`);
    expect(res.status).to.equal(400);
    expect(res.body.errors?.[0].message).to.match(/^Syntax Error: Document contains more that 20000 tokens/);
  });

  it("a body that is not JSON is a 400 in GraphQL's error shape (the REST routes keep their envelope)", async () => {
    const post = async (path: string, body: string) => {
      const res = await fetch(`${ctx.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    };
    expect(await post('/graphql', '{"query": ')).to.deep.equal({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { errors: [{ message: 'Unparsable JSON body: Unexpected end of JSON input', extensions: { code: 'BAD_REQUEST' } }] },
    });
    expect(await post('/graphql', '"query"')).to.deep.equal({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { errors: [{ message: 'Unparsable JSON body: invalid JSON, only supports object and array', extensions: { code: 'BAD_REQUEST' } }] },
    });
    expect((await post('/api/articles', '{"data": ')).body).to.deep.equal({ data: null, error: { status: 400, name: 'SyntaxError', message: 'Unexpected end of JSON input' } });
    expect(await ctx.app.knex('articles').select('id')).to.deep.equal([]);
  });

  it('an operation that is not a query or mutation, or no query at all, is a 400', async () => {
    expect((await ctx.app.post('/graphql', {})).status).to.equal(400);
    expect((await gql(ctx.app, 'subscription { articles { data { id } } }')).status).to.equal(400);
  });
});
