/**
 * What draft & publish publishes for other plugins (`plugin::draft-publish.drafts`): whether a
 * model has drafts, how to make data a draft, and what a write did to an entry's publication.
 * i18n uses it, when this plugin is enabled, so that a new localization starts as a draft; the
 * event emitters (webhooks, Strapi's event hub) tell `entry.publish` and `entry.unpublish` by it.
 */
import type { Model } from '@platform/core';
import { PUBLISHED_AT } from './extend-schemas';
import { modelHasDrafts } from './publication-state';

export interface DraftsService {
  /** the attribute that holds the publication date (null: a draft) */
  readonly attribute: string;
  hasDrafts(model: Model): boolean;
  /** makes `data` a draft of `model` unless it says otherwise (sets the attribute to null) */
  startAsDraft(model: Model, data: Record<string, unknown>): void;
  /**
   * What a write did to the entry's publication: `publish` for a create of a published entry or
   * an update that published a draft, `unpublish` for an update that made it a draft again,
   * null otherwise (a delete, a type without drafts, no change).
   */
  publicationChange(model: Model, write: PublicationWrite): 'publish' | 'unpublish' | null;
}

/** What a write knew of the entry (the query engine's write context has these). */
export interface PublicationWrite {
  action: 'create' | 'update' | 'delete';
  /** the entry before an update */
  existing?: Record<string, unknown> | null;
  /** what was written */
  data?: Record<string, unknown> | null;
  /** the entry as the write read it back */
  result?: Record<string, unknown> | null;
}

/** Whether `value` says the entry is published (null: it does not say). */
function published(value: Record<string, unknown> | null | undefined): boolean | null {
  if (!value || !Object.hasOwn(value, PUBLISHED_AT)) return null;
  return value[PUBLISHED_AT] !== null;
}

function publicationChange(model: Model, write: PublicationWrite): 'publish' | 'unpublish' | null {
  if (!modelHasDrafts(model) || write.action === 'delete') return null;
  const after = published(write.result) ?? published(write.data);
  if (write.action === 'create') return after ? 'publish' : null;
  const before = published(write.existing);
  if (before === false && after === true) return 'publish';
  if (before === true && after === false) return 'unpublish';
  return null;
}

export function createDraftsService(): DraftsService {
  return Object.freeze({
    attribute: PUBLISHED_AT,
    hasDrafts: modelHasDrafts,
    startAsDraft(model: Model, data: Record<string, unknown>) {
      if (modelHasDrafts(model) && !Object.hasOwn(data, PUBLISHED_AT)) data[PUBLISHED_AT] = null;
    },
    publicationChange,
  });
}
