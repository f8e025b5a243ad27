/**
 * The content of the site fixture app (test/fixtures/site-app), written the way an editor's
 * tools write it: files through `POST /api/upload` (real images, so that formats are made),
 * entries through REST with a full-access API token. What each write answered is kept, so that
 * tests compare what they read with what was stored, file by file.
 */
import path from 'node:path';
import type { ApiTokensService } from '@platform/api-tokens';
import type { DatabaseClient } from '@platform/core';
import { startApp, type StartOptions, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import type { Json } from '../helpers/json';
import { form, png, send, uploadApp } from '../upload/helpers';
import { authPlugins } from '../users-permissions/helpers';

export const SITE_APP = path.resolve(__dirname, '..', 'fixtures', 'site-app');
export const TOKEN_SALT = 'site-app-salt';

/** What a file record holds in a REST answer's `attributes` (and the GraphQL UploadFile type). */
export interface FileRecord {
  id: number;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  formats: Record<string, Record<string, Json>> | null;
  hash: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
  previewUrl: string | null;
  provider: string;
  provider_metadata: Json;
  createdAt: string;
  updatedAt: string;
}

const IMAGES = [
  ['cover-1', 640, 400],
  ['cover-2', 300, 200],
  ['gallery-a', 520, 300],
  ['gallery-b', 200, 120],
  ['gallery-c', 260, 180],
  ['avatar-ada', 160, 160],
  ['avatar-linus', 250, 250],
  ['share', 800, 420],
  ['share-fr', 400, 210],
  ['hero', 1100, 600],
  ['cta-icon', 64, 64],
  ['illustration', 480, 320],
  ['feature-icon', 48, 48],
  ['poster', 760, 428],
] as const;

/** The seeded files: the images above and `video` (a text file in a video block). */
export type FileName = (typeof IMAGES)[number][0] | 'video';

export interface Site {
  token: string;
  files: Record<FileName, FileRecord>;
  people: Record<'ada' | 'linus', number>;
  articles: Record<'first' | 'second' | 'bare', number>;
  page: { en: number; fr: number };
}

async function uploadFile(app: TestApp, token: string, name: string, data: Buffer, type: string): Promise<FileRecord> {
  const res = await send(app, 'POST', '/api/upload', form([{ name, type, data }], { fileInfo: JSON.stringify({ alternativeText: `${name} alt`, caption: null }) }), {
    authorization: `Bearer ${token}`,
  });
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`upload ${name}: ${res.status} ${res.text}`);
  const { id, ...attributes } = res.body[0] as Record<string, Json>;
  return { id: Number(id), ...(attributes as Omit<FileRecord, 'id'>) };
}

async function write(app: TestApp, token: string, method: 'POST' | 'PUT', url: string, body: unknown): Promise<number> {
  const res = await app.request(method, url, body, { authorization: `Bearer ${token}` });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return Number(res.body.data?.id ?? res.body.id);
}

