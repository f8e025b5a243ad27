/**
 * The upload routes as an auth plugin sees them, on every database: each route's handler is an
 * action string (`plugin::upload.content-api.upload`...), so a route-scope check in the
 * kernel's `authenticate` step (what users-permissions does; a stand-in here) allows or denies
 * it before its body is read. Linking new files to an entry also needs the content-API
 * `update` permission on that content-type.
 */
import { expect } from 'chai';
import { definePlugin, ForbiddenError, type RouteDefinition } from '@platform/core';
import { describeUploads, form, listFiles, png, send, upload } from './helpers';

const ROLE = 'x-test-role';
const ROLES: Record<string, string[]> = {
  reader: ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne'],
  uploader: ['plugin::upload.content-api.upload', 'plugin::upload.content-api.find'],
  editor: ['plugin::upload.content-api.upload', 'api::article.article.update'],
};

/** Route scope as users-permissions checks it: the route's action string against the role's ability. */
const routeScope = definePlugin({
  name: 'route-scope',
  requires: ['query-engine'],
  register(ctx) {
    ctx.hooks.authenticate.tapPromise('route-scope', async (koa, route: RouteDefinition) => {
      const permissions = ROLES[koa.get(ROLE)] ?? [];
      const ability = { can: (action: string) => permissions.includes(action) };
      koa.state.auth = { strategy: 'route-scope', credentials: null, ability };
      if (typeof route.handler === 'string' && !ability.can(route.handler)) throw new ForbiddenError('Forbidden', {});
    });
    ctx.service('plugin::query-engine.content-api').hooks.access.tap('route-scope', ({ context, rules }) => {
      rules.push({ can: (permission) => (context.auth?.ability?.can(permission) === false ? false : undefined) });
    });
  },
});

const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

describeUploads(
  'upload: route permissions',
  (ctx) => {
    const as = (role: string) => ({ [ROLE]: role });
    const post = (role: string, fields: Record<string, string> = {}) => {
      const body = new FormData();
      body.append('files', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      return send(ctx.app, 'POST', '/api/upload', body, as(role));
    };

    it('each route needs its own action', async () => {
      const denied = await post('reader');
      expect({ status: denied.status, body: denied.body }).to.deep.equal({ status: 403, body: forbidden });
      expect(listFiles(ctx.dir.uploads)).to.deep.equal([]);
      const stored = await post('uploader');
      expect(stored.status).to.equal(200);
      const id = stored.body[0].id;
      expect((await send(ctx.app, 'GET', '/api/upload/files', undefined, as('uploader'))).status).to.equal(200);
      expect((await send(ctx.app, 'GET', `/api/upload/files/${id}`, undefined, as('uploader'))).status).to.equal(403);
      expect((await send(ctx.app, 'GET', `/api/upload/files/${id}`, undefined, as('reader'))).status).to.equal(200);
      const del = await send(ctx.app, 'DELETE', `/api/upload/files/${id}`, undefined, as('reader'));
      expect({ status: del.status, body: del.body }).to.deep.equal({ status: 403, body: forbidden });
      expect((await send(ctx.app, 'GET', '/api/upload/files', undefined, as('nobody'))).status).to.equal(403);
    });

    it('linking to an entry needs update on its content-type', async () => {
      const [article] = await ctx.app.knex('articles').insert({ title: 'linked', locale: 'en', created_at: new Date(), updated_at: new Date(), published_at: new Date() }, ['id']);
      const refId = String(typeof article === 'object' ? article.id : article);
      const before = (await ctx.app.knex('files').select('id')).length;
      const link = { ref: 'api::article.article', refId, field: 'cover' };
      const denied = await post('uploader', link);
      expect({ status: denied.status, body: denied.body }).to.deep.equal({ status: 403, body: forbidden });
      expect((await ctx.app.knex('files').select('id')).length).to.equal(before);
      // the editor may link, and the type rule still applies: a text file is no image
      const refused = await post('editor', link);
      expect(refused.status).to.equal(400);
      expect(refused.body.error.message).to.equal('A file of type text/plain is not allowed in "cover", which accepts: images');
      const linked = await upload(ctx.app, [{ name: 'cover.png', type: 'image/png', data: await png(20, 20) }], link, '');
      expect(linked.status).to.equal(403);
      const body = form([{ name: 'cover.png', type: 'image/png', data: await png(20, 20) }], link);
      const allowed = await send(ctx.app, 'POST', '/api/upload', body, as('editor'));
      expect(allowed.status).to.equal(200);
      const morphs = await ctx.app
        .knex('files_related_morphs')
        .where({ related_type: 'api::article.article', related_id: Number(refId) })
        .select('file_id', 'field');
      expect(morphs.map((m) => [Number(m.file_id), m.field])).to.deep.equal([[allowed.body[0].id, 'cover']]);
    });
  },
  { plugins: [routeScope] },
);
