/**
 * A Strapi v4 project may declare the inverse side of a relation (`mappedBy: 'author'`) whose
 * target has no such attribute: Strapi boots with it (the inverse side stores nothing of its
 * own) and fails only when a request populates it. Strapi's FoodAdvisor demo ships one. The
 * platform checks both sides of every relation before it builds its models, so in a project in
 * Strapi's layout such an attribute is left out with a warning naming both sides: it could hold
 * no link, and the rest of the project runs unchanged. An app in the platform's own layout keeps
 * the strict check (a misspelt `mappedBy` there is an error that names it).
 */
import type { Logger, SchemaSet } from '@platform/core';

export function leaveOutDanglingInverseRelations(schemas: SchemaSet, log: Logger): void {
  for (const contentType of schemas.contentTypes.values()) {
    const attributes = contentType.schema.attributes;
    for (const [name, attribute] of Object.entries(attributes)) {
      if (attribute.type !== 'relation' || typeof attribute.mappedBy !== 'string' || typeof attribute.target !== 'string') continue;
      const target = schemas.contentTypes.get(attribute.target);
      // an unknown target, or an inverse that exists but does not point back, stays the schema check's error
      if (!target || attribute.mappedBy in target.schema.attributes) continue;
      delete attributes[name];
      log.warn(
        `${contentType.uid}: attribute "${name}" is mappedBy "${attribute.mappedBy}" on ${attribute.target}, which has no such attribute; it is left out (it could hold no link; Strapi fails when it is populated). Add "${attribute.mappedBy}" to ${attribute.target} with inversedBy "${name}", or remove "${name}", to silence this`,
      );
    }
  }
}
