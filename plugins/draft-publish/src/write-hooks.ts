/**
 * Publication on writes, following Strapi v4's REST defaults: a create publishes at once unless
 * `data.publishedAt` is sent (null makes a draft); an update leaves `publishedAt` alone unless
 * it is sent (a date publishes, null unpublishes), which the write path already does.
 */
import type { WriteContext } from '@platform/query-engine';
import { PUBLISHED_AT } from './extend-schemas';
import { modelHasDrafts } from './publication-state';

export function publishOnCreate(context: WriteContext, now: () => Date = () => new Date()): void {
  if (!modelHasDrafts(context.model)) return;
  if (Object.prototype.hasOwnProperty.call(context.data, PUBLISHED_AT)) return;
  context.data[PUBLISHED_AT] = now().toISOString();
}
