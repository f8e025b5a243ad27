/**
 * A feature adds a client parameter by declaring it to the query engine's content API, with
 * what GraphQL and the API's document need as data, and imports neither transport: the
 * parameter is taken by REST's query string, is an argument of the generated GraphQL queries
 * (an enum here), and is described in the OpenAPI document, each on the content-types the
 * declaration applies to. SQLite only: the database plays no part.
 */
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import type { Json } from '../helpers/json';
import { gql } from '../graphql/helpers';

const ARTICLE = 'api::article.article';

/** What the feature was handed, per operation: the model and the value of `region`. */
const seen: Array<[string, unknown]> = [];

const regions = definePlugin({
  name: 'regions',
  requires: ['query-engine'],
  register(ctx) {
    ctx.service('plugin::query-engine.content-api').params.declare({
      name: 'region',
      owner: 'regions',
      kinds: ['string'],
      appliesTo: (model) => model.uid === ARTICLE,
      openapi: { description: 'The region of the readers', schema: { type: 'string', enum: ['eu', 'us'] } },
      graphql: { type: 'Region', enum: { name: 'Region', values: { EU: 'eu', US: 'us' } }, defaultValue: 'eu' },
    });
    ctx.service('plugin::query-engine.hooks').validateParams.tap('regions', ({ model, params }) => {
      if (params.region !== undefined) seen.push([model.uid, params.region]);
    });
  },
});

describe('a parameter declared once, in REST, GraphQL and the API document', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startApp({ plugins: [regions] });
  });
  after(async () => {
    await app?.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('REST takes it from the query string, and answers 400 for a value of the wrong shape', async () => {
    const ok = await app.get('/api/articles?region=us');
    expect(ok.status).to.equal(200);
    expect(seen).to.deep.equal([[ARTICLE, 'us']]);
    const bad = await app.get('/api/articles?region[a]=1');
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter region', details: {} } });
  });

  it('GraphQL has it as an enum argument of the article queries only, with its default', async () => {
    const sent = await gql(app, '{ articles(region: US) { data { id } } }');
    expect(sent.status).to.equal(200);
    expect(sent.body.errors).to.equal(undefined);
    expect(seen).to.deep.equal([[ARTICLE, 'us']]);
    seen.length = 0;
    const defaulted = await gql(app, '{ articles { data { id } } }');
    expect(defaulted.body.errors).to.equal(undefined);
    expect(seen).to.deep.equal([[ARTICLE, 'eu']]);
    const other = await gql(app, '{ categories(region: US) { data { id } } }');
    expect(other.status).to.equal(400);
    expect((other.body.errors as Array<{ message: string }>)[0]?.message).to.equal('Unknown argument "region" on field "Query.categories".');
  });

  it('the OpenAPI document describes it on the article routes only', async () => {
    const document = (await app.get('/api/openapi.json')).body as Json;
    const parameters = (path: string) => ((document.paths as Json)[path] as Json).get as Json;
    const region = ((parameters('/api/articles').parameters as Json[]) ?? []).find((parameter) => parameter.name === 'region');
    expect(region).to.deep.equal({ name: 'region', in: 'query', description: 'The region of the readers', schema: { type: 'string', enum: ['eu', 'us'] } });
    expect(((parameters('/api/categories').parameters as Json[]) ?? []).map((parameter) => parameter.name)).to.not.include('region');
  });
});
