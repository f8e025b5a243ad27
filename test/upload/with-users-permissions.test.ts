/**
 * The upload routes behind the real users-permissions plugin, on every database: the public
 * role, a user's JWT and an API token each reach exactly the upload actions their role or token
 * type allows, and a refused upload stores nothing (no row, no file on disk).
 */
import { expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import { authPlugins, bearer, register } from '../users-permissions/helpers';
import { describeUploads, form, listFiles, png, send } from './helpers';
import { countRows } from '../helpers/count';

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

const PERMISSIONS = {
  public: ['plugin::upload.content-api.find'],
  authenticated: ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne', 'plugin::upload.content-api.upload'],
};

describeUploads(
  'upload behind users-permissions',
  (ctx) => {
    const image = async () => form([{ name: 'photo.png', type: 'image/png', data: await png(40, 30) }]);
    const fileRows = () => countRows(ctx.app.knex('files'));

    it('the public role lists files but may neither upload nor read one file', async () => {
      const denied = await send(ctx.app, 'POST', '/api/upload', await image());
      expect({ status: denied.status, body: denied.body }).to.deep.equal({ status: 403, body: FORBIDDEN });
      expect(await fileRows()).to.equal(0);
      expect(listFiles(ctx.dir.uploads)).to.deep.equal([]);
      const list = await send(ctx.app, 'GET', '/api/upload/files');
      expect({ status: list.status, body: list.body }).to.deep.equal({ status: 200, body: [] });
      expect((await send(ctx.app, 'GET', '/api/upload/files/1')).body).to.deep.equal(FORBIDDEN);
    });

    it('a user of the authenticated role uploads and reads, and may not delete', async () => {
      const { jwt } = await register(ctx.app);
      const stored = await send(ctx.app, 'POST', '/api/upload', await image(), bearer(jwt));
      expect(stored.status).to.equal(200);
      expect(stored.body).to.have.length(1);
      const [file] = stored.body;
      expect([file.name, file.mime, file.width, file.height]).to.deep.equal(['photo.png', 'image/png', 40, 30]);
      expect(listFiles(ctx.dir.uploads)).to.deep.equal([`${file.hash}.png`]);
      const one = await send(ctx.app, 'GET', `/api/upload/files/${file.id}`, undefined, bearer(jwt));
      expect({ status: one.status, id: one.body.id, url: one.body.url }).to.deep.equal({ status: 200, id: file.id, url: file.url });
      const removed = await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`, undefined, bearer(jwt));
      expect({ status: removed.status, body: removed.body }).to.deep.equal({ status: 403, body: FORBIDDEN });
      expect(await ctx.app.knex('files').where('id', file.id).first('name')).to.deep.equal({ name: 'photo.png' });
    });

    it('a read-only API token reads files and cannot upload; a full-access token deletes', async () => {
      const tokens = ctx.app.platform.plugin('api-tokens').service<ApiTokensService>('api-tokens');
      const reader = await tokens.create({ name: 'media-reader', type: 'read-only' });
      const before = await fileRows();
      const denied = await send(ctx.app, 'POST', '/api/upload', await image(), bearer(reader.accessKey));
      expect({ status: denied.status, body: denied.body }).to.deep.equal({ status: 403, body: FORBIDDEN });
      expect(await fileRows()).to.equal(before);
      const [first] = await ctx.app.knex('files').orderBy('id').select('id', 'hash', 'ext');
      expect((await send(ctx.app, 'GET', `/api/upload/files/${first.id}`, undefined, bearer(reader.accessKey))).status).to.equal(200);
      const full = await tokens.create({ name: 'media-admin', type: 'full-access' });
      const removed = await send(ctx.app, 'DELETE', `/api/upload/files/${first.id}`, undefined, bearer(full.accessKey));
      expect({ status: removed.status, id: removed.body.id }).to.deep.equal({ status: 200, id: first.id });
      expect(await ctx.app.knex('files').where('id', first.id).first()).to.equal(undefined);
      expect(listFiles(ctx.dir.uploads)).to.not.include(`${first.hash}${first.ext}`);
    });
  },
  { config: { plugins: { ...authPlugins({ permissions: PERMISSIONS }), 'api-tokens': { config: { salt: 'upload-tests-salt' } } } } },
);
