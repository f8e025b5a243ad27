/**
 * The plugin's content-types, as Strapi v4 declares them, so an existing Strapi database keeps
 * its users, roles and permissions: `up_users`, `up_roles`, `up_permissions` and the link
 * tables `up_users_role_links` and `up_permissions_role_links`.
 */
import type { ContentTypeSchema } from '@platform/core';

export const PLUGIN_NAME = 'users-permissions';
export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';

const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };

const user: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: 'up_users',
  info: { name: 'user', description: '', singularName: 'user', pluralName: 'users', displayName: 'User' },
  options: { draftAndPublish: false },
  attributes: {
    username: { type: 'string', minLength: 3, unique: true, configurable: false, required: true },
    email: { type: 'email', minLength: 6, configurable: false, required: true },
    provider: { type: 'string', configurable: false },
    password: { type: 'password', minLength: 6, configurable: false, private: true, searchable: false },
    resetPasswordToken: { type: 'string', configurable: false, private: true, searchable: false },
    confirmationToken: { type: 'string', configurable: false, private: true, searchable: false },
    confirmed: { type: 'boolean', default: false, configurable: false },
    blocked: { type: 'boolean', default: false, configurable: false },
    role: { type: 'relation', relation: 'manyToOne', inversedBy: 'users', target: ROLE_UID, configurable: false },
    // Not one of Strapi's: a JWT issued before this time is refused. A column Strapi ignores
    // (its schema sync diffs its own stored schema, not the table), so Strapi still reads the table.
    passwordChangedAt: { type: 'datetime', configurable: false, private: true, searchable: false, writable: false },
  },
} as ContentTypeSchema;

const role: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: 'up_roles',
  info: { name: 'role', description: '', singularName: 'role', pluralName: 'roles', displayName: 'Role' },
  pluginOptions: hidden,
  options: { draftAndPublish: false },
  attributes: {
    name: { type: 'string', minLength: 3, required: true, configurable: false },
    description: { type: 'string', configurable: false },
    type: { type: 'string', unique: true, configurable: false },
    permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role', configurable: false },
    users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role', configurable: false },
  },
} as ContentTypeSchema;

const permission: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: 'up_permissions',
  info: { name: 'permission', description: '', singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
  pluginOptions: hidden,
  options: { draftAndPublish: false },
  attributes: {
    action: { type: 'string', required: true, configurable: false },
    role: { type: 'relation', relation: 'manyToOne', inversedBy: 'permissions', target: ROLE_UID, configurable: false },
  },
} as ContentTypeSchema;

export const contentTypes = { user: { schema: user }, role: { schema: role }, permission: { schema: permission } };
