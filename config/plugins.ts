import type { EnvFn } from '@platform/core';

/**
 * The example app's content-types: anyone may read them; writing needs a user (JWT) of the
 * authenticated role, who may also upload, list and delete media.
 */
const CONTENT_TYPES = ['article', 'category', 'tag', 'writer', 'profile'];

export default ({ env }: { env: EnvFn }) => ({
  i18n: {
    enabled: true,
    config: { defaultLocale: env('DEFAULT_LOCALE', 'en'), locales: ['en', 'fr'] },
  },
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      permissions: {
        public: [...CONTENT_TYPES.flatMap((name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`]), 'api::global.global.find'],
        authenticated: [...CONTENT_TYPES.map((name) => `api::${name}.${name}.*`), 'api::global.global.*', 'plugin::upload.content-api.*'],
      },
    },
  },
  // on under `platform start`, off under `develop` (CACHE=off: off everywhere); answers in this
  // process or in Redis (CACHE_STORE=redis, REDIS_URL in config/server.ts)
  cache: env('CACHE', 'auto') === 'off' ? { enabled: false } : { config: { store: env('CACHE_STORE', 'memory') } },
});
