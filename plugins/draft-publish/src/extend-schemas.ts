/**
 * Adds the `publishedAt` attribute to every content-type that opts into draft & publish.
 * The kernel appends `createdAt`/`updatedAt` before this runs, so `publishedAt` follows them
 * (the key order of Strapi v4 responses).
 */
import type { Attribute, ContentTypeSchema, SchemaSet } from '@platform/core';

export const PUBLISHED_AT = 'publishedAt';

/**
 * A draft is a row whose publication date is NULL, hidden in `live`. The attribute says so to
 * the kernel (`hidesRowsWhenNull`), which then refuses to start when this plugin or a type's
 * `draftAndPublish` is switched off while drafts exist, instead of serving them, and gives the
 * rows of a type that gains draft & publish their creation date, so they stay public.
 */
export const publishedAtAttribute: Attribute = {
  type: 'datetime',
  configurable: false,
  writable: true,
  visible: false,
  hidesRowsWhenNull: { noun: 'draft', reveal: 'publish', revealFrom: 'createdAt' },
};

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
