/**
 * Publication on writes, following Strapi v4's REST defaults: a create publishes at once unless
 * `data.publishedAt` is sent (null makes a draft); an update leaves `publishedAt` alone unless
 * it is sent (a date publishes, null unpublishes), which the write path already does. A draft
 * may be incomplete: `required` attributes and minimum item counts are not enforced.
 */
import type { WriteContext } from '@platform/query-engine';
import { PUBLISHED_AT } from './extend-schemas';
import { modelHasDrafts } from './publication-state';

export function publishOnCreate(context: WriteContext, now: () => Date = () => new Date()): void {
  if (!modelHasDrafts(context.model)) return;
  if (Object.hasOwn(context.data, PUBLISHED_AT)) return;
  context.data[PUBLISHED_AT] = now().toISOString();
}

/** A write stores a draft when the final `publishedAt` (sent, or else stored) is null. */
export function relaxRequiredForDrafts(context: WriteContext): void {
  if (!modelHasDrafts(context.model)) return;
  const value = Object.hasOwn(context.data, PUBLISHED_AT) ? context.data[PUBLISHED_AT] : context.existing?.[PUBLISHED_AT];
  if (value === null) context.relaxRequired = true;
}
