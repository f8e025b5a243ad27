/**
 * A third-party plugin extends the panel through the admin's extension point alone
 * (test/fixtures/admin-extension-plugin, loaded from a temporary app's plugins-local folder): its
 * script registers a settings page and a field input for the greeter's `greetings` attribute
 * type, and its admin route, handed over with `addRoutes` behind the plugin's own admin action
 * (`addActions`, which the Super Admin holds), serves the greetings both show. In
 * headless Chromium, on each database of TEST_DATABASES, the Super Admin opens the page from the
 * settings menu and sees the route's data, saves a note with only its title changed (its
 * `greetings` field, shown with the plugin's input, kept as stored), then edits the greetings
 * with that input and saves them; the Content API and the database hold the new values. The pages
 * raise no error and no policy violation and pass axe-core's WCAG A/AA checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { hasChromium, launch, screenshot, signIn, watchProblems, PANEL_VIEWPORT, checkPage as checkPageIn } from './browser';
import { bearer, registerSuperAdmin, startAdminApp } from './helpers';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

const NOTE_SCHEMA = {
  kind: 'collectionType',
  collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, greetings: { type: 'greetings' } },
};

/** An app folder of its own: the `note` type and both plugins in plugins-local, enabled in config/plugins.json. */
function extensionApp(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-admin-extension-app-'));
  const schema = path.join(dir, 'api', 'note', 'content-types', 'note');
  fs.mkdirSync(schema, { recursive: true });
  fs.writeFileSync(path.join(schema, 'schema.json'), JSON.stringify(NOTE_SCHEMA, null, 2));
  fs.mkdirSync(path.join(dir, 'plugins-local'));
  fs.symlinkSync(path.join(FIXTURES, 'third-party-plugin'), path.join(dir, 'plugins-local', 'greeter'), 'dir');
  fs.symlinkSync(path.join(FIXTURES, 'admin-extension-plugin'), path.join(dir, 'plugins-local', 'greeter-panel'), 'dir');
  fs.mkdirSync(path.join(dir, 'config'));
  const plugins = { greeter: { resolve: './plugins-local/greeter' }, 'greeter-panel': { resolve: './plugins-local/greeter-panel' } };
  fs.writeFileSync(path.join(dir, 'config', 'plugins.json'), JSON.stringify(plugins, null, 2));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

for (const client of testClients()) {
  describe(`the admin panel extended by a third-party plugin, in a browser [${client}]`, function () {
    this.timeout(180000);
    let app: TestApp;
    let browser: Browser;
    let page: Page;
    let problems: string[];
    let root: string;
    let noteId: number;
    const greetingIds: Record<string, number> = {};
    const appDir = extensionApp();

    before(async function () {
      if (!hasChromium) {
        // CI installs it (.ci/run): there the test must run, never skip.
        if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
        this.skip();
      }
      app = await startAdminApp(client, { appDir: appDir.dir });
      const entities = app.platform.service('plugin::query-engine.entity-service');
      for (const name of ['Ada', 'Grace']) {
        const created = (await entities.create('plugin::greeter.greeting', { data: { name } })) as { id: number };
        greetingIds[name] = Number(created.id);
      }
      const note = (await entities.create('api::note.note', { data: { title: 'Welcome', greetings: [greetingIds.Ada] } })) as { id: number };
      noteId = Number(note.id);
      root = await registerSuperAdmin(app, 'ada@example.com');
      browser = await launch();
      const context = await browser.newContext({ viewport: PANEL_VIEWPORT });
      page = await context.newPage();
      problems = watchProblems(page);
    });

    afterEach(async function () {
      if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-extension-${client}-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-')}`);
    });

    after(async () => {
      await browser?.close();
      await app?.close();
      appDir.remove();
    });

    const checkPage = (name: string) => checkPageIn(page, `${name}-${client}`);

    /** the note's greetings in the plugin's link table, in their order */
    const storedGreetings = async (): Promise<number[]> =>
      (await app.knex('greeter_greetings_links').where({ owner_id: noteId, owner_type: 'api::note.note', field: 'greetings' }).orderBy('position').select('greeting_id')).map(
        (row: { greeting_id: unknown }) => Number(row.greeting_id),
      );

    it("mounts the plugin's admin route behind an administrator's session and its own action", async () => {
      expect(await app.get('/greeter-panel/greetings')).to.deep.include({
        status: 401,
        body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } },
      });
      const res = await app.get('/greeter-panel/greetings', bearer(root));
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 200,
        body: {
          data: [
            { id: greetingIds.Ada, name: 'Ada', count: 1 },
            { id: greetingIds.Grace, name: 'Grace', count: 1 },
          ],
        },
      });
      expect((await app.get('/admin/extensions', bearer(root))).body).to.deep.equal({ data: [{ plugin: 'greeter-panel', url: '/admin/extensions/greeter-panel/0.js' }] });
    });

    it("opens the plugin's settings page from the menu and shows the route's data", async () => {
      await signIn(page, app.url, 'ada@example.com');
      await page.getByRole('link', { name: 'Greetings' }).click();
      await page.getByRole('heading', { name: 'Greetings', exact: true }).waitFor();
      const list = page.getByRole('list', { name: 'Greetings' });
      await list.getByText('Ada, greeted 1 time(s)').waitFor();
      expect(await list.getByRole('listitem').allTextContents()).to.deep.equal(['Ada, greeted 1 time(s)', 'Grace, greeted 1 time(s)']);
      expect(new URL(page.url()).pathname).to.equal('/admin/settings/greetings');
      await checkPage('extension-settings-page');
    });

    /** the note as the Content API answers it, with its greetings as [id, name] */
    const readNote = async (): Promise<{ title: string; greetings: Array<[number, string]> }> => {
      const res = await app.get(`/api/notes/${noteId}?populate=greetings`);
      expect(res.status, res.text).to.equal(200);
      const { attributes } = res.body.data;
      return { title: attributes.title, greetings: attributes.greetings.data.map((greeting: { id: number; attributes: { name: string } }) => [greeting.id, greeting.attributes.name]) };
    };

    it('saves a note whose greetings the editor left as loaded, keeping them', async () => {
      await page.getByRole('link', { name: 'Note', exact: true }).click();
      await page.getByRole('link', { name: 'Welcome' }).click();
      await page.getByRole('heading', { name: `Note #${noteId}` }).waitFor();
      await page.getByRole('checkbox', { name: 'Grace' }).waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill('Welcome back');
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(`/content-manager/collection-types/api::note.note/${noteId}`)),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(answer.status(), await answer.text()).to.equal(200);
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect(await page.getByRole('alert').count()).to.equal(0);
      expect([await page.getByRole('checkbox', { name: 'Ada' }).isChecked(), await page.getByRole('checkbox', { name: 'Grace' }).isChecked()]).to.deep.equal([true, false]);

      expect(await readNote()).to.deep.equal({ title: 'Welcome back', greetings: [[greetingIds.Ada, 'Ada']] });
      expect(await storedGreetings()).to.deep.equal([greetingIds.Ada]);
      expect((await app.knex('notes').where({ id: noteId }).first('title')).title).to.equal('Welcome back');
    });

    it("edits a note's greetings with the plugin's field input and saves them", async () => {
      const ada = page.getByRole('checkbox', { name: 'Ada' });
      const grace = page.getByRole('checkbox', { name: 'Grace' });
      await grace.waitFor();
      expect([await ada.isChecked(), await grace.isChecked()]).to.deep.equal([true, false]);
      await checkPage('extension-field-input');
      await ada.uncheck();
      await grace.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

      expect(await readNote()).to.deep.equal({ title: 'Welcome back', greetings: [[greetingIds.Grace, 'Grace']] });
      expect(await storedGreetings()).to.deep.equal([greetingIds.Grace]);
    });

    it('reported no error and no policy violation', () => {
      expect(problems).to.deep.equal([]);
    });
  });
}
