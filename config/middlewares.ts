import type { EnvFn } from '@platform/core';

// Strapi v4's default list; compression is off unless COMPRESSION=true (the bench turns it on).
export default ({ env }: { env: EnvFn }) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  // before strapi::public, so that files are compressed too
  ...(env.bool('COMPRESSION', false) ? [{ name: 'platform::compression', config: { threshold: env.int('COMPRESSION_THRESHOLD', 4096) } }] : []),
  'strapi::public',
];