/** Uploads the files and writes the people, the articles and the page in both locales. */
export async function seedSite(app: TestApp): Promise<Site> {
  const tokens: ApiTokensService = app.platform.service('plugin::api-tokens.api-tokens');
  const token = (await tokens.create({ name: 'editor', type: 'full-access' })).accessKey;
  const uploaded: Partial<Record<FileName, FileRecord>> = {};
  for (const [name, width, height] of IMAGES) uploaded[name] = await uploadFile(app, token, `${name}.png`, await png(width, height), 'image/png');
  uploaded.video = await uploadFile(app, token, 'clip.txt', Buffer.from('not really a video, a file all the same'), 'text/plain');
  const files = uploaded as Record<FileName, FileRecord>;
  const f = (name: FileName) => files[name].id;

  const ada = await write(app, token, 'POST', '/api/people', { data: { name: 'Ada', avatar: f('avatar-ada') } });
  const linus = await write(app, token, 'POST', '/api/people', { data: { name: 'Linus', avatar: f('avatar-linus') } });
  const first = await write(app, token, 'POST', '/api/articles', {
    data: { title: 'First', cover: f('cover-1'), gallery: [f('gallery-a'), f('gallery-b')], author: ada, seo: { metaTitle: 'First SEO', shareImage: f('share') } },
  });
  const second = await write(app, token, 'POST', '/api/articles', {
    data: { title: 'Second', cover: f('cover-2'), gallery: [f('gallery-c')], author: linus, seo: { metaTitle: 'Second SEO' } },
  });
  const bare = await write(app, token, 'POST', '/api/articles', { data: { title: 'Bare' } });

  const en = await write(app, token, 'PUT', '/api/page?locale=en', {
    data: {
      title: 'Home',
      slug: 'home',
      seo: { metaTitle: 'Home | Site', metaDescription: 'The home page', shareImage: f('share') },
      blocks: [
        { __component: 'blocks.hero', heading: 'Welcome', image: f('hero') },
        { __component: 'blocks.gallery', caption: 'Moments', images: [f('gallery-c'), f('gallery-a')] },
        { __component: 'blocks.quote', body: 'Simplicity is prerequisite for reliability.', by: 'Dijkstra' },
        { __component: 'blocks.rich-text', body: '## About\n\nWe make things.' },
        { __component: 'blocks.call-to-action', label: 'Start', url: '/start', icon: f('cta-icon') },
        {
          __component: 'blocks.feature-list',
          title: 'Why',
          illustration: f('illustration'),
          features: [
            { name: 'Fast', description: 'Very', icon: f('feature-icon') },
            { name: 'Light', description: 'Quite' },
          ],
        },
        { __component: 'blocks.testimonial', text: 'It works.', person: ada },
        { __component: 'blocks.video', title: 'Demo', file: f('video'), poster: f('poster') },
      ],
    },
  });
  const localized = await app.post(
    '/api/page/localizations',
    {
      locale: 'fr',
      title: 'Accueil',
      seo: { metaTitle: 'Accueil | Site', shareImage: f('share-fr') },
      blocks: [
        { __component: 'blocks.hero', heading: 'Bienvenue', image: f('hero') },
        { __component: 'blocks.testimonial', text: 'Ça marche.', person: linus },
      ],
    },
    { authorization: `Bearer ${token}` },
  );
  if (localized.status !== 200) throw new Error(`page localization: ${localized.status} ${localized.text}`);
  // publish the French page too (a new localization starts as a draft)
  const fr = Number(localized.body.id);
  await write(app, token, 'PUT', '/api/page?locale=fr', { data: { publishedAt: new Date().toISOString() } });
  return { token, files, people: { ada, linus }, articles: { first, second, bare }, page: { en, fr } };
}

/** A file as REST populates it: `{ id, attributes }`. */
export function restFile(file: FileRecord): { id: number; attributes: Omit<FileRecord, 'id'> } {
  const { id, ...attributes } = file;
  return { id, attributes };
}

/** What the public and authenticated roles may do in the site tests: read everything, media included. */
export const READ_SITE = [
  'api::page.page.find',
  'api::article.article.find',
  'api::article.article.findOne',
  'api::person.person.find',
  'api::person.person.findOne',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
];

export interface SiteContext {
  app: TestApp;
  client: DatabaseClient;
  site: Site;
}

export interface SiteOptions {
  /** the actions of each role (default: both may read the site) */
  permissions?: Record<string, string[]>;
  /** the graphql plugin's config */
  graphql?: Record<string, unknown>;
  /** how the platform runs, and its logger */
  start?: Pick<StartOptions, 'mode' | 'logger'>;
}

/**
 * `describe` once per database of TEST_DATABASES: the site app in a folder of its own (the
 * uploaded files land there), users-permissions with the roles' permissions, api-tokens, and
 * the content seeded.
 */
export function describeSite(title: string, fn: (ctx: SiteContext) => void, options: SiteOptions = {}): void {
  const permissions = options.permissions ?? { public: READ_SITE, authenticated: READ_SITE };
  const plugins = { ...authPlugins({ permissions }), 'api-tokens': { config: { salt: TOKEN_SALT } }, ...(options.graphql ? { graphql: { config: options.graphql } } : {}) };
  for (const client of testClients()) {
    describe(`${title} [${client}]`, function () {
      this.timeout(120000);
      const ctx = { client } as SiteContext;
      let dir: ReturnType<typeof uploadApp> | undefined;
      before(async () => {
        dir = uploadApp({}, SITE_APP);
        ctx.app = await startApp({ ...options.start, client, appDir: dir.dir, config: { plugins } });
        ctx.site = await seedSite(ctx.app);
      });
      after(async () => {
        await ctx.app?.close();
        dir?.remove();
      });
      fn(ctx);
    });
  }
}
