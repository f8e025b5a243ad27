/**
 * The `publicationState` parameter: `live` (the default) shows published entries only, at the
 * root, for a read by id and in every populated level; `preview` shows drafts too.
 */
import { ValidationError, type Model } from '@platform/core';
import type { FindParams, ParamDeclaration, ScopeContext } from '@platform/query-engine';
import { PUBLISHED_AT } from './extend-schemas';
import { PUBLICATION_STATE_GRAPHQL } from './graphql-declarations';

export const PUBLICATION_STATES = ['live', 'preview'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/**
 * The client parameter, as declared to the content-API contract (its value is checked below),
 * with what the transports read to describe it: the API's document lists it on the routes of
 * the content-types with drafts, GraphQL makes it an argument (./graphql-declarations.ts).
 */
export const PUBLICATION_STATE_PARAM: ParamDeclaration = {
  name: 'publicationState',
  owner: 'draft-publish',
  kinds: ['string'],
  appliesTo: modelHasDrafts,
  openapi: {
    description: '`live` (the default): published entries only, at every level; `preview`: drafts too',
    schema: { type: 'string', enum: [...PUBLICATION_STATES] },
  },
  graphql: PUBLICATION_STATE_GRAPHQL,
};

/** A model has drafts when the plugin gave it a `publishedAt` attribute. */
export function modelHasDrafts(model: Model): boolean {
  return model.fields.has(PUBLISHED_AT) && model.options.draftAndPublish === true;
}

/** Throws a 400 for any value other than `live`/`preview` (absent means `live`). */
export function validatePublicationState(params: FindParams): void {
  const value = params.publicationState;
  if (value === undefined) return;
  if (typeof value !== 'string' || !(PUBLICATION_STATES as readonly string[]).includes(value)) {
    throw new ValidationError('Invalid parameter publicationState', {});
  }
}

export function publicationStateOf(params: FindParams): PublicationState {
  return params.publicationState === 'preview' ? 'preview' : 'live';
}

/**
 * Hides drafts of draft & publish models unless the root request asked for `preview`, or an
 * internal read asked for hidden entries (the answer of a write, a lookup before one).
 */
export function scopePublicationState(context: ScopeContext): void {
  if (!modelHasDrafts(context.model)) return;
  if (context.params.includeHidden === true || publicationStateOf(context.params) === 'preview') return;
  context.filters.push({ [PUBLISHED_AT]: { $notNull: true } });
}
