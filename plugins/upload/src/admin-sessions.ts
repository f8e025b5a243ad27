/**
 * The routes of upload's Content API the media library calls with an administrator's session
 * (`/api/upload`, `/api/upload/files`, `/api/upload/files/:id`), each with the admin action it
 * stands for. Upload names them to the admin in its register (`plugin::admin.extensions`
 * `acceptSessions`), which accepts an administrator's session on them. A route that names one
 * file says whose it is (its `created_by_id`), so that an administrator kept to its own files
 * (Strapi's `admin::is-creator`) touches only those; the list of every file says nothing, and is
 * refused to such an administrator.
 */
import type { PluginContext, RequestContext } from '@platform/core';
import type { AdminSessionRoute } from '@platform/admin';
import { FILE_UID } from './file-content-type';

const CONTROLLER = 'plugin::upload.content-api';

/** a file id as the routes take it; anything else is the route's own 400 or 404 */
const ID = /^[1-9]\d{0,15}$/;

export function adminSessionRoutes(ctx: PluginContext): AdminSessionRoute[] {
  /** the creator of the file `raw` names; undefined when it names none that exists */
  const creatorOf = async (raw: unknown): Promise<number | null | undefined> => {
    if (typeof raw !== 'string' || !ID.test(raw)) return undefined;
    const row = (await ctx.db.connection(ctx.models.get(FILE_UID).tableName).where('id', Number(raw)).first('created_by_id')) as { created_by_id: unknown } | undefined;
    if (!row) return undefined;
    return row.created_by_id === null || row.created_by_id === undefined ? null : Number(row.created_by_id);
  };
  const byPath = (koa: RequestContext) => creatorOf(koa.params.id);
  return [
    { handler: `${CONTROLLER}.find`, permission: 'plugin::upload.read' },
    { handler: `${CONTROLLER}.findOne`, permission: 'plugin::upload.read', creatorOf: byPath },
    {
      handler: `${CONTROLLER}.upload`,
      // `POST /api/upload?id=` replaces a file: an update of it; without an id, a new upload
      permission: (koa) => (koa.query.id === undefined ? 'plugin::upload.assets.create' : 'plugin::upload.assets.update'),
      creatorOf: (koa) => creatorOf(koa.query.id),
    },
    { handler: `${CONTROLLER}.destroy`, permission: 'plugin::upload.assets.update', creatorOf: byPath },
  ];
}
