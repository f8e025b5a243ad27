/**
 * Adds the `publishedAt` attribute to every content-type that opts into draft & publish.
 * The kernel appends `createdAt`/`updatedAt` before this runs, so `publishedAt` follows them
 * (the key order of Strapi v4 responses).
 */
import type { Attribute, ContentTypeSchema, SchemaSet } from '@platform/core';

export const PUBLISHED_AT = 'publishedAt';

export const publishedAtAttribute: Attribute = { type: 'datetime', configurable: false, writable: true, visible: false };

export function hasDraftAndPublish(schema: Pick<ContentTypeSchema, 'options'>): boolean {
  return schema.options?.draftAndPublish === true;
}

export function addPublishedAt(schemas: SchemaSet): void {
  for (const ct of schemas.contentTypes.values()) {
    if (!hasDraftAndPublish(ct.schema)) continue;
    // Re-adding keeps the key last if a previous tap already placed it elsewhere.
    const { [PUBLISHED_AT]: _previous, ...rest } = ct.schema.attributes;
    ct.schema.attributes = { ...rest, [PUBLISHED_AT]: { ...publishedAtAttribute } };
  }
}
