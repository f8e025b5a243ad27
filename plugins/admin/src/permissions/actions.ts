/**
 * The actions an administrator's role may grant, with Strapi v4's names, so that the
 * `admin_permissions` rows of a Strapi database mean the same here. Content actions take a
 * content-type uid as subject and may carry `properties.fields` / `properties.locales` and
 * conditions; the others have no subject.
 */
export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';
export const AUTHOR_CODE = 'strapi-author';

export const IS_CREATOR = 'admin::is-creator';
export const SAME_ROLE_AS_CREATOR = 'admin::has-same-role-as-creator';
/** the conditions this panel evaluates; a permission with any other never applies */
export const KNOWN_CONDITIONS: ReadonlySet<string> = new Set([IS_CREATOR, SAME_ROLE_AS_CREATOR]);

export const CONTENT_ACTIONS = {
  create: 'plugin::content-manager.explorer.create',
  read: 'plugin::content-manager.explorer.read',
  update: 'plugin::content-manager.explorer.update',
  delete: 'plugin::content-manager.explorer.delete',
  publish: 'plugin::content-manager.explorer.publish',
} as const;

export type ContentAction = keyof typeof CONTENT_ACTIONS;

export interface ActionDefinition {
  action: string;
  /** where the roles page shows it */
  section: 'contentTypes' | 'plugins' | 'settings';
  /** the plugin that must be enabled for it to mean anything (null: always) */
  plugin: string | null;
  displayName: string;
  category?: string;
  /** a group within a plugin's actions (declared by the plugin) */
  subCategory?: string;
}

const settings = (action: string, category: string, displayName: string, plugin: string | null = null): ActionDefinition => ({ action, section: 'settings', plugin, displayName, category });
const pluginAction = (action: string, plugin: string, displayName: string): ActionDefinition => ({ action, section: 'plugins', plugin, displayName });

export const ACTIONS: readonly ActionDefinition[] = [
  ...Object.entries(CONTENT_ACTIONS).map(([name, action]) => ({ action, section: 'contentTypes' as const, plugin: null, displayName: name[0]?.toUpperCase() + name.slice(1) })),
  pluginAction('plugin::upload.read', 'upload', 'Access the Media Library'),
  pluginAction('plugin::upload.configure-view', 'upload', 'Configure view'),
  pluginAction('plugin::upload.assets.create', 'upload', 'Create (upload)'),
  pluginAction('plugin::upload.assets.update', 'upload', 'Update (crop, details, replace) + delete'),
  pluginAction('plugin::upload.assets.download', 'upload', 'Download'),
  pluginAction('plugin::upload.assets.copy-link', 'upload', 'Copy link'),
  settings('plugin::upload.settings.read', 'media library', 'Access the Media Library settings page', 'upload'),
  settings('admin::users.create', 'users and roles', 'Create (invite)'),
  settings('admin::users.read', 'users and roles', 'Read'),
  settings('admin::users.update', 'users and roles', 'Update'),
  settings('admin::users.delete', 'users and roles', 'Delete'),
  settings('admin::roles.create', 'users and roles', 'Create'),
  settings('admin::roles.read', 'users and roles', 'Read'),
  settings('admin::roles.update', 'users and roles', 'Update'),
  settings('admin::roles.delete', 'users and roles', 'Delete'),
  settings('admin::api-tokens.access', 'api tokens', 'Access the API tokens settings page', 'api-tokens'),
  settings('admin::api-tokens.create', 'api tokens', 'Create (generate)', 'api-tokens'),
  settings('admin::api-tokens.read', 'api tokens', 'Read', 'api-tokens'),
  settings('admin::api-tokens.update', 'api tokens', 'Update', 'api-tokens'),
  settings('admin::api-tokens.regenerate', 'api tokens', 'Regenerate', 'api-tokens'),
  settings('admin::api-tokens.delete', 'api tokens', 'Delete (revoke)', 'api-tokens'),
  settings('admin::webhooks.create', 'webhooks', 'Create', 'webhooks'),
  settings('admin::webhooks.read', 'webhooks', 'Read', 'webhooks'),
  settings('admin::webhooks.update', 'webhooks', 'Update', 'webhooks'),
  settings('admin::webhooks.delete', 'webhooks', 'Delete', 'webhooks'),
  settings('plugin::users-permissions.roles.create', 'users-permissions', 'Create', 'users-permissions'),
  settings('plugin::users-permissions.roles.read', 'users-permissions', 'Read', 'users-permissions'),
  settings('plugin::users-permissions.roles.update', 'users-permissions', 'Update', 'users-permissions'),
  settings('plugin::users-permissions.roles.delete', 'users-permissions', 'Delete', 'users-permissions'),
  settings('plugin::i18n.locale.create', 'internationalization', 'Create', 'i18n'),
  settings('plugin::i18n.locale.read', 'internationalization', 'Read', 'i18n'),
  settings('plugin::i18n.locale.update', 'internationalization', 'Update', 'i18n'),
  settings('plugin::i18n.locale.delete', 'internationalization', 'Delete', 'i18n'),
];

/** Strapi's default media-library permissions of the Editor and (with `admin::is-creator` where it applies) the Author. */
export function defaultUploadPermissions(isAuthor: boolean): Array<{ action: string; conditions: string[] }> {
  const conditions = isAuthor ? [IS_CREATOR] : [];
  return [
    { action: 'plugin::upload.read', conditions },
    { action: 'plugin::upload.configure-view', conditions: [] },
    { action: 'plugin::upload.assets.create', conditions: [] },
    { action: 'plugin::upload.assets.update', conditions },
    { action: 'plugin::upload.assets.download', conditions: [] },
    { action: 'plugin::upload.assets.copy-link', conditions: [] },
  ];
}
