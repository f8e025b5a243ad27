/**
 * The graphql plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('graphql', {
  /** the plugin's configuration is invalid */
  CONFIG_INVALID: { kind: 'boot' },
  /** an extension was registered after the schema was built */
  EXTENSION_CLOSED: { kind: 'internal' },
  /** `use()` was given something that is not an extension */
  EXTENSION_INVALID: { kind: 'internal' },
  /** an extension's types, SDL or resolvers could not be added to the schema */
  SCHEMA_INVALID: { kind: 'boot' },
  /** a `resolversConfig` entry names a policy or a middleware that is not registered */
  UNKNOWN_POLICY: { kind: 'boot' },
  UNKNOWN_MIDDLEWARE: { kind: 'boot' },
  /** the same attribute is selected twice under one entry with different arguments */
  CONFLICTING_ARGUMENTS: { kind: 'request', status: 400, name: 'ValidationError' },
  /** a multipart request that does not follow the GraphQL multipart request spec, or is no mutation */
  MULTIPART_INVALID: { kind: 'request', status: 400, name: 'BadRequestError' },
  /** a dynamic-zone item names a component the zone does not list */
  UNKNOWN_COMPONENT: { kind: 'request', status: 400, name: 'ValidationError' },
});
