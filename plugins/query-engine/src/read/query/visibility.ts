/**
 * Which attributes a request may see, select, filter or sort on. Private attributes and
 * passwords never leave the server and are never usable in a query (they would be oracles),
 * unless an internal caller asks with `includePrivate`.
 */
import type { Field } from '@platform/core';

export interface VisibilityOptions {
  includePrivate?: boolean;
}

export function isHidden(field: Field, options: VisibilityOptions = {}): boolean {
  if (options.includePrivate) return false;
  return field.attribute.private === true || (field.kind === 'scalar' && field.type === 'password');
}
