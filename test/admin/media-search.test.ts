/**
 * A search of the media library (`GET /upload/files?_q=`) spans every folder, as Strapi v4's
 * does (its admin names the folder only when there is no search): every file whose text matches,
 * wherever it is, each with its folder and that folder's parents (`folder`, null at the root),
 * paginated; with `?folder=` it stays in that folder. An Author searches its own files only,
 * wherever they are, kept to them in the files statement itself, in a fixed number of
 * statements however many folders the page's files are in.
 */
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { form, png, send, uploadApp } from '../upload/helpers';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

type File = Record<string, unknown> & { id: number; name: string };

interface Location {
  id: number;
  name: string;
  pathId: number;
  path: string;
  parent: Location | null;
}

for (const client of testClients()) {
  describe(`media library search across folders (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: string;
    let author: { id: number; token: string };
    const appDir = uploadApp();
    const files = new Map<string, File>();
    const folders = new Map<string, Location>();

    const folder = async (token: string, name: string, parent: Location | null) => {
      const res = await app.post('/upload/folders', { name, parent: parent?.id ?? null }, bearer(token));
      expect(res.status, res.text).to.equal(201);
      const made: Location = { id: res.body.data.id, name, pathId: res.body.data.pathId, path: res.body.data.path, parent };
      folders.set(name, made);
      return made;
    };
    const uploadTo = async (token: string, name: string, into: Location | null) => {
      const res = await send(app, 'POST', '/upload', form([{ name, type: 'image/png', data: await png(4, 4) }], into ? { folder: String(into.id) } : {}), bearer(token));
      expect(res.status, res.text).to.equal(201);
      const [file] = res.body as File[];
      files.set(name, file as File);
    };
    /** the file as the listing answers it: the upload's answer with its folder */
    const listed = (name: string, where: Location | null) => ({ ...files.get(name), folder: where });
    const search = async (query: string, token = editor) => {
      const res = await app.get(`/upload/files?${query}`, bearer(token));
      expect(res.status, res.text).to.equal(200);
      return res.body;
    };

    before(async () => {
      app = await startAdminApp(client, { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
      root = await registerSuperAdmin(app);
      editor = (await adminWithRole(app, root, 'strapi-editor', 'editor@example.com')).token;
      author = await adminWithRole(app, root, 'strapi-author', 'author@example.com');
      const photos = await folder(editor, 'Photos', null);
      const trips = await folder(editor, 'Trips', photos);
      const mine = await folder(author.token, 'Mine', null);
      const inner = await folder(author.token, 'Inner', mine);
      await uploadTo(editor, 'beach-sunset.png', trips);
      await uploadTo(editor, 'beach-logo.png', null);
      await uploadTo(editor, 'mountain.png', photos);
      await uploadTo(author.token, 'beach-own.png', inner);
      await uploadTo(author.token, 'beach-loose.png', null);
      // the Editor puts the Author's loose file into its own folder, which the Author does not see
      const moved = await app.post('/upload/actions/bulk-move', { fileIds: [files.get('beach-loose.png')?.id], destinationFolderId: photos.id }, bearer(editor));
      expect(moved.status, moved.text).to.equal(200);
      // and the Author's Inner folder into Trips: for the Author it is then at its root
      const nested = await app.post('/upload/actions/bulk-move', { folderIds: [inner.id], destinationFolderId: trips.id }, bearer(editor));
      expect(nested.status, nested.text).to.equal(200);
    });
    after(async () => {
      await app?.close();
      appDir.remove();
    });

    it('finds the matching files of every folder, each with its folder and its parents', async () => {
      const photos = folders.get('Photos') as Location;
      const trips = folders.get('Trips') as Location;
      const inner: Location = { ...(folders.get('Inner') as Location), path: `${trips.path}/${folders.get('Inner')?.pathId}`, parent: trips };
      expect(await search('_q=beach&sort=name:asc')).to.deep.equal({
        results: [listed('beach-logo.png', null), listed('beach-loose.png', photos), listed('beach-own.png', inner), listed('beach-sunset.png', trips)],
        pagination: { page: 1, pageSize: 25, pageCount: 1, total: 4 },
      });
      // paginated
      expect(await search('_q=beach&sort=name:asc&pagination[page]=2&pagination[pageSize]=3')).to.deep.equal({
        results: [listed('beach-sunset.png', trips)],
        pagination: { page: 2, pageSize: 3, pageCount: 2, total: 4 },
      });
      // a folder named: the search stays in it; no search: the folder's files (the root's here)
      expect(await search(`_q=beach&folder=${trips.id}`)).to.deep.equal({ results: [listed('beach-sunset.png', trips)], pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } });
      expect(await search('_q=&sort=name:asc')).to.deep.equal({ results: [listed('beach-logo.png', null)], pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } });
      expect(await search(`folder=${photos.id}&sort=name:asc`)).to.deep.equal({
        results: [listed('beach-loose.png', photos), listed('mountain.png', photos)],
        pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 },
      });
      expect(await search('_q=nothing-like-it')).to.deep.equal({ results: [], pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } });
    });

    it("keeps an Author's search to its own files, its folders' parents it does not see left out", async () => {
      const inner = folders.get('Inner') as Location;
      const trips = folders.get('Trips') as Location;
      // Inner is under the Editor's Trips now: for the Author it is at its root; beach-loose.png,
      // in the Editor's Photos, is at its root too
      const innerAtRoot: Location = { ...inner, path: `${trips.path}/${inner.pathId}`, parent: null };
      expect(await search('_q=beach&sort=name:asc', author.token)).to.deep.equal({
        results: [listed('beach-loose.png', null), listed('beach-own.png', innerAtRoot)],
        pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 },
      });
      // the creator scope is in the files statements (the page and its count), the page is bounded
      const { result, queries, count } = await app.countQueries(() => search('_q=beach&sort=name:asc&pagination[pageSize]=1', author.token));
      expect(result.pagination).to.deep.equal({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
      const onFiles = queries.filter((query) => /from [`"]files[`"]/i.test(query.sql));
      expect(onFiles).to.have.length(2);
      for (const query of onFiles) {
        expect(query.sql).to.match(/created_by_id/);
        expect(query.bindings).to.include(author.id);
      }
      expect(onFiles.filter((query) => /limit/i.test(query.sql))).to.have.length(1);
      // as many statements for a page of files in other folders
      const other = await app.countQueries(() => search('_q=beach&sort=name:desc&pagination[pageSize]=1', author.token));
      expect(other.result.results.map((file: File) => file.name)).to.deep.equal(['beach-own.png']);
      expect(other.count).to.equal(count);
    });

    it('searches from a folder an Author does not see with a 403, as a listing of it', async () => {
      const photos = folders.get('Photos') as Location;
      const res = await app.get(`/upload/files?_q=beach&folder=${photos.id}`, bearer(author.token));
      expect([res.status, res.body]).to.deep.equal([403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }]);
    });
  });
}
