/**
 * The relations plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('relations', {
  /** `apply` called with something `prepare` did not return */
  PREPARED_MISMATCH: { kind: 'internal' },
});
