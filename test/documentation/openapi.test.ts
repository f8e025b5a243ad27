/**
 * The OpenAPI document at GET /api/openapi.json (issue 17, item 1): it validates with a
 * standard validator, describes every route the server mounts and nothing else, and says
 * what the content API takes and answers (the `qs` parameters as deepObject, request bodies per
 * content-type, envelopes, error names, security schemes). The document does not depend on the
 * database: SQLite only.
 */
import { expect } from 'chai';
import { validate, compileErrors } from '@readme/openapi-parser';
import { startApp, type TestApp } from '../helpers/app';
import type { Json } from '../helpers/json';

const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** `METHOD /path/{param}` of every operation of a document. */
function operationsOf(document: Json): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const verb of VERBS) if (item[verb]) out.push(`${verb.toUpperCase()} ${path}`);
  }
  return out.sort();
}

/** The same for the server's mounted routes, as the router writes them, converted to OpenAPI's path form. */
function mountedOf(app: TestApp): string[] {
  const out = new Set<string>();
  for (const { route, path } of app.platform.routes()) {
    // the admin panel's own API is no part of the Content API's document
    if (route.info?.type === 'admin') continue;
    const openApiPath = path.replace(/:([A-Za-z_$][\w$]*)/g, '{$1}');
    const methods = route.method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [route.method];
    for (const method of methods) out.add(`${method} ${openApiPath}`);
  }
  return [...out].sort();
}

