/**
 * The documentation plugin's extension points, used as another plugin would: a plugin's routes
 * appear without the documentation plugin naming them, its description is merged over the
 * generated operation, its schemas are added; with a plugin that checks callers, the
 * `publicAccess` hook decides what `?public=true` (and `platform openapi --public`) shows, and
 * the security of each operation says whether credentials are needed. SQLite only: the
 * database plays no part.
 */
import { expect } from 'chai';
import { validate, compileErrors } from '@readme/openapi-parser';
import { definePlugin, UnauthorizedError, type RequestContext } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import type { Json } from '../helpers/json';

/** A plugin that lets in only callers with `Authorization: Bearer letmein`, and tells the document what the public may call. */
const gatekeeper = definePlugin({
  name: 'gatekeeper',
  optional: ['documentation'],
  routes: [
    { method: 'GET', path: '/whoami', handler: (ctx: RequestContext) => ({ me: ctx.state.user ?? null }) },
    { method: 'POST', path: '/ping/:word', handler: (ctx: RequestContext) => ({ pong: ctx.params.word }), config: { auth: false } },
  ],
  register(ctx) {
    ctx.hooks.authenticate.tapPromise('gatekeeper', async (koa) => {
      if (koa.get('authorization') !== 'Bearer letmein') throw new UnauthorizedError('Missing or invalid credentials');
      koa.state.user = 'friend';
    });
    if (!ctx.isEnabled('documentation')) return;
    const documentation = ctx.service('plugin::documentation.openapi');
    documentation.addSecurityScheme('bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    documentation.addSchemas({ GatekeeperMe: { type: 'object', required: ['me'], properties: { me: { type: ['string', 'null'] } } } });
    documentation.describeRoute(
      { method: 'GET', path: '/api/gatekeeper/whoami' },
      {
        summary: 'Who the caller is',
        responses: { '200': { description: 'The caller', content: { 'application/json': { schema: { $ref: '#/components/schemas/GatekeeperMe' } } } } },
      },
    );
    // The public may read articles, and nothing else that needs credentials.
    documentation.hooks.publicAccess.tap('gatekeeper', ({ actions }) => actions.length > 0 && actions.every((action) => /^api::article\.article\.find(One)?$/.test(action)));
  },
});

const ops = (document: Json) =>
  Object.entries(document.paths as Record<string, Json>)
    .flatMap(([path, item]) => Object.keys(item).map((verb) => `${verb.toUpperCase()} ${path}`))
    .sort();

describe("the documentation plugin's extension points", function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startApp({ plugins: [gatekeeper] });
  });
  after(async () => {
    await app?.close();
  });

  it("describes another plugin's routes (generated, then merged with its description) and validates", async () => {
    const document = (await app.get('/api/openapi.json')).body;
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, compileErrors(result)).to.equal(true);
    expect(document.paths['/api/gatekeeper/whoami'].get).to.deep.equal({
      summary: 'Who the caller is',
      parameters: [],
      responses: {
        '200': { description: 'The caller', content: { 'application/json': { schema: { $ref: '#/components/schemas/GatekeeperMe' } } } },
        '400': { $ref: '#/components/responses/BadRequest' },
        '404': { $ref: '#/components/responses/NotFound' },
        '500': { $ref: '#/components/responses/InternalServerError' },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '403': { $ref: '#/components/responses/Forbidden' },
      },
      tags: ['gatekeeper'],
      security: [{ bearerAuth: [] }],
      operationId: 'getApiGatekeeperWhoami',
    });
    expect(document.components.schemas.GatekeeperMe).to.deep.equal({ type: 'object', required: ['me'], properties: { me: { type: ['string', 'null'] } } });
    // Undescribed: its path parameter, a JSON body for a write, no credentials.
    const ping = document.paths['/api/gatekeeper/ping/{word}'].post;
    expect(ping.parameters).to.deep.equal([{ name: 'word', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(ping.requestBody).to.deep.equal({ content: { 'application/json': { schema: { type: 'object' } } } });
    expect(ping.security).to.deep.equal([]);
    // The plugin says the public may list articles: no credentials needed there, and they are needed to write.
    expect(document.paths['/api/articles'].get.security).to.deep.equal([{ bearerAuth: [] }, {}]);
    expect(document.paths['/api/articles'].post.security).to.deep.equal([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).to.deep.equal({ bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
  });

  it('?public=true keeps only what the public may call: routes without auth, and what the hook allows', async () => {
    const document = (await app.get('/api/openapi.json?public=true')).body;
    expect(ops(document)).to.deep.equal([
      'GET /api/articles',
      'GET /api/articles/{id}',
      'GET /api/openapi.json',
      'GET /documentation',
      'GET /documentation/{file}',
      'GET /graphql/console/{file}',
      'GET /uploads/{name}',
      'POST /api/gatekeeper/ping/{word}',
    ]);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, compileErrors(result)).to.equal(true);
  });

  it('the routes answer as the document says', async () => {
    expect((await app.get('/api/gatekeeper/whoami')).status).to.equal(401);
    expect((await app.get('/api/gatekeeper/whoami', { authorization: 'Bearer letmein' })).body).to.deep.equal({ me: 'friend' });
    expect((await app.post('/api/gatekeeper/ping/hi')).body).to.deep.equal({ pong: 'hi' });
  });
});
