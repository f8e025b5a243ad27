/**
 * `POST /upload/actions/bulk-delete` of a folder holding 40,000 files: the folder's contents are
 * selected by its path (a subquery on the folders' path), and the files are deleted in slices of
 * `DELETE_CHUNK` ids in the one transaction, so the request answers as it does for one file,
 * in a fixed number of statements per slice, none binding more than a slice of values (a list
 * of the files would be 40,000 bound values: past SQLite's 32,766). The rows are written
 * straight into the tables, their objects never stored: the local provider's removal of a
 * missing object is a no-op. An Author is refused a folder holding one file of another's among
 * them, and nothing is deleted; each deleted file still posts its `media.delete`.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import type { QueryEvent } from '@platform/core';
import { DELETE_CHUNK } from '@platform/query-engine';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { linkRowsInSlices } from '../helpers/link-rows';
import { deliveryRows } from '../webhooks/helpers';
import { form, png, send, uploadApp } from '../upload/helpers';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const FILES = 40_000;
// rows in one insert: SQLite's knex inserts a compound SELECT, of at most 500 terms
const INSERT = 400;

type Row = Record<string, unknown> & { id: number };

for (const client of testClients()) {
  describe(`bulk-delete of a folder of ${FILES} files (${client})`, function () {
    this.timeout(300_000);
    let app: TestApp;
    let root: string;
    let author: { id: number; token: string };
    let editor: { id: number; token: string };
    const appDir = uploadApp();

    const folder = async (token: string, name: string) => {
      const res = await app.post('/upload/folders', { name, parent: null }, bearer(token));
      expect(res.status, res.text).to.equal(201);
      return res.body.data as Row & { path: string };
    };
    /** `count` file rows in `into`, made by `creator`, with their folder links; their objects are never stored */
    const fileRows = async (into: Row & { path: string }, count: number, creator: number, prefix: string) => {
      const now = new Date();
      for (let start = 0; start < count; start += INSERT) {
        const rows = [];
        for (let i = start; i < Math.min(count, start + INSERT); i++) {
          const hash = `${prefix}_${i}`;
          rows.push({
            name: `${hash}.png`,
            hash,
            ext: '.png',
            mime: 'image/png',
            size: 1,
            url: `/uploads/${hash}.png`,
            provider: 'local',
            folder_path: into.path,
            created_by_id: creator,
            updated_by_id: creator,
            created_at: now,
            updated_at: now,
          });
        }
        await app.knex('files').insert(rows);
      }
      await linkRowsInSlices(
        app.knex,
        'files',
        (query) => query.where('folder_path', into.path),
        'files_folder_links',
        (id) => ({ file_id: id, folder_id: into.id }),
        INSERT,
      );
    };
    const count = async (table: string, where: Record<string, unknown> = {}) => Number((await app.knex(table).where(where).count({ n: '*' }).first())?.n);
    /** the answer, the statement count and the most values one statement binds */
    const remove = async (token: string, folderIds: number[]) => {
      const { result, count: statements, queries } = await app.countQueries(() => app.post('/upload/actions/bulk-delete', { folderIds }, bearer(token)));
      return { status: result.status, body: result.body, statements, bound: Math.max(...queries.map((query: QueryEvent) => query.bindings.length)) };
    };
    const answer = (made: Row) => ({ data: { files: [], folders: [made] } });

    before(async () => {
      app = await startAdminApp(client, { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
      root = await registerSuperAdmin(app);
      author = await adminWithRole(app, root, 'strapi-author', 'author@example.com');
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
    });
    after(async () => {
      await app?.close();
      appDir.remove();
    });

    it('deletes the folder with every file, in a fixed number of statements per slice of files, none binding more than a slice', async () => {
      // one slice, two slices, and 80: the statements grow by the slice, never by the file
      const sizes = [1, DELETE_CHUNK + 1, FILES];
      const measured: Array<{ statements: number; bound: number }> = [];
      for (const [index, size] of sizes.entries()) {
        const made = await folder(root, `Many ${index}`);
        await fileRows(made, size, editor.id, `many${index}`);
        expect(await count('files', { folder_path: made.path })).to.equal(size);
        const { status, body, statements, bound } = await remove(root, [made.id]);
        expect([status, body]).to.deep.equal([200, answer(made)]);
        expect(await count('files', { folder_path: made.path })).to.equal(0);
        expect(await count('files_folder_links', { folder_id: made.id })).to.equal(0);
        expect(await count('upload_folders', { id: made.id })).to.equal(0);
        measured.push({ statements, bound });
      }
      const [one, two, all] = measured as [{ statements: number; bound: number }, { statements: number; bound: number }, { statements: number; bound: number }];
      const perSlice = two.statements - one.statements;
      // a slice: its stored rows, the rows the hooks get, the read-back, the folder and morph links, the rows
      expect(perSlice).to.equal(7);
      expect(all.statements - one.statements).to.equal(perSlice * (Math.ceil(FILES / DELETE_CHUNK) - 1));
      expect([one.bound, two.bound, all.bound]).to.deep.equal([2, DELETE_CHUNK + 1, DELETE_CHUNK + 1]);
    });

    it("refuses an Author a folder holding another's file among its own, and deletes nothing", async () => {
      const mine = await folder(author.token, 'Mine');
      await fileRows(mine, FILES, author.id, 'mine');
      const [other] = await app.knex('files').where('folder_path', mine.path).orderBy('id', 'desc').limit(1).pluck('id');
      await app.knex('files').where('id', other).update({ created_by_id: editor.id });
      const refused = await remove(author.token, [mine.id]);
      expect([refused.status, refused.body]).to.deep.equal([403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }]);
      expect(refused.bound).to.be.at.most(10);
      expect(await count('files', { folder_path: mine.path })).to.equal(FILES);
      expect(await count('files_folder_links', { folder_id: mine.id })).to.equal(FILES);

      await app.knex('files').where('id', other).update({ created_by_id: author.id });
      const deleted = await remove(author.token, [mine.id]);
      expect([deleted.status, deleted.body]).to.deep.equal([200, answer(mine)]);
      expect(await count('files', { folder_path: mine.path })).to.equal(0);
      expect(await count('upload_folders', { id: mine.id })).to.equal(0);
    });

    it('removes the stored objects of the files, formats too, and posts one media.delete per file', async () => {
      const made = await folder(root, 'Stored');
      const uploaded: Row[] = [];
      for (const name of ['a.png', 'b.png']) {
        const res = await send(app, 'POST', '/upload', form([{ name, type: 'image/png', data: await png(800, 600) }], { folder: String(made.id) }), bearer(root));
        expect(res.status, res.text).to.equal(201);
        uploaded.push(...(res.body as Row[]));
      }
      const objects = uploaded.flatMap((file) => [file, ...Object.values((file.formats ?? {}) as Record<string, Row>)]).map((object) => path.join(appDir.uploads, `${object.hash}${object.ext}`));
      expect(objects.length).to.be.above(2);
      expect(objects.every((file) => fs.existsSync(file))).to.equal(true);
      const hook = await app.post('/admin/webhooks', { name: 'Media', url: 'http://127.0.0.1:9/hooks', headers: {}, events: ['media.delete'] }, bearer(root));
      expect(hook.status, hook.text).to.equal(201);
      const before = (await deliveryRows(app)).length;

      const { status, body } = await remove(root, [made.id]);
      expect([status, body]).to.deep.equal([200, answer(made)]);
      expect(objects.filter((file) => fs.existsSync(file))).to.deep.equal([]);
      const events = (await deliveryRows(app)).slice(before).map((row) => [row.event, row.entry_key]);
      expect(events).to.deep.equal(uploaded.map((file) => ['media.delete', `media:${file.id}`]));
    });
  });
}
