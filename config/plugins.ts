import type { EnvFn } from '@platform/core';

export default ({ env }: { env: EnvFn }) => ({
  i18n: {
    enabled: true,
    config: { defaultLocale: env('DEFAULT_LOCALE', 'en'), locales: ['en', 'fr'] },
  },
});
