/**
 * Headless Chromium (Debian's `chromium`, which .ci/run installs) driven by playwright-core
 * for the admin panel's end-to-end tests; screenshots go to `.tmp/admin-screenshots/`
 * (gitignored), kept after the run as the test's artefacts.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PASSWORD } from './helpers';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM) && spawnSync(CHROMIUM, ['--version'], { stdio: 'ignore' }).status === 0;
/** The size of the browser window every panel test opens. */
export const PANEL_VIEWPORT = { width: 1280, height: 900 };
export const SCREENSHOTS = path.resolve(__dirname, '..', '..', '.tmp', 'admin-screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'] });
}

/** What the page reported as a problem: console errors (CSP violations among them) and uncaught exceptions. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Signs `email` in (password PASSWORD) on the admin panel at `appUrl`, through its sign-in page; resolves on the home page. */
export async function signIn(page: Page, appUrl: string, email: string): Promise<void> {
  await page.goto(`${appUrl}/admin/auth/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await settled(page);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // the whole page in one viewport: a full-page capture of a taller page would paint the fixed
  // header and menu where the first viewport ends, not where an editor sees them
  const viewport = page.viewportSize();
  // a string, evaluated in the page (this file is compiled without the DOM's types)
  const height = (await page.evaluate('Math.max(document.documentElement.scrollHeight, window.innerHeight)')) as number;
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
  try {
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  }
}

/** A screenshot of the page as an editor sees it, kept as `name`, and no axe-core violation on it. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const violations = await axeViolations(page);
  expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[]; html?: string }>;
}

/**
 * Resolves once no finite CSS transition or animation runs in the page: a dialog fading in is
 * attached and "visible" to the locators while its colours are still half transparent, and
 * what a check reads then (axe's contrast, a screenshot) is not what an editor sees. A spinner
 * that turns for ever is no transition and is not waited for; a page still moving after
 * `timeout` fails with the animations named, not a bare time-out.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  // functions, not strings: the panel's content security policy refuses eval in the page
  try {
    await page.waitForFunction(
      () => {
        const { document } = globalThis as unknown as { document: { getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations: number } } | null }> } };
        return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY);
      },
      undefined,
      { timeout },
    );
  } catch (error) {
    const running = await page
      .evaluate(() => {
        const { document } = globalThis as unknown as { document: { getAnimations(): Array<{ playState: string; animationName?: string; transitionProperty?: string }> } };
        return document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => animation.animationName ?? animation.transitionProperty ?? 'an animation');
      })
      .catch(() => [] as string[]);
    throw new Error(`the page still moves after ${timeout} ms (${running.join(', ') || 'no animation left'}): ${(error as Error).message}`);
  }
}

/**
 * axe-core's violations on the page. The script is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy does not govern (a <script> tag would be refused).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  // a string, evaluated in the page (this file is compiled without the DOM's types)
  return page.evaluate<AxeViolation[]>(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160) })) })))`);
}

/** A 2×2 PNG (red pixels), for an image upload. */
export function tinyPng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
}
