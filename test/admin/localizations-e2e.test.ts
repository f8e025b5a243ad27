/**
 * Localizations in the panel's edit view, in headless Chromium: from an English article the
 * locale switcher offers French (not created yet), which opens a create form in French linked to
 * the article; "Fill in from another locale" copies the English values; the save creates the
 * French entry as the article's localization (`articles_localizations_links` both ways), and the
 * switcher of each entry then opens the other. axe-core finds no violation on the pages, and the
 * page raises no error or policy violation; screenshots are kept.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app';
import { hasChromium, launch, screenshot, signIn, watchProblems, PANEL_VIEWPORT, checkPage as checkPageIn } from './browser';
import { bearer, registerSuperAdmin, startAdminApp } from './helpers';

const ARTICLES = '/content-manager/collection-types/api::article.article';

describe('the admin panel: localizations in a browser', function () {
  this.timeout(180000);
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let english: number;

  before(async function () {
    if (!hasChromium) {
      // CI installs it (.ci/run): there the test must run, never skip.
      if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
      this.skip();
    }
    app = await startAdminApp('sqlite');
    const root = await registerSuperAdmin(app, 'ada@example.com');
    const created = await app.post(ARTICLES, { title: 'Hello world', slug: 'hello-world', views: 3 }, bearer(root));
    expect(created.status, created.text).to.equal(201);
    english = created.body.id as number;
    browser = await launch();
    const context = await browser.newContext({ viewport: PANEL_VIEWPORT });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-localizations-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-')}`);
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  const checkPage = (name: string) => checkPageIn(page, name);

  const switchTo = async (name: string) => {
    await page.getByRole('textbox', { name: 'Locales', exact: true }).click();
    await page.getByRole('option', { name }).click();
  };

  it('creates a French localization of an English article through the locale switcher', async () => {
    await signIn(page, app.url, 'ada@example.com');
    await page.goto(`${app.url}/admin${ARTICLES}/${english}`);
    await page.getByRole('heading', { name: `Article #${english}` }).waitFor();
    await checkPage('localizations-english');
    await switchTo('French (fr)');

    await page.getByRole('heading', { name: 'Create an entry: Article' }).waitFor();
    expect(decodeURIComponent(page.url())).to.contain(`plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${english}`);
    expect(await page.getByRole('textbox', { name: 'Locale', exact: true }).inputValue()).to.equal('French (fr)');
    await page.getByRole('textbox', { name: 'Fill in from another locale' }).click();
    await page.getByRole('option', { name: 'English (en)' }).click();
    const title = page.getByLabel(/^Title/).first();
    await title.waitFor();
    expect(await title.inputValue()).to.equal('Hello world');
    await title.fill('Bonjour le monde');
    await checkPage('localizations-create-french');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { name: /^Article #\d+$/ }).waitFor();
    const french = Number((await page.getByRole('heading', { name: /^Article #\d+$/ }).textContent())?.replace(/\D/g, ''));
    expect(french).to.not.equal(english);
    const row = await app.knex('articles').where('id', french).first('title', 'locale', 'views');
    expect({ ...row, views: Number(row.views) }).to.deep.equal({ title: 'Bonjour le monde', locale: 'fr', views: 3 });
    const links = (await app.knex('articles_localizations_links').select('article_id', 'inv_article_id').orderBy('id')).map((r: Record<string, unknown>) => [
      Number(r.article_id),
      Number(r.inv_article_id),
    ]);
    expect(links).to.deep.equal([
      [english, french],
      [french, english],
    ]);
  });

  it("opens each localization from the other's switcher", async () => {
    expect(await page.getByRole('textbox', { name: 'Locales', exact: true }).inputValue()).to.equal('French (fr)');
    await checkPage('localizations-french');
    await switchTo('English (en)');
    await page.getByRole('heading', { name: `Article #${english}` }).waitFor();
    expect(
      await page
        .getByLabel(/^Title/)
        .first()
        .inputValue(),
    ).to.equal('Hello world');
    expect(await page.getByRole('textbox', { name: 'Locales', exact: true }).inputValue()).to.equal('English (en)');
    // every locale now exists: nothing left to create
    await page.getByRole('textbox', { name: 'Locales', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).to.deep.equal(['English (en)', 'French (fr)']);
    await page.keyboard.press('Escape');
    expect(problems).to.deep.equal([]);
  });
});
