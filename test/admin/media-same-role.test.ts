/**
 * Strapi's `admin::has-same-role-as-creator` on the media permissions: an administrator of a role
 * whose `plugin::upload.read` and `plugin::upload.assets.update` carry that condition sees, and
 * renames, moves, describes and deletes, the files and folders of any administrator sharing the
 * role (and uploads into its folders), through upload's admin routes and the Content API routes
 * the panel calls alike; those of an administrator of another role are hidden from its lists and
 * a 403 to open or touch, and stay as they were.
 */
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { form, png, send, uploadApp } from '../upload/helpers';
import { adminInRole, bearer, createRole, registerSuperAdmin, startAdminApp } from './helpers';

const SAME_ROLE = 'admin::has-same-role-as-creator';
const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

type Row = Record<string, unknown> & { id: number };

for (const client of testClients()) {
  describe(`media library under admin::has-same-role-as-creator (${client})`, () => {
    let app: TestApp;
    let root: string;
    const tokens: Record<'ana' | 'ben' | 'cy', string> = { ana: '', ben: '', cy: '' };
    const folders: Record<string, Row> = {};
    const files: Record<string, Row> = {};
    const appDir = uploadApp();

    const teamRole = (name: string) => {
      const permissions = [
        { action: 'plugin::upload.read', subject: null, properties: {}, conditions: [SAME_ROLE] },
        { action: 'plugin::upload.assets.create', subject: null, properties: {}, conditions: [] },
        { action: 'plugin::upload.assets.update', subject: null, properties: {}, conditions: [SAME_ROLE] },
      ];
      return createRole(app, root, name, permissions);
    };
    const folder = async (token: string, name: string) => {
      const res = await app.post('/upload/folders', { name, parent: null }, bearer(token));
      expect(res.status, res.text).to.equal(201);
      folders[name] = res.body.data;
      return res.body.data as Row;
    };
    const uploadTo = async (token: string, name: string, into?: Row) => {
      const res = await send(app, 'POST', '/upload', form([{ name, type: 'image/png', data: await png(4, 4) }], into ? { folder: String(into.id) } : {}), bearer(token));
      expect(res.status, res.text).to.equal(201);
      files[name] = (res.body as Row[])[0] as Row;
    };
    const describeFile = (token: string, id: number, info: Record<string, unknown>) => {
      const body = new FormData();
      body.append('fileInfo', JSON.stringify(info));
      return send(app, 'POST', `/api/upload?id=${id}`, body, bearer(token));
    };
    const location = (row: Row) => ({ id: row.id, name: row.name, pathId: row.pathId, path: row.path, parent: null });
    const folderRows = async () => app.knex('upload_folders').orderBy('id').select('id', 'name', 'path', 'created_by_id', 'updated_by_id');
    const fileRows = async () => app.knex('files').orderBy('id').select('id', 'name', 'alternative_text', 'folder_path', 'created_by_id');
    const folderLinks = async () => (await app.knex('files_folder_links').orderBy('file_id').select('file_id', 'folder_id')).map((row) => [Number(row.file_id), Number(row.folder_id)]);

    before(async () => {
      app = await startAdminApp(client, { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
      root = await registerSuperAdmin(app);
      const team = await teamRole('Media team');
      const other = await teamRole('Other team');
      tokens.ana = (await adminInRole(app, root, team, 'ana@example.com')).token;
      tokens.ben = (await adminInRole(app, root, team, 'ben@example.com')).token;
      tokens.cy = (await adminInRole(app, root, other, 'cy@example.com')).token;
      await uploadTo(tokens.ana, 'ana.png', await folder(tokens.ana, 'Ana'));
      await uploadTo(tokens.ana, 'ana-loose.png');
      await uploadTo(tokens.cy, 'cy.png', await folder(tokens.cy, 'Cy'));
      await uploadTo(tokens.cy, 'cy-loose.png');
    });
    after(async () => {
      await app?.close();
      appDir.remove();
    });

    it('shows an administrator the files and folders of those sharing its role, not the others', async () => {
      const ben = bearer(tokens.ben);
      const { Ana: ana, Cy: cy } = folders as Record<string, Row>;
      expect((await app.get('/upload/folders', ben)).body).to.deep.equal({ data: [{ ...ana, children: { count: 0 }, files: { count: 1 } }] });
      expect((await app.get('/upload/folder-structure', ben)).body).to.deep.equal({ data: [{ id: ana?.id, name: 'Ana', children: [] }] });
      expect((await app.get(`/upload/folders/${ana?.id}`, ben)).body).to.deep.equal({ data: { ...ana, parent: null } });
      const page = (results: unknown[]) => ({ results, pagination: { page: 1, pageSize: 25, pageCount: results.length === 0 ? 0 : 1, total: results.length } });
      expect((await app.get(`/upload/files?folder=${ana?.id}`, ben)).body).to.deep.equal(page([{ ...files['ana.png'], folder: location(ana as Row) }]));
      expect((await app.get('/upload/files', ben)).body).to.deep.equal(page([{ ...files['ana-loose.png'], folder: null }]));
      expect((await app.get('/upload/files?_q=png&sort=name:asc', ben)).body).to.deep.equal(
        page([
          { ...files['ana-loose.png'], folder: null },
          { ...files['ana.png'], folder: location(ana as Row) },
        ]),
      );
      expect((await app.get(`/api/upload/files/${files['ana.png']?.id}`, ben)).body).to.deep.equal(files['ana.png']);
      // and the other role's administrator sees its own only
      expect((await app.get('/upload/folders', bearer(tokens.cy))).body).to.deep.equal({ data: [{ ...cy, children: { count: 0 }, files: { count: 1 } }] });
      expect((await app.get('/upload/files?_q=png&sort=name:asc', bearer(tokens.cy))).body).to.deep.equal(
        page([
          { ...files['cy-loose.png'], folder: null },
          { ...files['cy.png'], folder: location(cy as Row) },
        ]),
      );
    });

    it("refuses the other role's files and folders with a 403 and leaves them as they were", async () => {
      const ben = bearer(tokens.ben);
      const { Ana: ana, Cy: cy } = folders as Record<string, Row>;
      const theirs = files['cy.png']?.id as number;
      const [foldersBefore, filesBefore, linksBefore] = [await folderRows(), await fileRows(), await folderLinks()];
      for (const [label, res] of [
        ['open its folder', app.get(`/upload/folders/${cy?.id}`, ben)],
        ['list in its folder', app.get(`/upload/folders?parent=${cy?.id}`, ben)],
        ['its folder files', app.get(`/upload/files?folder=${cy?.id}`, ben)],
        ['search in its folder', app.get(`/upload/files?folder=${cy?.id}&_q=png`, ben)],
        ['create in its folder', app.post('/upload/folders', { name: 'Nested', parent: cy?.id }, ben)],
        ['upload into its folder', send(app, 'POST', '/upload', form([{ name: 'into.png', type: 'image/png', data: Buffer.from('x') }], { folder: String(cy?.id) }), ben)],
        ['rename its folder', app.put(`/upload/folders/${cy?.id}`, { name: 'Taken' }, ben)],
        ['move its folder', app.post('/upload/actions/bulk-move', { folderIds: [cy?.id], destinationFolderId: ana?.id }, ben)],
        ['move into its folder', app.post('/upload/actions/bulk-move', { fileIds: [files['ana.png']?.id], destinationFolderId: cy?.id }, ben)],
        ['move its file', app.post('/upload/actions/bulk-move', { fileIds: [theirs], destinationFolderId: null }, ben)],
        ['delete its folder', app.post('/upload/actions/bulk-delete', { folderIds: [cy?.id] }, ben)],
        ['delete its file', app.post('/upload/actions/bulk-delete', { fileIds: [theirs] }, ben)],
        ['read its file (Content API route)', app.get(`/api/upload/files/${theirs}`, ben)],
        ['describe its file (Content API route)', describeFile(tokens.ben, theirs, { alternativeText: 'mine now' })],
        ['delete its file (Content API route)', app.del(`/api/upload/files/${theirs}`, ben)],
        ['list every file (Content API route)', app.get('/api/upload/files', ben)],
      ] as const) {
        const { status, body } = await res;
        expect([status, body], label).to.deep.equal([403, FORBIDDEN]);
      }
      expect(await folderRows()).to.deep.equal(foldersBefore);
      expect(await fileRows()).to.deep.equal(filesBefore);
      expect(await folderLinks()).to.deep.equal(linksBefore);
    });

    it('lets an administrator rename, move, describe and delete what another of its role made', async () => {
      const ben = bearer(tokens.ben);
      const ana = folders.Ana as Row;
      const renamed = await app.put(`/upload/folders/${ana.id}`, { name: 'Team' }, ben);
      expect(renamed.status, renamed.text).to.equal(200);
      expect(renamed.body.data).to.deep.equal({ ...ana, name: 'Team', updatedAt: renamed.body.data.updatedAt });
      const loose = files['ana-loose.png']?.id as number;
      const moved = await app.post('/upload/actions/bulk-move', { fileIds: [loose], destinationFolderId: ana.id }, ben);
      expect(moved.status, moved.text).to.equal(200);
      expect(moved.body.data).to.deep.equal({ files: [files['ana-loose.png']], folders: [] });
      const described = await describeFile(tokens.ben, loose, { alternativeText: 'the team logo' });
      expect(described.status, described.text).to.equal(200);
      expect(described.body).to.deep.equal({ ...files['ana-loose.png'], alternativeText: 'the team logo', updatedAt: (described.body as Row).updatedAt });
      const benId = Number((await app.knex('admin_users').where('email', 'ben@example.com').first('id')).id);
      const anaId = Number((await app.knex('admin_users').where('email', 'ana@example.com').first('id')).id);
      expect((await folderRows()).filter((row) => row.id === ana.id)).to.deep.equal([{ id: ana.id, name: 'Team', path: ana.path, created_by_id: anaId, updated_by_id: benId }]);
      expect((await fileRows()).filter((row) => row.id === loose)).to.deep.equal([
        { id: loose, name: 'ana-loose.png', alternative_text: 'the team logo', folder_path: ana.path, created_by_id: anaId },
      ]);

      // and uploads into its folder
      await uploadTo(tokens.ben, 'ben.png', ana);
      expect(await app.knex('files').where('id', files['ben.png']?.id).first('folder_path')).to.deep.equal({ folder_path: ana.path });

      const deletedFile = await app.del(`/api/upload/files/${files['ana.png']?.id}`, ben);
      expect(deletedFile.status, deletedFile.text).to.equal(200);
      const deleted = await app.post('/upload/actions/bulk-delete', { folderIds: [ana.id] }, ben);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(deleted.body.data.folders.map((row: Row) => row.id)).to.deep.equal([ana.id]);
      // what is left is the other role's
      expect((await folderRows()).map((row) => row.name)).to.deep.equal(['Cy']);
      expect((await fileRows()).map((row) => row.name)).to.deep.equal(['cy.png', 'cy-loose.png']);
    });
  });
}
