/**
 * Strapi v4's admin routes of the media library's folders (`/upload/folders`,
 * `/upload/actions/bulk-move|bulk-delete`), its file listing by folder (`/upload/files`) and its
 * upload into a folder (`POST /upload`), with the permission each needs. Never mounted by this
 * plugin: it hands them to the admin in its register (`plugin::admin.extensions` `addRoutes`),
 * which mounts them behind an administrator's session and permissions. Paths are complete
 * (Strapi serves them without the `/admin` prefix).
 *
 * An administrator may be kept to the files and folders some administrators created (Strapi's
 * `admin::is-creator` on the Author's media permissions, `admin::has-same-role-as-creator`): the
 * admin says whose, per request, in `koa.state[CREATOR_SCOPE]`, as conditions the handlers apply
 * to their statements.
 */
import type { Knex } from 'knex';
import type { RouteDefinition } from '@platform/core';

const CONTROLLER = 'plugin::upload.admin';

export interface UploadAdminRoute extends RouteDefinition {
  handler: string;
  /** the admin permission a caller needs */
  permission: 'plugin::upload.read' | 'plugin::upload.assets.create' | 'plugin::upload.assets.update';
}

/**
 * Keeps `qb` to the rows whose creator column `column` (qualified as the query needs) names an
 * administrator of the scope; a row with no creator is never in it. The admin makes it (it may
 * hold a subquery on the admin's own tables, which upload does not know): upload only applies it.
 */
export type CreatorCondition = (qb: Knex.QueryBuilder, column: string) => void;

/**
 * Whose files and folders (their `created_by_id`) the caller may see (`read`, from
 * `plugin::upload.read`) and touch with the route's own permission (`write`); null: everyone's.
 */
export interface CreatorScope {
  read: CreatorCondition | null;
  write: CreatorCondition | null;
}

/** the key of `koa.state` the admin sets the caller's CreatorScope under */
export const CREATOR_SCOPE = 'uploadCreatorScope';

export const ADMIN_ROUTES: readonly UploadAdminRoute[] = Object.freeze([
  { method: 'GET', path: '/upload/files', handler: `${CONTROLLER}.listFiles`, permission: 'plugin::upload.read' },
  { method: 'POST', path: '/upload', handler: `${CONTROLLER}.upload`, permission: 'plugin::upload.assets.create' },
  { method: 'GET', path: '/upload/folders', handler: `${CONTROLLER}.listFolders`, permission: 'plugin::upload.read' },
  { method: 'GET', path: '/upload/folder-structure', handler: `${CONTROLLER}.folderStructure`, permission: 'plugin::upload.read' },
  { method: 'GET', path: '/upload/folders/:id', handler: `${CONTROLLER}.getFolder`, permission: 'plugin::upload.read' },
  { method: 'POST', path: '/upload/folders', handler: `${CONTROLLER}.createFolder`, permission: 'plugin::upload.assets.create' },
  { method: 'PUT', path: '/upload/folders/:id', handler: `${CONTROLLER}.updateFolder`, permission: 'plugin::upload.assets.update' },
  { method: 'POST', path: '/upload/actions/bulk-move', handler: `${CONTROLLER}.bulkMove`, permission: 'plugin::upload.assets.update' },
  { method: 'POST', path: '/upload/actions/bulk-delete', handler: `${CONTROLLER}.bulkDelete`, permission: 'plugin::upload.assets.update' },
] satisfies UploadAdminRoute[]);
