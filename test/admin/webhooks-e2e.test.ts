/**
 * The panel's webhooks settings page in headless Chromium: the Super Admin creates a webhook
 * pointing at a receiver this test starts, triggers it and sees the receiver's answer, changes
 * its events, disables it from the list and deletes it; after each step `strapi_webhooks` holds
 * exactly what the page showed. The API's field errors show next to their fields. An Editor
 * (no `admin::webhooks.read`) sees no Webhooks entry and the API refuses it. Every page passes
 * axe-core's WCAG A/AA checks and raises no error or policy violation; screenshots are kept.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { hasChromium, launch, screenshot, signIn, watchProblems, PANEL_VIEWPORT, checkPage as checkPageIn } from './browser';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

interface Row {
  id: number;
  name: string;
  url: string;
  headers: unknown;
  events: unknown;
  enabled: boolean;
}

describe('the admin panel: webhooks settings in a browser', function () {
  this.timeout(180000);
  let app: TestApp;
  let receiver: Receiver;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let root: string;

  before(async function () {
    if (!hasChromium) {
      // CI installs it (.ci/run): there the test must run, never skip.
      if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
      this.skip();
    }
    receiver = await startReceiver();
    app = await startAdminApp('sqlite');
    root = await registerSuperAdmin(app, 'ada@example.com');
    browser = await launch();
    const context = await browser.newContext({ viewport: PANEL_VIEWPORT });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-webhooks-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-')}`);
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  const checkPage = (name: string) => checkPageIn(page, name);

  /** the rows of strapi_webhooks, JSON columns parsed and the flag a boolean on every database */
  const rows = async (): Promise<Row[]> =>
    (await app.knex('strapi_webhooks').select('id', 'name', 'url', 'headers', 'events', 'enabled').orderBy('id')).map((row: Row) => ({
      ...row,
      headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
      events: typeof row.events === 'string' ? JSON.parse(row.events) : row.events,
      enabled: Boolean(row.enabled),
    }));

  it('opens Settings → Webhooks after signing in as the Super Admin', async () => {
    await signIn(page, app.url, 'ada@example.com');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    await page.getByText('No webhook yet.').waitFor();
    await checkPage('webhooks-empty');
  });

  it('shows the API errors next to their fields', async () => {
    await page.getByRole('link', { name: 'Create new webhook' }).click();
    await page.getByRole('heading', { name: 'Create a webhook' }).waitFor();
    await page.getByLabel(/^Name/).fill('Loop');
    await page.getByLabel(/^Url/).fill(`${app.url}/api/articles`);
    await page.getByLabel('Header 1 name').fill('Content-Type');
    await page.getByLabel('Header 1 value').fill('text/plain');
    await page.getByRole('button', { name: 'Save' }).click();
    // the form is checked first: a header the request sets itself
    const headerError = 'headers has "Content-Type", which the request sets itself';
    await page.getByRole('alert').filter({ hasText: headerError }).waitFor();
    expect(await page.getByText(headerError, { exact: true }).count()).to.equal(2);
    // then where the url points: not at this server
    await page.getByLabel('Header 1 name').fill('Authorization');
    await page.getByLabel('Header 1 value').fill('Bearer abc');
    await page.getByRole('button', { name: 'Save' }).click();
    const urlError = `url points at this server itself (127.0.0.1 port ${new URL(app.url).port})`;
    await page.getByRole('alert').filter({ hasText: urlError }).waitFor();
    // beside its field: Mantine ties the message to the input (aria-describedby)
    const url = page.getByLabel(/^Url/);
    expect(await url.getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator(`[id="${await url.getAttribute('aria-describedby')}"]`).textContent()).to.equal(urlError);
    await checkPage('webhook-errors');
    expect(await rows()).to.deep.equal([]);
  });

  it('creates a webhook with a header and events, and lists it', async () => {
    await page.getByLabel(/^Name/).fill('Rebuild');
    await page.getByLabel(/^Url/).fill(`${receiver.url}/hooks`);
    await page.getByRole('button', { name: 'Add a header' }).click();
    await page.getByLabel('Header 2 name').fill('X-Site');
    await page.getByLabel('Header 2 value').fill('blog');
    await page.getByRole('checkbox', { name: 'Entry create' }).check();
    await page.getByRole('checkbox', { name: 'Entry publish' }).check();
    await page.getByRole('checkbox', { name: 'Media delete' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Webhook: Rebuild' }).waitFor();
    const [created] = await rows();
    expect(await rows()).to.deep.equal([
      {
        id: created?.id,
        name: 'Rebuild',
        url: `${receiver.url}/hooks`,
        headers: { Authorization: 'Bearer abc', 'X-Site': 'blog' },
        events: ['entry.create', 'entry.publish', 'media.delete'],
        enabled: true,
      },
    ]);
    expect(page.url()).to.equal(`${app.url}/admin/settings/webhooks/${created?.id}`);
    await checkPage('webhook-edit');

    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    await page.getByRole('cell', { name: 'Rebuild', exact: true }).waitFor();
    await page.getByRole('cell', { name: `${receiver.url}/hooks` }).waitFor();
    expect(await page.getByRole('switch', { name: 'Enable Rebuild' }).isChecked()).to.equal(true);
    await checkPage('webhooks-list');
  });

  it('triggers it and shows the status the receiver answered, or its failure', async () => {
    await page.getByRole('link', { name: 'Edit Rebuild' }).click();
    await page.getByRole('heading', { name: 'Webhook: Rebuild' }).waitFor();
    receiver.received.length = 0;
    receiver.answer = () => 202;
    await page.getByRole('button', { name: 'Trigger' }).click();
    await page.getByRole('status').filter({ hasText: 'The receiver answered 202' }).waitFor();
    expect(receiver.received.map((r) => [r.method, r.path, r.headers['x-strapi-event'], r.headers.authorization, r.headers['x-site']])).to.deep.equal([
      ['POST', '/hooks', 'trigger-test', 'Bearer abc', 'blog'],
    ]);
    receiver.answer = () => ({ status: 503, body: 'rebuilding already' });
    await page.getByRole('button', { name: 'Trigger' }).click();
    await page.getByRole('status').filter({ hasText: 'The receiver answered 503: rebuilding already' }).waitFor();
    await page.getByText('Trigger failed').waitFor();
    await checkPage('webhook-trigger');
    receiver.answer = () => 200;
  });

  it('changes its events', async () => {
    await page.getByRole('checkbox', { name: 'Entry publish' }).uncheck();
    await page.getByRole('checkbox', { name: 'Entry update' }).check();
    await page.getByRole('checkbox', { name: 'Media create' }).check();
    await page.getByRole('button', { name: 'Remove header 2' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const [row] = await rows();
    expect(await rows()).to.deep.equal([
      {
        id: row?.id,
        name: 'Rebuild',
        url: `${receiver.url}/hooks`,
        headers: { Authorization: 'Bearer abc' },
        events: ['entry.create', 'media.delete', 'entry.update', 'media.create'],
        enabled: true,
      },
    ]);
  });

  it('disables it from the list: the switch saves at once', async () => {
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    const toggle = page.getByRole('switch', { name: 'Enable Rebuild' });
    await toggle.waitFor();
    // by keyboard, as a keyboard user does
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Disabled', { exact: true }).waitFor();
    expect(await toggle.isChecked()).to.equal(false);
    const [row] = await rows();
    expect(row).to.deep.equal({
      id: row?.id,
      name: 'Rebuild',
      url: `${receiver.url}/hooks`,
      headers: { Authorization: 'Bearer abc' },
      events: ['entry.create', 'media.delete', 'entry.update', 'media.create'],
      enabled: false,
    });
    await checkPage('webhooks-disabled');
  });

  it('deletes it after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Rebuild' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.waitFor();
    await checkPage('webhook-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rows()).map((row) => row.name)).to.deep.equal(['Rebuild']);
    await page.getByRole('button', { name: 'Delete Rebuild' }).click();
    await dialog.getByRole('button', { name: 'Confirm delete' }).click();
    await page.getByText('No webhook yet.').waitFor();
    expect(await rows()).to.deep.equal([]);
  });

  it('is neither shown to nor served to an Editor, who lacks admin::webhooks.read', async () => {
    const editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
    const editorContext = await browser.newContext({ viewport: PANEL_VIEWPORT });
    const editorPage = await editorContext.newPage();
    const editorProblems = watchProblems(editorPage);
    await signIn(editorPage, app.url, 'editor@example.com');
    expect(await editorPage.getByRole('link', { name: 'Webhooks' }).count()).to.equal(0);
    await editorPage.goto(`${app.url}/admin/settings/webhooks`);
    await editorPage.getByRole('alert').filter({ hasText: 'You do not have the permissions to open this page.' }).waitFor();
    const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
    expect((await app.get('/admin/webhooks', bearer(editor.token))).body).to.deep.equal(forbidden);
    const body = { name: 'Sneaky', url: `${receiver.url}/x`, headers: {}, events: ['entry.create'] };
    expect((await app.post('/admin/webhooks', body, bearer(editor.token))).body).to.deep.equal(forbidden);
    expect(await rows()).to.deep.equal([]);
    expect(editorProblems).to.deep.equal([]);
    await editorContext.close();
  });

  it('reported no error and no policy violation', () => {
    // the browser's own line for each of the two saves the API refused, and nothing else
    const refused = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
    expect(problems).to.deep.equal([refused, refused]);
  });
});
