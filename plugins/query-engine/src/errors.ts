/**
 * The query engine's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('query-engine', {
  /** a field kind registered after the query engine's bootstrap */
  FIELD_KINDS_FROZEN: { kind: 'boot' },
  /** two plugins register a field kind for the same attribute type */
  FIELD_KIND_DUPLICATE: { kind: 'boot' },
  /** an attribute of a plugin-provided type that no plugin gave a field kind */
  FIELD_KIND_MISSING: { kind: 'boot' },
  /** a field kind looked up at request time for a type that has none */
  FIELD_KIND_UNKNOWN: { kind: 'internal' },
  /** a client parameter declared after every plugin's register step */
  PARAMS_LOCKED: { kind: 'boot' },
  /** a client parameter another plugin (or the engine) already declared */
  PARAM_DUPLICATE: { kind: 'boot' },
  /** an internal flag (`includePrivate`, `includeHidden`) declared as a client parameter */
  PARAM_INTERNAL: { kind: 'boot' },
});
