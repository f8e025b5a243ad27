/**
 * The admin panel in headless Chromium, as an editor uses it: the first visit registers the
 * Super Admin; an image is uploaded in the media library, a folder is made there and a file
 * uploaded into it, the folder is moved into another through the folder tree (a move into itself
 * refused with the server's message); a search from inside a folder finds files in every folder,
 * each shown with its folder, and emptying it brings the folder back; an article is created with
 * a relation, a component, a dynamic-zone item and the image, found by a search in the picker
 * from another folder (where a file is uploaded from the picker too), saved and published, and the
 * Content API serves it (`GET /api/articles?populate=*`). An Editor is kept out of the
 * settings. The pages raise no error and no Content-Security-Policy violation under the
 * default policy, pass axe-core's WCAG A/AA checks, and are kept as screenshots.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app';
import { hasChromium, launch, screenshot, signIn, tinyPng, watchProblems, PANEL_VIEWPORT, checkPage as checkPageIn } from './browser';
import { uploadApp } from '../upload/helpers';
import { adminWithRole, PASSWORD, startAdminApp } from './helpers';
import { eventually } from '../helpers/eventually';

describe('the admin panel in a browser', function () {
  this.timeout(180000);
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  // an app folder of its own: the uploaded image lands in its public/uploads, not the repository's
  const appDir = uploadApp();

  before(async function () {
    if (!hasChromium) {
      // CI installs it (.ci/run): there the test must run, never skip.
      if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
      this.skip();
    }
    app = await startAdminApp('sqlite', { appDir: appDir.dir, config: { plugins: { 'users-permissions': {} } } });
    browser = await launch();
    context = await browser.newContext({ viewport: PANEL_VIEWPORT });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterEach(async function () {
    // the page as it was when a test failed, beside the others
    if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-')}`);
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    appDir.remove();
  });

  const checkPage = (name: string) => checkPageIn(page, name);

  it('serves its hashed assets compressed, with long cache lifetimes and the default policy', async () => {
    const html = await app.get('/admin');
    expect(html.status).to.equal(200);
    expect(html.headers.get('content-security-policy')).to.include("script-src 'self'");
    expect(html.text).to.not.match(/<script>|<script [^>]*>[^<]/);
    const script = /src="(\/admin\/assets\/main-[A-Z0-9]+\.js)"/.exec(html.text)?.[1];
    expect(script).to.be.a('string');
    const asset = await fetch(app.url + String(script), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).to.equal('br');
    expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect((await app.get('/admin/assets/nothing-here.js')).status).to.equal(404);
  });

  it('registers the first administrator on the first visit', async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { name: 'Welcome! Create the first administrator' }).waitFor();
    await checkPage('register-admin');
    await page.getByLabel(/^First name/).fill('Ada');
    await page.getByLabel(/^Last name/).fill('Lovelace');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    expect(await app.knex('admin_users').select('email')).to.deep.equal([{ email: 'ada@example.com' }]);
  });

  it('uploads an image in the media library', async () => {
    await page.getByRole('link', { name: 'Media Library' }).click();
    await page.getByRole('heading', { name: 'Media Library' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByText('cover.png').waitFor();
    await checkPage('media-library');
    expect((await app.knex('files').select('name', 'mime')).map((f) => [f.name, f.mime])).to.deep.equal([['cover.png', 'image/png']]);
  });

  it('creates a folder in the media library, uploads a file into it and moves one there', async () => {
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByLabel(/^Folder name/).fill('Trips');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Open folder Trips' }).waitFor();
    await checkPage('media-library-folders');
    await page.getByRole('button', { name: 'Open folder Trips' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).getByText('Trips').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByText('beach.png').waitFor();
    expect(await page.getByText('cover.png').count()).to.equal(0);
    await checkPage('media-library-folder');
    const [folder] = await app.knex('upload_folders').select('id', 'name', 'path_id', 'path');
    expect([folder.name, Number(folder.path_id), folder.path]).to.deep.equal(['Trips', 1, '/1']);
    expect((await app.knex('files').select('name', 'folder_path').orderBy('id')).map((f) => [f.name, f.folder_path])).to.deep.equal([
      ['cover.png', '/'],
      ['beach.png', '/1'],
    ]);
    expect((await app.knex('files_folder_links').select('folder_id')).map((l) => l.folder_id)).to.deep.equal([folder.id]);

    // back to the root by the breadcrumbs; cover.png selected and moved into Trips
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Media Library' }).click();
    await page.getByRole('checkbox', { name: 'Select cover.png' }).check();
    await page.getByText('1 file selected').waitFor();
    await page.getByRole('button', { name: 'Move selected' }).click();
    await page.getByRole('dialog', { name: 'Move 1 file' }).waitFor();
    await page.getByRole('radio', { name: 'Media Library / Trips' }).check();
    await page.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('0 folders · 2 files').waitFor();
    expect((await app.knex('files').where('name', 'cover.png').first('folder_path')).folder_path).to.equal('/1');
  });

  it('moves a folder into another, picked in the folder tree; a move into itself shows the refusal', async () => {
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByLabel(/^Folder name/).fill('Archive');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Open folder Archive' }).waitFor();
    await page.getByRole('button', { name: 'Move folder Trips' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move folder Trips' });
    await dialog.getByRole('radio', { name: 'Media Library / Archive' }).waitFor();
    await checkPage('media-library-move-folder');
    // into itself: the server refuses, and says why (the browser logs the refused call, the page throws nothing)
    const logged = problems.length;
    await dialog.getByRole('radio', { name: 'Media Library / Trips' }).check();
    await dialog.getByRole('button', { name: 'Move here' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A folder cannot be moved inside itself or one of its subfolders' }).waitFor();
    expect(problems.splice(logged)).to.deep.equal(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    // by keyboard: the radio buttons are one group, the arrow keys go from one to the next
    await dialog.getByRole('radio', { name: 'Media Library / Trips' }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await dialog.getByRole('radio', { name: 'Media Library / Archive' }).isChecked()).to.equal(true);
    await dialog.getByRole('button', { name: 'Move here' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 folders · 0 files').waitFor();
    expect(await page.getByRole('button', { name: 'Open folder Trips' }).count()).to.equal(0);
    const folders = await app.knex('upload_folders').orderBy('id').select('name', 'path');
    expect(folders.map((f) => [f.name, f.path])).to.deep.equal([
      ['Trips', '/2/1'],
      ['Archive', '/2'],
    ]);
    expect((await app.knex('files').orderBy('id').select('name', 'folder_path')).map((f) => [f.name, f.folder_path])).to.deep.equal([
      ['cover.png', '/2/1'],
      ['beach.png', '/2/1'],
    ]);
  });

  it('searches every folder from inside a folder, and empties the search back to the folder', async () => {
    await page.getByRole('button', { name: 'Open folder Archive' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).getByText('Archive').waitFor();
    await page.getByRole('button', { name: 'Open folder Trips' }).waitFor();
    const search = page.getByRole('textbox', { name: 'Search files in every folder' });
    await search.fill('beach');
    // beach.png is in Archive / Trips, not in the open folder: found, with where it is
    await page.getByRole('button', { name: 'Open the folder of beach.png: Media Library / Archive / Trips' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Results from every folder' }).waitFor();
    expect(await page.getByText('cover.png').count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Open folder Trips' }).count()).to.equal(0);
    await checkPage('media-library-search');
    // no search: the open folder's view again (Trips in it, no file)
    await search.fill('');
    await page.getByRole('button', { name: 'Open folder Trips' }).waitFor();
    await eventually(async () => (await page.getByText('beach.png').count()) === 0, 10000, 'the search results gone');
    await page.getByRole('navigation', { name: 'Folders' }).getByText('Archive').waitFor();
    // a found file's folder opens from the result, the search emptied
    await search.fill('beach');
    await page.getByRole('button', { name: 'Open the folder of beach.png: Media Library / Archive / Trips' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).getByText('Trips').waitFor();
    await page.getByText('cover.png').waitFor();
    expect(await search.inputValue()).to.equal('');
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Media Library' }).click();
    await page.getByRole('button', { name: 'Open folder Archive' }).waitFor();
  });

  it('creates an article with a relation, a component, a dynamic zone item and the image, and publishes it', async () => {
    await app.knex('categories').insert({ name: 'Science', slug: 'science', created_at: new Date(), updated_at: new Date() });
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByRole('heading', { name: 'Article' }).waitFor();
    await page.getByRole('link', { name: 'Create new entry' }).click();
    await page.getByRole('heading', { name: 'Create an entry: Article' }).waitFor();
    await page
      .getByLabel(/^Title/)
      .first()
      .fill('Analytical engines');
    // the server generates the slug of a new entry from its title, unique among the stored entries
    const slug = page.locator('input[name=slug]');
    await eventually(async () => (await slug.inputValue()) === 'analytical-engines', 10000, 'the generated slug');
    await page.getByText('Available', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Regenerate Slug' }).click();
    await page.getByRole('textbox', { name: 'Add to Category' }).click();
    await page.getByRole('textbox', { name: 'Add to Category' }).fill('Sci');
    await page
      .getByRole('option', { name: /Science/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add Seo' }).click();
    await page.getByLabel('Meta title').fill('Engines');
    await page.getByRole('button', { name: 'Add a component to Blocks' }).click();
    await page.getByRole('menuitem', { name: /Quote/ }).click();
    await page
      .getByLabel(/^Title/)
      .nth(1)
      .fill('The engine weaves algebraic patterns');
    await page.getByRole('button', { name: 'Add media to Cover' }).click();
    // the picker browses the folders: cover.png is in Archive / Trips, where an upload lands too
    const picker = page.getByRole('dialog', { name: 'Choose files for Cover' });
    await picker.getByRole('button', { name: 'Open folder Archive' }).click();
    await picker.getByRole('button', { name: 'Open folder Trips' }).click();
    await picker.getByRole('navigation', { name: 'Folders' }).getByText('Trips').waitFor();
    await picker.locator('input[type=file]').setInputFiles({ name: 'inline.png', mimeType: 'image/png', buffer: tinyPng() });
    await picker.getByText('inline.png').waitFor();
    await checkPage('edit-view-media-picker');
    expect((await app.knex('files').where('name', 'inline.png').first('folder_path')).folder_path).to.equal('/2/1');
    // back in Archive, a search finds cover.png in Trips; a single file: picking it closes the picker
    await picker.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Archive' }).click();
    await picker.getByRole('button', { name: 'Open folder Trips' }).waitFor();
    await picker.getByRole('textbox', { name: 'Search files in every folder' }).fill('cover');
    await picker.getByRole('button', { name: 'Open the folder of cover.png: Media Library / Archive / Trips' }).waitFor();
    expect(await picker.getByRole('button', { name: 'Open folder Trips' }).count()).to.equal(0);
    expect(await picker.getByText('inline.png').count()).to.equal(0);
    await checkPage('edit-view-media-picker-search');
    await picker.getByLabel('Select cover.png').click();
    await page.getByRole('button', { name: 'Remove cover.png from Cover' }).waitFor();
    await checkPage('edit-view');
    await page.getByRole('button', { name: 'Save' }).click();
    // saved: the page becomes the entry's own
    await page.getByRole('heading', { name: /^Article #\d+$/ }).waitFor();
    await page.getByLabel('Status: Draft').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByLabel('Status: Published').waitFor();

    const res = await app.get('/api/articles?populate=*');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.have.length(1);
    const { attributes } = res.body.data[0];
    expect(attributes).to.deep.include({ title: 'Analytical engines', slug: 'analytical-engines' });
    expect(attributes.category.data.attributes.name).to.equal('Science');
    expect(attributes.seo).to.deep.include({ metaTitle: 'Engines' });
    expect(attributes.blocks.map((b: { __component: string; title: string }) => [b.__component, b.title])).to.deep.equal([['shared.quote', 'The engine weaves algebraic patterns']]);
    expect(attributes.cover.data.attributes.name).to.equal('cover.png');
    const row = await app.knex('articles').first('created_by_id', 'updated_by_id');
    expect([row.created_by_id, row.updated_by_id]).to.deep.equal([1, 1]);
  });

  it('lists the entries with their status', async () => {
    await page.getByRole('link', { name: /Back to Article/ }).click();
    await page.getByRole('cell', { name: 'Analytical engines' }).waitFor();
    await page.getByText('Published', { exact: true }).waitFor();
    await checkPage('list-view');
  });

  it("edits a category's articles from the inverse side of the relation", async () => {
    const science = await app.knex('categories').where('name', 'Science').first('id');
    const article = await app.knex('articles').first('id');
    const links = async () =>
      (await app.knex('articles_category_links').select('article_id', 'category_id', 'article_order')).map((row) => [Number(row.article_id), Number(row.category_id), Number(row.article_order)]);
    await page.goto(`${app.url}/admin/content-manager/collection-types/api::category.category/${science.id}`);
    await page.getByRole('heading', { name: `Category #${science.id}` }).waitFor();
    await page.getByRole('button', { name: 'Remove Analytical engines' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await links()).to.deep.equal([]);
    await page.getByRole('textbox', { name: 'Add to Articles' }).fill('Analytical');
    await page
      .getByRole('option', { name: /Analytical engines/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Remove Analytical engines' }).waitFor();
    await eventually(async () => (await links()).length === 1, 10000, 'the link saved');
    expect(await links()).to.deep.equal([[Number(article.id), Number(science.id), 1]]);
  });

  it('keeps an Editor out of the settings', async () => {
    const root = (await app.post('/admin/login', { email: 'ada@example.com', password: PASSWORD })).body.data.token as string;
    await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
    // another browser profile: the Super Admin's session stays in its own storage (clearing a
    // shared one under a running page made that page's next call go out without its token)
    const editorContext = await browser.newContext({ viewport: PANEL_VIEWPORT });
    const editorPage = await editorContext.newPage();
    const editorProblems = watchProblems(editorPage);
    await signIn(editorPage, app.url, 'editor@example.com');
    expect(await editorPage.getByText('SETTINGS').count()).to.equal(0);
    await editorPage.goto(`${app.url}/admin/settings/users`);
    await editorPage.getByRole('alert').filter({ hasText: 'You do not have the permissions to open this page.' }).waitFor();
    expect((await app.get('/admin/users', { authorization: `Bearer ${await editorPage.evaluate<string>("localStorage.getItem('jwtToken')")}` })).status).to.equal(403);
    expect(editorProblems.filter((p) => !p.includes('403'))).to.deep.equal([]);
    await editorContext.close();
  });

  it('a session whose token is gone (signed out in another tab) goes back to the sign-in page at its next call', async () => {
    const ownContext = await browser.newContext({ viewport: PANEL_VIEWPORT });
    const own = await ownContext.newPage();
    const ownProblems = watchProblems(own);
    await signIn(own, app.url, 'ada@example.com');
    await own.evaluate('localStorage.clear(); sessionStorage.clear()');
    await own.getByRole('link', { name: 'Article', exact: true }).click();
    await own.getByRole('button', { name: 'Log in' }).waitFor();
    // the refused call is the browser's one console line; nothing was thrown uncaught
    expect(ownProblems.filter((p) => !p.includes('401'))).to.deep.equal([]);
    await ownContext.close();
  });

  it('reported no error and no policy violation', () => {
    expect(problems).to.deep.equal([]);
  });
});
