import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('cache', {
  REDIS_MISSING: { kind: 'boot' },
});
