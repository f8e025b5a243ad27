/**
 * The panel's own pages of other plugins, registered through the extension point exactly as a
 * plugin's script registers its pages: the media library (upload), the Content API's roles
 * (users-permissions), API tokens, locales (i18n), webhooks, and the admin's administrators and roles.
 */
import { MediaLibraryPage } from './media/media-library-page';
import { registerPage } from './registry';
import { AdminRolesPage } from './settings/admin-roles-page';
import { AdminUsersPage } from './settings/admin-users-page';
import { ApiTokensPage } from './settings/api-tokens-page';
import { LocalesPage } from './settings/locales-page';
import { UpRolesPage } from './settings/up-roles-page';
import { WEBHOOKS_PATH, WebhooksPage } from './settings/webhooks-page';

export function registerBuiltinPages(): void {
  registerPage({ id: 'upload.media-library', section: 'main', label: 'Media Library', path: '/plugins/upload', plugin: 'upload', permissions: ['plugin::upload.read'], component: MediaLibraryPage });
  registerPage({ id: 'admin.users', section: 'settings', label: 'Administrators', path: '/settings/users', plugin: null, permissions: ['admin::users.read'], component: AdminUsersPage });
  registerPage({ id: 'admin.roles', section: 'settings', label: 'Administrator roles', path: '/settings/roles', plugin: null, permissions: ['admin::roles.read'], component: AdminRolesPage });
  registerPage({
    id: 'users-permissions.roles',
    section: 'settings',
    label: 'Content API roles',
    path: '/settings/users-permissions/roles',
    plugin: 'users-permissions',
    permissions: ['plugin::users-permissions.roles.read'],
    component: UpRolesPage,
  });
  registerPage({ id: 'api-tokens', section: 'settings', label: 'API tokens', path: '/settings/api-tokens', plugin: 'api-tokens', permissions: ['admin::api-tokens.read'], component: ApiTokensPage });
  registerPage({
    id: 'i18n.locales',
    section: 'settings',
    label: 'Locales',
    path: '/settings/internationalization',
    plugin: 'i18n',
    permissions: ['plugin::i18n.locale.read'],
    component: LocalesPage,
  });
  registerPage({ id: 'webhooks', section: 'settings', label: 'Webhooks', path: WEBHOOKS_PATH, plugin: 'webhooks', permissions: ['admin::webhooks.read'], component: WebhooksPage });
}
