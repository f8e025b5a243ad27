/**
 * The content-manager plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('content-manager', {
  /** `createCoreRouter(uid, { only, except })` names something that is not an action */
  ROUTER_OPTIONS: { kind: 'boot' },
  /** a core factory declared for a uid that is not an api content-type */
  FACTORY_TARGET: { kind: 'boot' },
  /** a core factory in the wrong folder (a router in `controllers/`) */
  FACTORY_FOLDER: { kind: 'boot' },
});
