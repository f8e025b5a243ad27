/**
 * The token tables are no content: when the graphql plugin is enabled, its generated schema
 * leaves both types out (as Strapi v4 keeps its admin types out of the content API), through
 * the extension service it publishes for this (`shadowCRUD(uid).disable()`).
 */
import type { PluginContext } from '@platform/core';
import { PERMISSION_UID, TOKEN_UID } from './content-types';

/** The part of `plugin::graphql.extension` used here. */
interface GraphqlExtension {
  shadowCRUD(uid: string): { disable(): unknown };
}

export const GRAPHQL = 'graphql';

export function hideFromGraphql(ctx: PluginContext): void {
  if (!ctx.isEnabled(GRAPHQL)) return;
  const extension = ctx.service<GraphqlExtension>(`plugin::${GRAPHQL}.extension`);
  for (const uid of [TOKEN_UID, PERMISSION_UID]) extension.shadowCRUD(uid).disable();
}
