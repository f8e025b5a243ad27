/**
 * Every content-type has `createdAt` and `updatedAt`, as in Strapi v4: added after the user's
 * attributes so that they are ordinary datetime fields (`created_at`, `updated_at` columns)
 * for the models, the database and every plugin. Components have none.
 */
import type { SchemaSet } from './types';

export function addTimestamps(schemas: SchemaSet): void {
  for (const loaded of schemas.contentTypes.values()) {
    const { attributes } = loaded.schema;
    // A copy, never an edit: a plugin's schema object is shared by every platform in the process.
    loaded.schema = {
      ...loaded.schema,
      attributes: { ...attributes, createdAt: attributes.createdAt ?? { type: 'datetime' }, updatedAt: attributes.updatedAt ?? { type: 'datetime' } },
    };
  }
}