describe('GET /api/openapi.json on the example app', function () {
  this.timeout(60000);
  let app: TestApp;
  let document: Json;
  before(async () => {
    app = await startApp();
    const res = await app.get('/api/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    document = res.body;
  });
  after(async () => {
    await app?.close();
  });

  it('is an OpenAPI 3.1 document that the validator accepts', async () => {
    expect(document.openapi).to.equal('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, compileErrors(result)).to.equal(true);
    expect(result.warnings).to.deep.equal([]);
  });

  it('has one operation per route the server mounts, and no other', () => {
    expect(operationsOf(document)).to.deep.equal(mountedOf(app));
    expect(operationsOf(document)).to.include.members([
      'GET /api/articles',
      'POST /api/articles',
      'GET /api/articles/{id}',
      'PUT /api/articles/{id}',
      'DELETE /api/articles/{id}',
      'GET /api/global',
      'PUT /api/global',
      'DELETE /api/global',
      'GET /api/i18n/locales',
      'POST /api/articles/{id}/localizations',
      'GET /api/content-type-builder/content-types',
      'GET /api/openapi.json',
      'GET /documentation',
      'POST /api/upload',
      'GET /api/upload/files',
      'GET /api/upload/files/{id}',
      'DELETE /api/upload/files/{id}',
      'GET /uploads/{name}',
    ]);
  });

  it('lists with the qs parameters as deepObject, and answers the list envelope', () => {
    const find = document.paths['/api/articles'].get;
    const byName = Object.fromEntries(find.parameters.map((p: Json) => [p.name, p]));
    for (const name of ['filters', 'populate', 'fields', 'sort', 'pagination']) {
      expect(byName[name], name).to.include({ in: 'query', style: 'deepObject', explode: true });
    }
    expect(byName.filters.schema).to.deep.equal({ $ref: '#/components/schemas/ArticleFilters' });
    expect(byName.locale).to.deep.include({ in: 'query', schema: { type: 'string' } });
    expect(byName.publicationState).to.deep.include({ in: 'query', schema: { type: 'string', enum: ['live', 'preview'] } });
    expect(byName.fields.schema.oneOf[1].items.enum).to.include.members(['id', 'title', 'slug', 'createdAt', 'publishedAt', 'locale', '*']);
    expect(find.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/ArticleListResponse' });
    expect(find.responses['400']).to.deep.equal({ $ref: '#/components/responses/BadRequest' });
    const list = document.components.schemas.ArticleListResponse;
    expect(list.properties.data).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/ArticleEntry' } });
    expect(list.properties.meta.properties.pagination).to.deep.equal({ $ref: '#/components/schemas/Pagination' });
    expect(document.components.schemas.ArticleEntry.properties).to.deep.equal({
      id: { type: 'integer' },
      attributes: { $ref: '#/components/schemas/Article' },
      meta: { type: 'object' },
    });
    // A single type's find answers one entry; a read by id takes no list parameters.
    expect(document.paths['/api/global'].get.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/GlobalResponse' });
    const findOne = document.paths['/api/articles/{id}'].get.parameters.map((p: Json) => p.name);
    expect(findOne).to.include.members(['id', 'fields', 'populate']);
    expect(findOne).to.not.include.members(['filters', 'sort', 'pagination']);
  });

  it('takes a request body per content-type: relations as ids or connect/disconnect/set, components, dynamic zones as oneOf with __component', () => {
    const create = document.paths['/api/articles'].post;
    expect(create.requestBody).to.deep.equal({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ArticleRequest' } } } });
    const input = document.components.schemas.ArticleInput;
    expect(input.properties).to.not.have.any.keys('id', 'createdAt', 'updatedAt');
    expect(input.properties.title).to.deep.equal({ type: 'string', maxLength: 200 });
    expect(input.properties.status).to.deep.equal({ type: ['string', 'null'], enum: ['draft', 'review', 'done', null] });
    expect(input.properties.category).to.deep.equal({ $ref: '#/components/schemas/RelationInput' });
    expect(input.properties.tags).to.deep.equal({ $ref: '#/components/schemas/RelationInput' });
    expect(input.properties.cover).to.deep.equal({ type: ['integer', 'null'] });
    expect(input.properties.seo).to.deep.equal({ oneOf: [{ $ref: '#/components/schemas/SharedSeoComponentInput' }, { type: 'null' }] });
    expect(input.properties.blocks).to.deep.equal({
      type: 'array',
      items: {
        oneOf: [{ $ref: '#/components/schemas/SharedQuoteComponentZoneItemInput' }, { $ref: '#/components/schemas/SharedRichTextComponentZoneItemInput' }],
        discriminator: {
          propertyName: '__component',
          mapping: { 'shared.quote': '#/components/schemas/SharedQuoteComponentZoneItemInput', 'shared.rich-text': '#/components/schemas/SharedRichTextComponentZoneItemInput' },
        },
      },
    });
    expect(document.components.schemas.SharedQuoteComponentZoneItem.allOf[1]).to.deep.equal({
      type: 'object',
      required: ['__component'],
      properties: { __component: { type: 'string', const: 'shared.quote' } },
    });
    const relation = document.components.schemas.RelationInput.oneOf;
    expect(relation.map((option: Json) => option.type)).to.deep.equal(['integer', 'null', 'array', 'object', 'object']);
    expect(Object.keys(relation[3].properties)).to.deep.equal(['connect', 'disconnect']);
    expect(Object.keys(relation[4].properties)).to.deep.equal(['set']);
    // answers: populated relations and media as { data }, components with their id
    const article = document.components.schemas.Article.properties;
    expect(article.category).to.deep.equal({
      type: 'object',
      description: 'present when populated',
      properties: { data: { oneOf: [{ $ref: '#/components/schemas/CategoryEntry' }, { type: 'null' }] } },
    });
    expect(article.tags.properties.data).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/TagEntry' } });
    expect(article.cover.properties.data).to.deep.equal({ oneOf: [{ $ref: '#/components/schemas/UploadFileEntry' }, { type: 'null' }] });
    expect(document.components.schemas.SharedSeoComponent.required).to.deep.equal(['id']);
  });

  it("describes the upload plugin's routes as that plugin told it: multipart body, flat file records", () => {
    const upload = document.paths['/api/upload'].post;
    expect(Object.keys(upload.requestBody.content)).to.deep.equal(['multipart/form-data']);
    expect(Object.keys(upload.requestBody.content['multipart/form-data'].schema.properties)).to.deep.equal(['files', 'fileInfo', 'ref', 'refId', 'field']);
    expect(upload.tags).to.deep.equal(['upload']);
    const record = { $ref: '#/components/schemas/UploadFileRecord' };
    expect(document.paths['/api/upload/files'].get.responses['200'].content['application/json'].schema).to.deep.equal({ type: 'array', items: record });
    expect(document.paths['/api/upload/files/{id}'].delete.responses['200'].content['application/json'].schema).to.deep.equal(record);
    expect(document.components.schemas.UploadFileRecord.allOf[1]).to.deep.equal({ $ref: '#/components/schemas/UploadFile' });
    expect(document.paths['/uploads/{name}'].get.security).to.deep.equal([]);
  });

  it('names the error envelope, its names, and the security schemes', () => {
    const error = document.components.schemas.Error;
    expect(error.properties.data).to.deep.equal({ type: 'null' });
    expect(error.properties.error.properties.name.enum).to.include.members(['ValidationError', 'NotFoundError', 'ForbiddenError', 'UnauthorizedError', 'PayloadTooLargeError', 'InternalServerError']);
    expect(document.components.responses.NotFound).to.deep.equal({
      description: 'NotFound: the error envelope (status 404)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    // The auth plugins are off here (test/helpers/app.ts): no credentials are taken anywhere.
    expect(document.components.securitySchemes).to.deep.equal({});
    expect(document.paths['/api/articles'].get.security).to.deep.equal([]);
  });

  it('answers ?public=true and refuses a bad value with the 400 envelope', async () => {
    const everything = await app.get('/api/openapi.json?public=true');
    expect(operationsOf(everything.body)).to.deep.equal(operationsOf(document));
    const bad = await app.get('/api/openapi.json?public=maybe');
    expect({ status: bad.status, body: bad.body }).to.deep.equal({
      status: 400,
      body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter public', details: {} } },
    });
  });

  it('serves the documentation page and its files from node_modules, with no inline script', async () => {
    const page = await app.get('/documentation');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, source = '']) => source);
    expect(sources).to.deep.equal([
      '/documentation/swagger-ui.css',
      '/documentation/favicon-32x32.png',
      '/documentation/swagger-ui-bundle.js',
      '/documentation/swagger-ui-standalone-preset.js',
      '/documentation/start.js',
    ]);
    expect(page.text).to.not.match(/<script>[^<]/);
    for (const source of sources) {
      const res = await app.get(source);
      expect({ source, status: res.status }).to.deep.equal({ source, status: 200 });
    }
    const start = await app.get('/documentation/start.js');
    expect(start.text).to.contain('url: "/api/openapi.json"');
    const bundle = await app.get('/documentation/swagger-ui-bundle.js');
    expect(bundle.headers.get('content-type')).to.equal('application/javascript; charset=utf-8');
    expect(bundle.text).to.contain('SwaggerUIBundle');
    for (const url of ['/documentation/package.json', '/documentation/..%2F..%2Fpackage.json', '/documentation/index.html']) {
      const res = await app.get(url);
      expect({ url, status: res.status, body: res.body }).to.deep.equal({ url, status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
    }
  });
});

describe('the documentation page in production', function () {
  this.timeout(60000);
  it('is not served when NODE_ENV is production; the document still is', async () => {
    const app = await startApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await app.get('/documentation')).status).to.equal(404);
      const res = await app.get('/api/openapi.json');
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.paths)).to.not.include('/documentation');
    } finally {
      await app.close();
    }
  });
});

describe('the document of the example app with its API tokens on', function () {
  this.timeout(60000);
  it('lists the API token among the credentials of every route that authenticates; the public may still call without', async () => {
    const app = await startApp({ config: { plugins: { 'api-tokens': {} } } });
    try {
      const document = (await app.get('/api/openapi.json')).body;
      expect(document.components.securitySchemes).to.deep.equal({
        apiToken: { type: 'http', scheme: 'bearer', description: 'An API token (`platform api-token create`): `Authorization: Bearer <token>`' },
      });
      expect(document.paths['/api/articles'].get.security).to.deep.equal([{ apiToken: [] }, {}]);
      expect(document.paths['/api/upload'].post.security).to.deep.equal([{ apiToken: [] }, {}]);
      expect(document.paths['/api/openapi.json'].get.security).to.deep.equal([]);
      const result = await validate(structuredClone(document) as never);
      expect(result.valid, compileErrors(result)).to.equal(true);
    } finally {
      await app.close();
    }
  });
});

describe('the document of the example app with users & permissions and API tokens on', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startApp({ env: { JWT_SECRET: 'documentation-test-secret', API_TOKEN_SALT: 'documentation-test-salt' }, config: { plugins: { 'users-permissions': {}, 'api-tokens': {} } } });
  });
  after(async () => {
    await app?.close();
  });

  it('validates, takes a JWT or an API token, and needs one where the public role may not call', async () => {
    const document = (await app.get('/api/openapi.json')).body;
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, compileErrors(result)).to.equal(true);
    expect(Object.keys(document.components.securitySchemes)).to.deep.equal(['apiToken', 'bearerAuth']);
    expect(document.paths['/api/articles'].get.security).to.deep.equal([{ apiToken: [] }, { bearerAuth: [] }, {}]);
    expect(document.paths['/api/articles'].post.security).to.deep.equal([{ apiToken: [] }, { bearerAuth: [] }]);
    expect(document.paths['/api/users/me'].get.security).to.deep.equal([{ apiToken: [] }, { bearerAuth: [] }]);
  });

  it('describes the login and the user routes as users & permissions told it', async () => {
    const document = (await app.get('/api/openapi.json')).body;
    const login = document.paths['/api/auth/local'].post;
    expect(login.requestBody.content['application/json'].schema).to.deep.equal({
      type: 'object',
      required: ['identifier', 'password'],
      properties: { identifier: { type: 'string' }, password: { type: 'string' } },
    });
    expect(login.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/UsersPermissionsAuthAnswer' });
    expect(document.paths['/api/users'].get.responses['200'].content['application/json'].schema).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/UsersPermissionsUserRecord' } });
    // the user schema never shows the password
    expect(document.components.schemas.UsersPermissionsUser.properties).to.include.keys('username', 'email', 'confirmed', 'blocked');
    expect(document.components.schemas.UsersPermissionsUser.properties).to.not.have.any.keys('password', 'resetPasswordToken', 'confirmationToken');
  });

  it('?public=true keeps what the public role may call, as the app grants it', async () => {
    const document = (await app.get('/api/openapi.json?public=true')).body;
    const operations = operationsOf(document);
    expect(operations).to.include.members(['GET /api/articles', 'GET /api/articles/{id}', 'GET /api/global', 'GET /api/tags', 'GET /api/openapi.json']);
    expect(operations).to.not.include.members(['POST /api/articles', 'PUT /api/articles/{id}', 'DELETE /api/articles/{id}', 'PUT /api/global', 'GET /api/users/me', 'POST /api/users']);
    // and the server agrees: what the document leaves out answers 403 to the public
    expect((await app.get('/api/articles')).status).to.equal(200);
    expect((await app.post('/api/articles', { data: { title: 'x' } })).status).to.equal(403);
    expect((await app.put('/api/global', { data: {} })).status).to.equal(403);
  });
});
