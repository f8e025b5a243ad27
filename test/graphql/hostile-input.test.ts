/**
 * Hostile GraphQL input answers a 400 naming the problem on every database, never a 500 nor a
 * stack overflow: documents nested 10,000 deep (a selection set, a list literal, an object
 * literal) are refused by a scan before graphql-js's recursive parser, variables nested deep
 * in a GET query string or a multipart `operations` part likewise; a filter list of 100,000
 * ids is refused before any SQL (10,000 still run); a NUL character in a string literal or in
 * variables is refused as REST refuses it (in a write, in a filter, at login).
 * The server answers a plain query right after each.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { authPlugins } from '../users-permissions/helpers';
import { gql, gqlGet } from './helpers';

const nested = (levels: number, open: string, close: string, inner: string) => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
const TOO_DEEP = { errors: [{ message: 'Syntax Error: Document nested deeper than 64 levels. Parsing aborted.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] };
const IDS = 'query ($ids: [ID]) { tags(filters: { id: { in: $ids } }, pagination: { limit: -1 }) { data { id } } }';

describeEachDatabase('GraphQL hostile input', (ctx) => {
  let tagIds: string[] = [];
  before(async () => {
    for (const name of ['one', 'two']) tagIds.push(String((await ctx.app.post('/api/tags', { data: { name } })).body.data.id));
    tagIds = tagIds.sort();
  });

  async function stillAnswers(): Promise<void> {
    const res = await gql(ctx.app, '{ tags(sort: "id") { data { id } } }');
    expect(res.body).to.deep.equal({ data: { tags: { data: tagIds.map((id) => ({ id })) } } });
  }

  it('a selection set, a list literal and an object literal nested 10,000 deep are a 400 before parsing', async () => {
    for (const query of [
      `{ ${nested(10_000, 'a { ', ' }', 'b')} }`,
      `{ tags(filters: { id: { in: ${nested(10_000, '[', ']', '1')} } }) { data { id } } }`,
      `{ tags(filters: ${nested(10_000, '{ and: ', ' }', '{}')}) { data { id } } }`,
    ]) {
      const started = Date.now();
      const res = await gql(ctx.app, query);
      expect(Date.now() - started).to.be.below(2000);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(TOO_DEEP);
    }
    // braces inside strings and comments are not nesting
    const quoted = await gql(ctx.app, `{ tags(filters: { name: { eq: "${'{'.repeat(100)}" } }) { data { id } } } # ${'['.repeat(100)}`);
    expect(quoted.body).to.deep.equal({ data: { tags: { data: [] } } });
    await stillAnswers();
  });

  it('nesting up to the bound parses (and is then checked as any document)', async () => {
    // four levels around the list: the selection set, the arguments, filters and id
    const res = await gql(ctx.app, `{ tags(filters: { id: { in: ${nested(60, '[', ']', '1')} } }) { data { id } } }`);
    expect(res.status).to.equal(400);
    expect(res.body.errors?.[0].extensions?.code).to.equal('GRAPHQL_VALIDATION_FAILED');
    const over = await gql(ctx.app, `{ tags(filters: { id: { in: ${nested(61, '[', ']', '1')} } }) { data { id } } }`);
    expect(over.body).to.deep.equal(TOO_DEEP);
  });

  it('GET variables nested deeper than the bound are a 400', async () => {
    const res = await ctx.app.get(`/graphql?query=${encodeURIComponent(IDS)}&variables=${encodeURIComponent(`{"ids":${nested(100, '[', ']', '1')}}`)}`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      errors: [
        {
          message: 'Variables nested deeper than 64 levels',
          extensions: { error: { name: 'ValidationError', message: 'Variables nested deeper than 64 levels', details: {} }, code: 'BAD_USER_INPUT' },
        },
      ],
    });
    const fine = await gqlGet(ctx.app, IDS, { ids: tagIds });
    expect(fine.body).to.deep.equal({ data: { tags: { data: tagIds.map((id) => ({ id })) } } });
  });

  it('a filter list of 100,000 ids is a 400 naming the bound; 10,000 ids still run', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => String(i + 1));
    const res = await gql(ctx.app, IDS, { ids: many });
    expect(res.status).to.equal(200);
    const message = 'Too many values for $in in filters: 100000 (at most 10000 in one filter)';
    expect(res.body).to.deep.equal({
      errors: [{ message, locations: [{ line: 1, column: 22 }], path: ['tags'], extensions: { error: { name: 'ValidationError', message, details: {} }, code: 'BAD_USER_INPUT' } }],
      data: { tags: null },
    });
    const most = await gql(ctx.app, IDS, { ids: Array.from({ length: 10_000 }, (_, i) => String(i + 1)) });
    expect(most.body).to.deep.equal({ data: { tags: { data: tagIds.map((id) => ({ id })) } } });
    // spread over several lists, the values of one filter are counted together
    const spread = await gql(ctx.app, 'query ($a: [ID], $b: [ID]) { tags(filters: { or: [{ id: { in: $a } }, { id: { in: $b } }] }) { data { id } } }', {
      a: many.slice(0, 6000),
      b: many.slice(0, 6000),
    });
    expect(spread.body.errors?.[0].message).to.equal('Too many values in filters: more than 10000 in one filter');
    await stillAnswers();
  });

  it('a NUL character in a string literal or in variables is refused as REST refuses it, and nothing is written', async () => {
    const message = 'name must not contain the NUL character';
    const write = {
      errors: [
        {
          message,
          locations: [{ line: 1, column: 12 }],
          path: ['createTag'],
          extensions: { error: { name: 'ValidationError', message, details: { errors: [{ path: ['name'], message, name: 'ValidationError' }] } }, code: 'BAD_USER_INPUT' },
        },
      ],
      data: { createTag: null },
    };
    const literal = await gql(ctx.app, 'mutation { createTag(data: { name: "a\\u0000b" }) { data { id } } }');
    expect(literal.body).to.deep.equal(write);
    const variables = await gql(ctx.app, 'mutation ($name: String) { createTag(data: { name: $name }) { data { id } } }', { name: 'a\u0000b' });
    expect(variables.body).to.deep.equal({ ...write, errors: [{ ...write.errors[0], locations: [{ line: 1, column: 28 }] }] });
    const filterMessage = 'Invalid parameter $eq: filter values must not contain the NUL character';
    const filter = {
      errors: [
        {
          message: filterMessage,
          locations: [{ line: 1, column: 25 }],
          path: ['tags'],
          extensions: { error: { name: 'ValidationError', message: filterMessage, details: {} }, code: 'BAD_USER_INPUT' },
        },
      ],
      data: { tags: null },
    };
    const byGet = await gqlGet(ctx.app, 'query ($name: String) { tags(filters: { name: { eq: $name } }) { data { id } } }', { name: 'a\u0000b' });
    expect(byGet.body).to.deep.equal(filter);
    const inList = await gql(ctx.app, 'query ($names: [String]) { tags(filters: { name: { in: $names } }) { data { id } } }', { names: ['one', 'x\u0000'] });
    expect(inList.body.errors?.[0].message).to.equal('Invalid parameter $in: filter values must not contain the NUL character');
    expect((await ctx.app.knex('tags').pluck('name')).sort()).to.deep.equal(['one', 'two']);
    await stillAnswers();
  });

  it('a multipart request whose operations are nested too deep is a 400', async () => {
    const send = async (operations: string) => {
      const body = new FormData();
      body.append('operations', operations);
      body.append('map', '{}');
      const res = await fetch(`${ctx.app.url}/graphql`, { method: 'POST', body });
      return { status: res.status, body: await res.json() };
    };
    const refused = (message: string) => ({ errors: [{ message, extensions: { error: { name: 'BadRequestError', message, details: {} }, code: 'STRAPI_BAD_REQUEST_ERROR' } }] });
    const deep = await send(`{"query":"mutation { removeFile(id: 1) { data { id } } }","variables":${nested(100, '{"a":', '}', '1')}}`);
    expect(deep).to.deep.equal({ status: 400, body: refused('The ‘operations’ multipart field is nested deeper than 64 levels.') });
    await stillAnswers();
  });
});

describeEachDatabase(
  'A NUL character at login, over REST and GraphQL',
  (ctx) => {
    it('is a 400 naming the field, never a 500, on both transports', async () => {
      const message = 'identifier must not contain the NUL character';
      const error = { name: 'ValidationError', message, details: { errors: [{ path: ['identifier'], message, name: 'ValidationError' }] } };
      const rest = await ctx.app.post('/api/auth/local', { identifier: 'ada\u0000', password: 'Passw0rd!' });
      expect(rest.status).to.equal(400);
      expect(rest.body).to.deep.equal({ data: null, error: { status: 400, ...error } });
      const res = await gql(ctx.app, 'mutation ($id: String!) { login(input: { identifier: $id, password: "Passw0rd!" }) { jwt } }', { id: 'ada\u0000' });
      expect(res.body).to.deep.equal({ errors: [{ message, locations: [{ line: 1, column: 27 }], path: ['login'], extensions: { error, code: 'BAD_USER_INPUT' } }], data: null });
      const forgot = await ctx.app.post('/api/auth/forgot-password', { email: 'a\u0000@example.com' });
      expect(forgot.status).to.equal(400);
      expect(forgot.body.error.message).to.equal('email must not contain the NUL character');
    });
  },
  { config: { plugins: authPlugins() } },
);
