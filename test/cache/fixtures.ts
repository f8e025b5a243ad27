/**
 * What the cache tests share: the app's options with the cache on, and their seed data.
 */
import { expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import type { StartOptions, TestApp } from '../helpers/app';
import { bearer, tokenAppOptions } from '../api-tokens/token-helpers';

export const CACHE_ON = { plugins: { cache: { enabled: true } } };

/** the example app with the API tokens (and users-permissions) plugins and the cache on */
export function tokenAppWithCache(): Pick<StartOptions, 'config'> {
  const options = tokenAppOptions();
  options.config = { ...options.config, plugins: { ...options.config?.plugins, cache: { enabled: true } } };
  return options;
}

/** a full-access token makes the category `News`; returns the tokens service */
export async function seedThroughToken(app: TestApp): Promise<ApiTokensService> {
  const service = app.platform.service('plugin::api-tokens.api-tokens');
  const admin = await service.create({ name: 'seed', type: 'full-access' });
  expect((await app.post('/api/categories', { data: { name: 'News' } }, bearer(admin.accessKey))).status).to.equal(200);
  return service;
}

/** a category, a tag and a published article in both (with `article` added to its data) */
export async function seedArticle(app: TestApp, article: Record<string, unknown> = {}): Promise<{ category: number; tag: number; article: number }> {
  const category = (await app.post('/api/categories', { data: { name: 'News' } })).body.data.id;
  const tag = (await app.post('/api/tags', { data: { name: 'red' } })).body.data.id;
  const res = await app.post('/api/articles', { data: { title: 'First', category, tags: [tag], publishedAt: new Date().toISOString(), ...article } });
  expect(res.status, res.text).to.equal(200);
  return { category, tag, article: res.body.data.id };
}
