/**
 * The media library's folders over the admin API on each database, in Strapi v4's tables
 * (`upload_folders`, `upload_folders_parent_links`, `files_folder_links`, `files.folder_path`):
 * create (a name unique among its siblings), list with counts, breadcrumbs, rename, move files
 * and folders (never a folder into itself), upload into a folder, list a folder's files, delete a
 * folder with everything in it (stored files too), the whole tree (`/upload/folder-structure`);
 * bad input is a 400 envelope, an administrator without the media permissions a 403, and the
 * Content API's answers never show a folder. An Author sees and touches only the files and
 * folders it created (Strapi's `admin::is-creator`), in lists, counts, the tree and every write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { form, png, send, uploadApp } from '../upload/helpers';
import { adminWithRole, bearer, PASSWORD, registerSuperAdmin, startAdminApp } from './helpers';

interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}

interface FolderAnswer {
  id: number;
  name: string;
  pathId: number;
  path: string;
}

const pick = (folder: FolderAnswer) => ({ id: folder.id, name: folder.name, pathId: folder.pathId, path: folder.path });

for (const client of testClients()) {
  describe(`media library folders (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: string;
    let viewer: string;
    const appDir = uploadApp();
    const folderRows = async () =>
      (await app.knex('upload_folders').select('id', 'name', 'path_id', 'path').orderBy('id')).map((row) => ({ id: row.id, name: row.name, pathId: Number(row.path_id), path: row.path }));
    const parentLinks = async () => (await app.knex('upload_folders_parent_links').select('folder_id', 'inv_folder_id').orderBy('folder_id')).map((row) => [row.folder_id, row.inv_folder_id]);
    const fileLinks = async () => (await app.knex('files_folder_links').select('file_id', 'folder_id').orderBy('file_id')).map((row) => [row.file_id, row.folder_id]);
    const filePaths = async () => (await app.knex('files').select('id', 'folder_path').orderBy('id')).map((row) => [row.id, row.folder_path]);
    const uploadTo = async (token: string, name: string, folder?: number) =>
      send(app, 'POST', '/upload', form([{ name, type: 'image/png', data: await png(8, 8) }], folder === undefined ? {} : { folder: String(folder) }), bearer(token));

    before(async () => {
      app = await startAdminApp(client, { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
      root = await registerSuperAdmin(app);
      editor = (await adminWithRole(app, root, 'strapi-editor', 'editor@example.com')).token;
      // a role without any permission: no media library
      const role = await app.post('/admin/roles', { name: 'Reader' }, bearer(root));
      expect(role.status, role.text).to.equal(201);
      const user = await app.post('/admin/users', { email: 'reader@example.com', firstname: 'Reader', password: PASSWORD, roles: [role.body.data.id] }, bearer(root));
      expect(user.status, user.text).to.equal(201);
      viewer = (await app.post('/admin/login', { email: 'reader@example.com', password: PASSWORD })).body.data.token;
    });
    after(async () => {
      await app?.close();
      appDir.remove();
    });

    it('creates folders, unique by name among their siblings, and lists them with their counts', async () => {
      const photos = await app.post('/upload/folders', { name: ' Photos ', parent: null }, bearer(editor));
      expect(photos.status, photos.text).to.equal(201);
      expect(pick(photos.body.data)).to.deep.equal({ id: photos.body.data.id, name: 'Photos', pathId: 1, path: '/1' });
      const id = photos.body.data.id;
      const trips = await app.post('/upload/folders', { name: 'Trips', parent: id }, bearer(editor));
      expect(trips.status, trips.text).to.equal(201);
      expect(pick(trips.body.data)).to.deep.equal({ id: trips.body.data.id, name: 'Trips', pathId: 2, path: '/1/2' });
      // the same name elsewhere is fine, not beside itself
      expect((await app.post('/upload/folders', { name: 'Trips' }, bearer(editor))).status).to.equal(201);
      const taken = await app.post('/upload/folders', { name: 'Trips', parent: id }, bearer(editor));
      expect(taken.status).to.equal(400);
      expect(taken.body).to.deep.equal({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'A folder with this name already exists',
          details: { errors: [{ path: ['name'], message: 'A folder with this name already exists', name: 'ValidationError' }] },
        },
      });

      expect(await folderRows()).to.deep.equal([
        { id, name: 'Photos', pathId: 1, path: '/1' },
        { id: trips.body.data.id, name: 'Trips', pathId: 2, path: '/1/2' },
        { id: id + 2, name: 'Trips', pathId: 3, path: '/3' },
      ]);
      expect(await parentLinks()).to.deep.equal([[trips.body.data.id, id]]);
      const creator = await app.knex('upload_folders').where('id', id).first('created_by_id', 'updated_by_id');
      expect([creator.created_by_id, creator.updated_by_id]).to.deep.equal([2, 2]);

      const list = await app.get('/upload/folders', bearer(editor));
      expect(list.status).to.equal(200);
      expect(list.body.data.map((f: FolderAnswer & { children: unknown; files: unknown }) => [f.name, f.path, f.children, f.files])).to.deep.equal([
        ['Photos', '/1', { count: 1 }, { count: 0 }],
        ['Trips', '/3', { count: 0 }, { count: 0 }],
      ]);
      const inside = await app.get(`/upload/folders?parent=${id}`, bearer(editor));
      expect(inside.body.data.map((f: FolderAnswer) => f.path)).to.deep.equal(['/1/2']);
      const crumbs = await app.get(`/upload/folders/${trips.body.data.id}`, bearer(editor));
      expect(crumbs.status).to.equal(200);
      expect([crumbs.body.data.name, crumbs.body.data.parent.name, crumbs.body.data.parent.parent]).to.deep.equal(['Trips', 'Photos', null]);
    });

    it('uploads into a folder, lists a folder files, and keeps folders out of the Content API', async () => {
      const [photos] = await folderRows();
      const inFolder = await uploadTo(editor, 'beach.png', photos?.id);
      expect(inFolder.status, inFolder.text).to.equal(201);
      const atRoot = await uploadTo(editor, 'logo.png');
      expect(atRoot.status, atRoot.text).to.equal(201);
      const [beach, logo] = [(inFolder.body as Array<{ id: number }>)[0]?.id, (atRoot.body as Array<{ id: number }>)[0]?.id];
      expect(await filePaths()).to.deep.equal([
        [beach, '/1'],
        [logo, '/'],
      ]);
      expect(await fileLinks()).to.deep.equal([[beach, photos?.id]]);

      const listed = await app.get(`/upload/files?folder=${photos?.id}&sort=name:asc`, bearer(editor));
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.results.map((f: { name: string }) => f.name)).to.deep.equal(['beach.png']);
      expect(listed.body.pagination).to.deep.equal({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
      const rootFiles = await app.get('/upload/files', bearer(editor));
      expect(rootFiles.body.results.map((f: { name: string }) => f.name)).to.deep.equal(['logo.png']);
      expect((await app.get('/upload/folders', bearer(editor))).body.data[0].files).to.deep.equal({ count: 1 });

      // the Content API (an admin session through the bridge too) never shows a folder
      for (const file of (await app.get('/api/upload/files', bearer(editor))).body as Array<Record<string, unknown>>) {
        expect(file).to.not.have.any.keys('folder', 'folderPath');
      }
      expect((await app.get('/api/upload/files?filters[folderPath][$eq]=/1', bearer(editor))).status).to.equal(400);
      // nor are the admin routes' handlers actions a Content API role could be given
      const tree = (await app.get('/api/users-permissions/permissions', bearer(root))).body.permissions;
      expect(Object.keys(tree['plugin::upload'].controllers)).to.deep.equal(['content-api']);
      expect(tree).to.not.have.key('plugin::webhooks');
    });

    it('renames and moves folders and files, never a folder into itself', async () => {
      const [photos, trips, other] = await folderRows();
      const renamed = await app.put(`/upload/folders/${trips?.id}`, { name: 'Holidays' }, bearer(editor));
      expect(renamed.status, renamed.text).to.equal(200);
      expect(pick(renamed.body.data)).to.deep.equal({ id: trips?.id, name: 'Holidays', pathId: 2, path: '/1/2' });

      for (const destination of [photos?.id, trips?.id]) {
        const loop = await app.post('/upload/actions/bulk-move', { folderIds: [photos?.id], destinationFolderId: destination }, bearer(editor));
        expect(loop.status).to.equal(400);
        expect(loop.body.error.message).to.equal('A folder cannot be moved inside itself or one of its subfolders');
      }
      const [beach] = await filePaths();
      // Photos (with Holidays and beach.png) into the other root folder
      const moved = await app.post('/upload/actions/bulk-move', { folderIds: [photos?.id], destinationFolderId: other?.id }, bearer(editor));
      expect(moved.status, moved.text).to.equal(200);
      expect(moved.body.data.folders.map(pick)).to.deep.equal([{ id: photos?.id, name: 'Photos', pathId: 1, path: '/3/1' }]);
      expect(await folderRows()).to.deep.equal([
        { id: photos?.id, name: 'Photos', pathId: 1, path: '/3/1' },
        { id: trips?.id, name: 'Holidays', pathId: 2, path: '/3/1/2' },
        { id: other?.id, name: 'Trips', pathId: 3, path: '/3' },
      ]);
      expect(await parentLinks()).to.deep.equal([
        [photos?.id, other?.id],
        [trips?.id, photos?.id],
      ]);
      expect((await filePaths())[0]).to.deep.equal([beach?.[0], '/3/1']);

      // files: the root's logo into Holidays, then beach.png to the root
      const logo = (await filePaths())[1]?.[0];
      const files = await app.post('/upload/actions/bulk-move', { fileIds: [logo], destinationFolderId: trips?.id }, bearer(editor));
      expect(files.status, files.text).to.equal(200);
      expect(files.body.data.files.map((f: Record<string, unknown>) => [f.id, f.name, 'folderPath' in f])).to.deep.equal([[logo, 'logo.png', false]]);
      expect((await app.post('/upload/actions/bulk-move', { fileIds: [beach?.[0]], destinationFolderId: null }, bearer(editor))).status).to.equal(200);
      expect(await filePaths()).to.deep.equal([
        [beach?.[0], '/'],
        [logo, '/3/1/2'],
      ]);
      expect(await fileLinks()).to.deep.equal([[logo, trips?.id]]);
    });

    it('answers the whole folder tree, by name, as Strapi v4 does', async () => {
      const [photos, holidays, trips] = await folderRows();
      const extra = await app.post('/upload/folders', { name: 'Archive', parent: null }, bearer(editor));
      expect(extra.status, extra.text).to.equal(201);
      const lower = await app.post('/upload/folders', { name: 'album', parent: trips?.id }, bearer(editor));
      const tree = await app.get('/upload/folder-structure', bearer(editor));
      expect(tree.status, tree.text).to.equal(200);
      const leaf = (id: number | undefined, name: string, children: TreeNode[] = []): TreeNode => ({ id: id as number, name, children });
      // code unit order, as Strapi sorts it: capitals before small letters
      expect(tree.body).to.deep.equal({
        data: [leaf(extra.body.data.id, 'Archive'), leaf(trips?.id, 'Trips', [leaf(photos?.id, 'Photos', [leaf(holidays?.id, 'Holidays')]), leaf(lower.body.data.id, 'album')])],
      });
      expect((await app.post('/upload/actions/bulk-delete', { folderIds: [extra.body.data.id, lower.body.data.id] }, bearer(editor))).status).to.equal(200);
    });

    it('deletes a folder with its folders and files, stored files too', async () => {
      const [photos, trips, other] = await folderRows();
      const [beach, logo] = await filePaths();
      const stored = (await app.knex('files').where('id', logo?.[0]).first('hash', 'ext')) as { hash: string; ext: string };
      const onDisk = path.join(appDir.uploads, `${stored.hash}${stored.ext}`);
      expect(fs.existsSync(onDisk)).to.equal(true);

      const deleted = await app.post('/upload/actions/bulk-delete', { folderIds: [photos?.id] }, bearer(editor));
      expect(deleted.status, deleted.text).to.equal(200);
      expect({ files: deleted.body.data.files, folders: deleted.body.data.folders.map(pick) }).to.deep.equal({ files: [], folders: [{ id: photos?.id, name: 'Photos', pathId: 1, path: '/3/1' }] });
      expect(await folderRows()).to.deep.equal([{ id: other?.id, name: 'Trips', pathId: 3, path: '/3' }]);
      expect(await parentLinks()).to.deep.equal([]);
      expect(await fileLinks()).to.deep.equal([]);
      expect(await filePaths()).to.deep.equal([[beach?.[0], '/']]);
      expect(fs.existsSync(onDisk)).to.equal(false);
      expect(trips).to.not.equal(undefined);
    });

    it('answers bad input with 400 envelopes and unknown folders with 404', async () => {
      const bad = async (res: Promise<{ status: number; body: { error?: { status: number; name: string; message: string } } }>, message: string) => {
        const { status, body } = await res;
        expect([status, body.error?.name, body.error?.message]).to.deep.equal([400, 'ValidationError', message]);
      };
      await bad(app.post('/upload/folders', { name: '' }, bearer(editor)), 'name is a required field');
      await bad(app.post('/upload/folders', { name: 7 }, bearer(editor)), 'name is a required field');
      await bad(app.post('/upload/folders', { name: 'a/b' }, bearer(editor)), 'name cannot contain slashes');
      await bad(app.post('/upload/folders', { name: 'x'.repeat(256) }, bearer(editor)), 'name must be at most 255 characters');
      await bad(app.post('/upload/folders', { name: 'A', parent: 'x' }, bearer(editor)), 'parent must be a folder id or null');
      await bad(app.post('/upload/folders', '[1]', bearer(editor)), 'The request body must be an object');
      await bad(app.post('/upload/actions/bulk-move', { fileIds: 'x', destinationFolderId: null }, bearer(editor)), 'fileIds must be an array of at most 1000 ids');
      await bad(app.post('/upload/actions/bulk-move', { fileIds: [0], destinationFolderId: null }, bearer(editor)), 'fileIds must be an array of ids');
      await bad(app.post('/upload/actions/bulk-move', { fileIds: [] }, bearer(editor)), 'destinationFolderId is a required field');
      await bad(app.get('/upload/files?folder=abc', bearer(editor)), 'folder must be a folder id or null');
      const missing = await app.post('/upload/folders', { name: 'A', parent: 999 }, bearer(editor));
      expect(missing.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'folder.notFound', details: {} } });
      expect((await app.put('/upload/folders/999', { name: 'B' }, bearer(editor))).status).to.equal(404);
      expect((await app.post('/upload/actions/bulk-delete', { fileIds: [999] }, bearer(editor))).status).to.equal(404);
      // one folder of the list that is not there: a 404, and the one that is stays
      const kept = (await app.knex('upload_folders').first('id')) as { id: unknown };
      const partly = await app.post('/upload/actions/bulk-delete', { folderIds: [Number(kept.id), 999] }, bearer(editor));
      expect(partly.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'folder.notFound', details: {} } });
      expect((await app.knex('upload_folders').count({ n: '*' }).first())?.n).to.satisfy((n: unknown) => Number(n) === 1);
    });

    it('answers 403 to an administrator without the media permissions, 401 without a session', async () => {
      const [folder] = await folderRows();
      for (const [method, route, body] of [
        ['GET', '/upload/folders', undefined],
        ['GET', '/upload/folder-structure', undefined],
        ['GET', `/upload/folders/${folder?.id}`, undefined],
        ['GET', '/upload/files', undefined],
        ['POST', '/upload/folders', { name: 'Mine' }],
        ['PUT', `/upload/folders/${folder?.id}`, { name: 'Mine' }],
        ['POST', '/upload/actions/bulk-move', { folderIds: [], destinationFolderId: null }],
        ['POST', '/upload/actions/bulk-delete', { folderIds: [folder?.id] }],
      ] as const) {
        const call = (headers?: Record<string, string>) => (method === 'GET' ? app.get(route, headers) : method === 'PUT' ? app.put(route, body, headers) : app.post(route, body, headers));
        const forbidden = await call(bearer(viewer));
        expect([forbidden.status, forbidden.body], `${method} ${route}`).to.deep.equal([403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }]);
        expect((await call()).status, `${method} ${route}`).to.equal(401);
      }
      expect((await uploadTo(viewer, 'no.png')).status).to.equal(403);
      expect(await folderRows()).to.deep.equal([{ id: folder?.id, name: 'Trips', pathId: 3, path: '/3' }]);
      expect((await app.knex('files').count({ n: '*' }).first())?.n).to.satisfy((n: unknown) => Number(n) === 1);
    });

    it('folders created at the same moment each get a path id of their own', async () => {
      const before = await folderRows();
      const names = ['One', 'Two', 'Three', 'Four', 'Five'];
      const answers = await Promise.all(names.map((name) => app.post('/upload/folders', { name }, bearer(editor))));
      expect(answers.map((answer) => answer.status)).to.deep.equal([201, 201, 201, 201, 201]);
      const made = (await folderRows()).slice(before.length);
      expect(made.map((row) => row.name).sort()).to.deep.equal([...names].sort());
      const top = Math.max(...before.map((row) => row.pathId));
      expect(made.map((row) => row.pathId).sort((a, b) => a - b)).to.deep.equal([top + 1, top + 2, top + 3, top + 4, top + 5]);
      expect(made.every((row) => row.path === `/${row.pathId}`)).to.equal(true);
    });

    it('keeps an Author to the files and folders it created (admin::is-creator)', async () => {
      const author = await adminWithRole(app, root, 'strapi-author', 'author@example.com');
      const as = bearer(author.token);
      const created = async (token: string, name: string, parent: number | null) => {
        const res = await app.post('/upload/folders', { name, parent }, bearer(token));
        expect(res.status, res.text).to.equal(201);
        return res.body.data.id as number;
      };
      const fileId = async (token: string, name: string, folder?: number) => {
        const res = await uploadTo(token, name, folder);
        expect(res.status, res.text).to.equal(201);
        return (res.body as Array<{ id: number }>)[0]?.id as number;
      };
      const shared = await created(editor, 'Shared', null);
      const mine = await created(author.token, 'Mine', null);
      const sub = await created(author.token, 'Sub', mine);
      const own = await fileId(author.token, 'own.png', mine);
      const loose = await fileId(author.token, 'loose.png');
      // an Editor may put its own file into the Author's folder
      const theirs = await fileId(editor, 'theirs.png', mine);
      const creators = async (table: string, ids: number[]) => (await app.knex(table).whereIn('id', ids).orderBy('id').select('created_by_id')).map((row) => Number(row.created_by_id));
      expect(await creators('files', [own, loose, theirs])).to.deep.equal([author.id, author.id, 2]);
      expect(await creators('upload_folders', [shared, mine, sub])).to.deep.equal([2, author.id, author.id]);

      const names = (body: { data: Array<{ name: string }> }) => body.data.map((f) => f.name);
      const top = await app.get('/upload/folders', as);
      expect(top.status, top.text).to.equal(200);
      expect(top.body.data.map((f: { name: string; children: unknown; files: unknown }) => [f.name, f.children, f.files])).to.deep.equal([['Mine', { count: 1 }, { count: 1 }]]);
      expect((await app.get('/upload/folder-structure', as)).body).to.deep.equal({ data: [{ id: mine, name: 'Mine', children: [{ id: sub, name: 'Sub', children: [] }] }] });
      const files = async (query: string) => (await app.get(`/upload/files${query}`, as)).body.results.map((f: { name: string }) => f.name);
      expect(await files(`?folder=${mine}`)).to.deep.equal(['own.png']);
      expect(await files('')).to.deep.equal(['loose.png']);
      // the Editor still sees everything
      expect((await app.get(`/upload/files?folder=${mine}&sort=name:asc`, bearer(editor))).body.results.map((f: { name: string }) => f.name)).to.deep.equal(['own.png', 'theirs.png']);
      expect((await app.get('/upload/folder-structure', bearer(editor))).body.data.map((f: TreeNode) => f.name)).to.include.members(['Mine', 'Shared', 'Trips']);

      const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
      for (const [label, res] of [
        ['open', app.get(`/upload/folders/${shared}`, as)],
        ['list', app.get(`/upload/folders?parent=${shared}`, as)],
        ['files', app.get(`/upload/files?folder=${shared}`, as)],
        ['create in', app.post('/upload/folders', { name: 'Nested', parent: shared }, as)],
        ['upload into', uploadTo(author.token, 'into.png', shared)],
        ['rename', app.put(`/upload/folders/${shared}`, { name: 'Taken' }, as)],
        ['move its own into', app.post('/upload/actions/bulk-move', { folderIds: [sub], destinationFolderId: shared }, as)],
        ['move another', app.post('/upload/actions/bulk-move', { folderIds: [shared], destinationFolderId: mine }, as)],
        ['move a file of another', app.post('/upload/actions/bulk-move', { fileIds: [theirs], destinationFolderId: null }, as)],
        ['delete a folder holding a file of another', app.post('/upload/actions/bulk-delete', { folderIds: [mine] }, as)],
        ['delete a file of another', app.post('/upload/actions/bulk-delete', { fileIds: [theirs] }, as)],
        ['read a file of another (Content API route)', app.get(`/api/upload/files/${theirs}`, as)],
        ['delete a file of another (Content API route)', app.del(`/api/upload/files/${theirs}`, as)],
        ['list every file (Content API route)', app.get('/api/upload/files', as)],
      ] as const) {
        const { status, body } = await res;
        expect([status, body], label).to.deep.equal([403, forbidden]);
      }
      expect((await app.get(`/api/upload/files/${own}`, as)).status).to.equal(200);
      // nothing changed
      const mineRow = await app.knex('upload_folders').where('id', mine).first('path');
      expect(await app.knex('upload_folders').whereIn('id', [shared, mine, sub]).orderBy('id').pluck('name')).to.deep.equal(['Shared', 'Mine', 'Sub']);
      expect(await app.knex('files').whereIn('id', [own, loose, theirs]).orderBy('id').pluck('folder_path')).to.deep.equal([mineRow.path, '/', mineRow.path]);
      expect(await app.knex('upload_folders_parent_links').where('folder_id', sub).pluck('inv_folder_id')).to.deep.equal([mine]);

      // its own: moved and renamed; an Editor moving its folder into another's leaves it at its root
      expect((await app.post('/upload/actions/bulk-move', { fileIds: [own], destinationFolderId: sub }, as)).status).to.equal(200);
      expect((await app.put(`/upload/folders/${sub}`, { name: 'Drafts' }, as)).status).to.equal(200);
      expect((await app.post('/upload/actions/bulk-move', { folderIds: [sub], destinationFolderId: shared }, bearer(editor))).status).to.equal(200);
      expect(names((await app.get('/upload/folders', as)).body)).to.deep.equal(['Drafts', 'Mine']);
      expect((await app.get('/upload/folder-structure', as)).body).to.deep.equal({
        data: [
          { id: sub, name: 'Drafts', children: [] },
          { id: mine, name: 'Mine', children: [] },
        ],
      });
      const crumbs = await app.get(`/upload/folders/${sub}`, as);
      expect([crumbs.body.data.name, crumbs.body.data.parent]).to.deep.equal(['Drafts', null]);
      expect(await files(`?folder=${sub}`)).to.deep.equal(['own.png']);
      // its file left in a folder it does not see is at its root
      expect((await app.post('/upload/actions/bulk-move', { fileIds: [loose], destinationFolderId: shared }, bearer(editor))).status).to.equal(200);
      expect(await files('')).to.deep.equal(['loose.png']);
      // and its own folder, emptied of others' files, is its to delete
      expect((await app.post('/upload/actions/bulk-move', { fileIds: [theirs], destinationFolderId: shared }, bearer(editor))).status).to.equal(200);
      const deleted = await app.post('/upload/actions/bulk-delete', { folderIds: [mine] }, as);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(await app.knex('upload_folders').whereIn('id', [shared, mine, sub]).orderBy('id').pluck('name')).to.deep.equal(['Shared', 'Drafts']);
    });
  });
}
