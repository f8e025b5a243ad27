/**
 * `admin::has-same-role-as-creator` on a role of 40,000 administrators: the media library's
 * admin routes, the Content API routes the panel calls and the content manager's list keep an
 * administrator to the content of its roles' members in subqueries on Strapi's role links, so
 * they answer as they do for a role of three, in as many statements, none binding more values
 * (a list of the members would be 40,000 bound values: past SQLite's 32,766, and past the
 * filters' 10,000). A member who joined the role by a row of the link table is in scope at once.
 */
import { expect } from 'chai';
import type { QueryEvent } from '@platform/core';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { linkRowsInSlices } from '../helpers/link-rows';
import { form, png, send, uploadApp } from '../upload/helpers';
import { adminInRole, bearer, createRole, registerSuperAdmin, startAdminApp } from './helpers';

const SAME_ROLE = 'admin::has-same-role-as-creator';
const MEMBERS = 40_000;
// rows in one insert: SQLite's knex inserts a compound SELECT, of at most 500 terms
const CHUNK = 400;
const ARTICLES = '/content-manager/collection-types/api::article.article';

type Row = Record<string, unknown> & { id: number };
type Answer = { status: number; body: unknown };

for (const client of testClients()) {
  describe(`same-role scope over ${MEMBERS} role members (${client})`, function () {
    this.timeout(180_000);
    let app: TestApp;
    let root: string;
    let team: number;
    const tokens: Record<'ana' | 'ben' | 'cy', string> = { ana: '', ben: '', cy: '' };
    const folders: Record<string, Row> = {};
    const files: Record<string, Row> = {};
    const appDir = uploadApp();

    const teamRole = (name: string) => {
      const permissions = [
        { action: 'plugin::upload.read', subject: null, properties: {}, conditions: [SAME_ROLE] },
        { action: 'plugin::upload.assets.create', subject: null, properties: {}, conditions: [] },
        { action: 'plugin::upload.assets.update', subject: null, properties: {}, conditions: [SAME_ROLE] },
        { action: 'plugin::content-manager.explorer.read', subject: 'api::article.article', properties: {}, conditions: [SAME_ROLE] },
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
    const article = async (title: string, createdBy: number) => {
      const now = new Date();
      await app.knex('articles').insert({ title, locale: 'en', created_by_id: createdBy, updated_by_id: createdBy, created_at: now, updated_at: now });
    };

    /** What Ben (of the team) asks: every route whose statements carry the same-role scope. */
    const requests = (): Array<[string, () => Promise<Answer>]> => {
      const ben = bearer(tokens.ben);
      const { Ana: ana, Cy: cy } = folders as Record<string, Row>;
      const get = (path: string) => async () => {
        const res = await app.get(path, ben);
        return { status: res.status, body: res.body };
      };
      return [
        ['folders', get('/upload/folders')],
        ['folder structure', get('/upload/folder-structure')],
        ['a folder with its parents', get(`/upload/folders/${ana?.id}`)],
        ['files at its root', get('/upload/files?sort=name:asc')],
        ['files of a folder', get(`/upload/files?folder=${ana?.id}`)],
        ['a search in every folder', get('/upload/files?_q=png&sort=name:asc')],
        ["the other role's folder", get(`/upload/folders?parent=${cy?.id}`)],
        ["a file of the role's (Content API route)", get(`/api/upload/files/${files['ana.png']?.id}`)],
        ["the other role's file (Content API route)", get(`/api/upload/files/${files['cy.png']?.id}`)],
        [
          "deleting the other role's file",
          async () => {
            const res = await app.post('/upload/actions/bulk-delete', { fileIds: [files['cy.png']?.id] }, ben);
            return { status: res.status, body: res.body };
          },
        ],
        ['the content manager list', get(`${ARTICLES}?page=1&pageSize=10&sort=title:asc`)],
      ];
    };
    /** Each request's answer, its statement count and the most values one of its statements binds. */
    const measure = async () => {
      const out: Array<{ label: string; answer: Answer; count: number; bound: number }> = [];
      for (const [label, run] of requests()) {
        const { result, count, queries } = await app.countQueries(run);
        out.push({ label, answer: result, count, bound: Math.max(...queries.map((query: QueryEvent) => query.bindings.length)) });
      }
      return out;
    };

    before(async () => {
      app = await startAdminApp(client, { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
      root = await registerSuperAdmin(app);
      team = await teamRole('Media team');
      const other = await teamRole('Other team');
      const ana = await adminInRole(app, root, team, 'ana@example.com');
      const ben = await adminInRole(app, root, team, 'ben@example.com');
      const cy = await adminInRole(app, root, other, 'cy@example.com');
      [tokens.ana, tokens.ben, tokens.cy] = [ana.token, ben.token, cy.token];
      await uploadTo(tokens.ana, 'ana.png', await folder(tokens.ana, 'Ana'));
      await uploadTo(tokens.ana, 'ana-loose.png');
      await uploadTo(tokens.cy, 'cy.png', await folder(tokens.cy, 'Cy'));
      await uploadTo(tokens.cy, 'cy-loose.png');
      await article('By Ana', ana.id);
      await article('By Ben', ben.id);
      await article('By Cy', cy.id);
    });
    after(async () => {
      await app?.close();
      appDir.remove();
    });

    it(`answers for a role of ${MEMBERS} as for a role of 3, in as many statements`, async () => {
      const small = await measure();
      // what the team sees: Ana's and its own, never Cy's
      const answer = (label: string): Answer => {
        const found = small.find((entry) => entry.label === label);
        if (!found) throw new Error(`no request ${label}`);
        return found.answer;
      };
      const names = (label: string, key: string) => (answer(label).body as { results: Row[] }).results.map((row) => row[key]);
      expect(answer('folder structure').body).to.deep.equal({ data: [{ id: folders.Ana?.id, name: 'Ana', children: [] }] });
      expect(names('a search in every folder', 'name')).to.deep.equal(['ana-loose.png', 'ana.png']);
      expect(names('files at its root', 'name')).to.deep.equal(['ana-loose.png']);
      expect(names('the content manager list', 'title')).to.deep.equal(['By Ana', 'By Ben']);
      for (const label of ["the other role's folder", "the other role's file (Content API route)", "deleting the other role's file"]) expect(answer(label).status, label).to.equal(403);

      // the role's new members, straight into Strapi's tables
      const now = new Date();
      for (let start = 0; start < MEMBERS; start += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, MEMBERS - start) }, (_, i) => ({
          email: `member-${start + i}@example.com`,
          firstname: 'Member',
          is_active: true,
          blocked: false,
          created_at: now,
          updated_at: now,
        }));
        await app.knex('admin_users').insert(rows);
      }
      await linkRowsInSlices(
        app.knex,
        'admin_users',
        (query) => query.where('email', 'like', 'member-%@example.com'),
        'admin_users_roles_links',
        (id) => ({ user_id: id, role_id: team }),
        CHUNK,
      );
      const [members] = await app.knex('admin_users_roles_links').where('role_id', team).count({ n: '*' });
      expect(Number(members?.n)).to.equal(MEMBERS + 2);

      const large = await measure();
      for (const [index, entry] of large.entries()) {
        const before = small[index] as (typeof small)[number];
        expect(entry.answer, entry.label).to.deep.equal(before.answer);
        expect(entry.count, entry.label).to.equal(before.count);
        expect(entry.bound, entry.label).to.equal(before.bound);
        expect(entry.bound, entry.label).to.be.below(50);
      }
    });

    it("shows what a member who joined by a link row made, and not to the other role's", async () => {
      const joined = Number(
        (
          await app
            .knex('admin_users')
            .where('email', `member-${MEMBERS - 1}@example.com`)
            .first('id')
        ).id,
      );
      const max = await app.knex('upload_folders').max({ value: 'path_id' }).first();
      const pathId = Number(max?.value ?? 0) + 1;
      const now = new Date();
      await app.knex('upload_folders').insert({ name: 'Joined', path_id: pathId, path: `/${pathId}`, created_by_id: joined, updated_by_id: joined, created_at: now, updated_at: now });
      const id = Number((await app.knex('upload_folders').where('path_id', pathId).first('id')).id);
      await article('By Dee', joined);

      const structure = await app.get('/upload/folder-structure', bearer(tokens.ben));
      expect(structure.body).to.deep.equal({
        data: [
          { id: folders.Ana?.id, name: 'Ana', children: [] },
          { id, name: 'Joined', children: [] },
        ],
      });
      const list = await app.get(`${ARTICLES}?page=1&pageSize=10&sort=title:asc`, bearer(tokens.ben));
      expect(list.body.results.map((entry: Row) => entry.title)).to.deep.equal(['By Ana', 'By Ben', 'By Dee']);
      expect(list.body.pagination).to.deep.equal({ page: 1, pageSize: 10, pageCount: 1, total: 3 });

      // the other role: its own only
      expect((await app.get('/upload/folder-structure', bearer(tokens.cy))).body).to.deep.equal({ data: [{ id: folders.Cy?.id, name: 'Cy', children: [] }] });
      expect((await app.get(`${ARTICLES}?page=1&pageSize=10&sort=title:asc`, bearer(tokens.cy))).body.results.map((entry: Row) => entry.title)).to.deep.equal(['By Cy']);
    });
  });
}
