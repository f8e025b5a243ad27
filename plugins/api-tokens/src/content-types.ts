/**
 * The two content-types behind API tokens, declared so that their tables are Strapi v4's
 * column for column and index for index: `strapi_api_tokens`, `strapi_api_token_permissions`,
 * and the link table `strapi_api_token_permissions_token_links` (`api_token_permission_id`,
 * `api_token_id`, `api_token_permission_order`) that the permission's `token` relation owns.
 * Name uniqueness is the service's check, as in Strapi (its table has no unique index). The
 * hash is private (never output, filtered or sorted on) and neither type is shown to content
 * tools, as in Strapi.
 */
import type { ContentTypeSchema } from '@platform/core';

export const TOKEN_UID = 'plugin::api-tokens.api-token';
export const PERMISSION_UID = 'plugin::api-tokens.api-token-permission';

export const TOKEN_TABLE = 'strapi_api_tokens';
export const PERMISSION_TABLE = 'strapi_api_token_permissions';
export const PERMISSION_LINK_TABLE = 'strapi_api_token_permissions_token_links';

const HIDDEN = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };

export const tokenSchema: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: TOKEN_TABLE,
  info: { singularName: 'api-token', pluralName: 'api-tokens', displayName: 'Api Token', description: '' },
  options: {},
  pluginOptions: HIDDEN,
  attributes: {
    name: { type: 'string', minLength: 1, configurable: false, required: true },
    description: { type: 'string', minLength: 1, maxLength: 256, configurable: false, required: false, default: '' },
    type: { type: 'enumeration', enum: ['read-only', 'full-access', 'custom'], configurable: false, required: true, default: 'read-only' },
    accessKey: { type: 'string', minLength: 1, configurable: false, required: true, private: true },
    lastUsedAt: { type: 'datetime', configurable: false, required: false },
    permissions: { type: 'relation', target: PERMISSION_UID, relation: 'oneToMany', mappedBy: 'token', configurable: false, required: false },
    expiresAt: { type: 'datetime', configurable: false, required: false },
    lifespan: { type: 'biginteger', configurable: false, required: false },
  },
};

export const permissionSchema: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: PERMISSION_TABLE,
  info: { singularName: 'api-token-permission', pluralName: 'api-token-permissions', displayName: 'API Token Permission', description: '' },
  options: {},
  pluginOptions: HIDDEN,
  attributes: {
    action: { type: 'string', minLength: 1, configurable: false, required: true },
    token: { type: 'relation', relation: 'manyToOne', inversedBy: 'permissions', target: TOKEN_UID, configurable: false },
  },
};
