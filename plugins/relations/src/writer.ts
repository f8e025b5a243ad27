/**
 * (Being written.) Implements RelationWriter.
 */
import type { Platform } from '@platform/core';
import type { RelationWriter } from '@platform/query-engine';

export function createRelationWriter(platform: Platform): RelationWriter {
  void platform;
  return {
    async prepare() {
      return { fields: [] };
    },
    async apply() {},
    async deleteLinks() {},
  };
}
