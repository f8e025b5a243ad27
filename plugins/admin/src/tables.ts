/**
 * The plugin's name and Strapi v4's tables of administrators (./store/schema.ts creates them):
 * `admin_users`, `admin_roles`, `admin_permissions`, and the link tables
 * `admin_users_roles_links` (`user_id`, `role_id`, `role_order`, `user_order`) and
 * `admin_permissions_role_links` (`permission_id`, `role_id`, `permission_order`). An
 * administrator of a Strapi v4 database logs in with its password as it is stored.
 */
export const PLUGIN_NAME = 'admin';

export const TABLES = {
  users: 'admin_users',
  roles: 'admin_roles',
  permissions: 'admin_permissions',
  userRoles: 'admin_users_roles_links',
  permissionRole: 'admin_permissions_role_links',
} as const;
