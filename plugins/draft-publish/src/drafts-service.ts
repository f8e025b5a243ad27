/**
 * What draft & publish publishes for other plugins (`plugin::draft-publish.drafts`): whether a
 * model has drafts, and how to make data a draft. i18n uses it, when this plugin is enabled, so
 * that a new localization starts as a draft.
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
}

export function createDraftsService(): DraftsService {
  return Object.freeze({
    attribute: PUBLISHED_AT,
    hasDrafts: modelHasDrafts,
    startAsDraft(model: Model, data: Record<string, unknown>) {
      if (modelHasDrafts(model) && !Object.hasOwn(data, PUBLISHED_AT)) data[PUBLISHED_AT] = null;
    },
  });
}
