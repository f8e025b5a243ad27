/**
 * `plugin::upload.admin`: the handlers of the media library's admin routes (../admin-routes.ts),
 * mounted by the admin behind its session and permissions. Answers are Strapi v4's admin shapes:
 * `{ data }` for folders and bulk actions, `{ results, pagination }` for the file listing. A
 * folder's files are those whose `folderPath` is its path (`/` at the root), as Strapi's media
 * library lists them; a search (`_q`) names no folder and spans them all, as Strapi's does. File
 * records go through the Content API's output sanitizer (so `folderPath` stays private); the
 * listing adds each file's `folder` with its parents, which only an administrator reads.
 *
 * A caller kept to some creators' files and folders (`koa.state[CREATOR_SCOPE]`, set by the
 * admin for an Author or under the same-role condition) lists and counts those only, in SQL,
 * the admin's condition in the statements themselves (so they keep their size whatever the
 * number of creators or folders); touching any other, or putting something into a folder it does
 * not see, is a 403. Its files in a folder it does not see are listed at its root, as such folders
 * are (see folder-store.ts).
 */
import { isPlainObject, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, restContext, sqlFilter, type Entity, type Filters, type FindParams } from '@platform/query-engine';
import { CREATOR_SCOPE, type CreatorCondition, type CreatorScope } from '../admin-routes';
import type { UploadConfig } from '../config';
import { errors } from '../errors';
import { FILE_UID } from '../file-content-type';
import { FOLDER_UID } from '../folder-content-type';
import { folderLocations } from '../folders/file-locations';
import { checkName, createFolderStore, ROOT_PATH, type Creators, type FolderRow } from '../folders/folder-store';
import { readUploadRequest } from './multipart';
import { parseFileInfos } from './upload-body';

const MAX_IDS = 1000;

const invalid = (message: string, path: string) => errors.request('FOLDER_INVALID', message, { errors: [{ path: [path], message, name: 'ValidationError' }] });

function body(koa: RequestContext): Record<string, unknown> {
  const value = koa.request.body;
  if (value === undefined || value === null || value === '') return {};
  if (!isPlainObject(value)) throw invalid('The request body must be an object', '');
  return value;
}

/** A folder id (a positive integer), null for the root; undefined when absent. */
function folderRef(value: unknown, path: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '' || value === 'null') return null;
  const id = typeof value === 'number' || typeof value === 'string' ? parseId(value) : null;
  if (id === null) throw invalid(`${path} must be a folder id or null`, path);
  return id;
}

function idList(value: unknown, path: string): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_IDS) throw invalid(`${path} must be an array of at most ${MAX_IDS} ids`, path);
  const ids = value.map((item) => (typeof item === 'number' || typeof item === 'string' ? parseId(item) : null));
  if (ids.some((id) => id === null)) throw invalid(`${path} must be an array of ids`, path);
  return [...new Set(ids as number[])];
}

const adminId = (koa: RequestContext): number | null => {
  const id = (koa.state.admin as { user?: { id?: unknown } } | undefined)?.user?.id;
  return typeof id === 'number' ? id : null;
};

const EVERYONE: CreatorScope = Object.freeze({ read: null, write: null });

const creatorScope = (koa: RequestContext): CreatorScope => (koa.state[CREATOR_SCOPE] as CreatorScope | undefined) ?? EVERYONE;

/** the files of the `creators`, as a filter of the files' read (their creator column, in the statement) */
const createdBy = (creators: CreatorCondition): Filters => sqlFilter((qb, alias) => creators(qb, `${alias}.created_by_id`));

export function createAdminController(plugin: PluginContext<UploadConfig & Record<string, unknown>>) {
  const folders = createFolderStore(plugin);
  const service = () => plugin.service('plugin::upload.upload');
  const contentApi = () => plugin.service('plugin::query-engine.content-api');
  const entities = () => plugin.service('plugin::query-engine.entity-service');
  const output = <T>(data: T, koa: RequestContext): T => contentApi().sanitizeOutput(plugin.models.get(FILE_UID), data, restContext(koa));
  const routeId = (koa: RequestContext): number => {
    const id = parseId(koa.params.id ?? '');
    if (id === null) throw errors.request('FOLDER_NOT_FOUND', 'folder.notFound', {});
    return id;
  };
  /** the folder a request names (`?folder=`, a form field), null for the root; one of the `creators`' */
  const target = async (value: unknown, path: string, creators: Creators): Promise<FolderRow | null> => {
    const id = folderRef(Array.isArray(value) ? value[value.length - 1] : value, path);
    return id === undefined || id === null ? null : folders.get(id, creators);
  };
  /** which files a folder listing shows: the folder's, the caller's own only when it is kept to them */
  const folderFiles = (folder: FolderRow | null, creators: Creators): Filters => {
    if (creators === null) return { folderPath: folder?.path ?? ROOT_PATH };
    if (folder) return { $and: [{ folderPath: folder.path }, createdBy(creators)] };
    // its root: its files in no folder it sees
    return { $and: [sqlFilter((qb, alias) => folders.outsideFoldersOf(qb, `${alias}.folder_path`, creators)), createdBy(creators)] };
  };
  /** a search in every folder: everyone's files, or the caller's creators' wherever they are */
  const everyFolder = (creators: Creators): Filters | null => (creators === null ? null : createdBy(creators));
  const existingFiles = async (ids: number[]) => {
    if (ids.length === 0) return;
    const found = await plugin.db.connection(plugin.models.get(FILE_UID).tableName).whereIn('id', ids).select('id');
    if (found.length !== ids.length) throw errors.request('FILE_NOT_FOUND', 'file.notFound', {});
  };

  return {
    /**
     * The files of one folder (`?folder=`, the root without it), with the Content API's filters,
     * sort and pagination; a search (`_q`) without `?folder=` spans every folder the caller sees,
     * as Strapi's media library searches. Each file with its `folder` (see file-locations.ts).
     */
    async listFiles(koa: RequestContext) {
      const { folder: raw, ...query } = koa.query;
      const { read } = creatorScope(koa);
      const everywhere = raw === undefined && typeof query._q === 'string' && query._q !== '';
      const scope = everywhere ? everyFolder(read) : folderFiles(await target(raw, 'folder', read), read);
      const paths = new Map<number, string>();
      // the folder is a private attribute: read with private access (an administrator may name
      // it, as Strapi's media library does), the answer sanitized as the Content API's
      const store = {
        find: async (params: FindParams, defaults?: Parameters<ReturnType<typeof entities>['findPage']>[2]) => {
          const filters = scope === null ? params.filters : params.filters ? { $and: [params.filters, scope] } : scope;
          const page = await entities().findPage(FILE_UID, { ...params, includePrivate: true, filters }, defaults);
          for (const file of page.results) if (typeof file.folderPath === 'string') paths.set(file.id, file.folderPath);
          return page;
        },
      };
      const answer = await contentApi().find({ uid: FILE_UID, context: restContext(koa), query, authorization: 'transport', store });
      const located = await folderLocations(plugin, paths.values(), read);
      const results = answer.results.map((file) => {
        const path = paths.get(file.id);
        return path === undefined ? file : { ...file, folder: located.get(path) ?? null };
      });
      return { results, pagination: answer.pagination };
    },

    /** uploads into the folder of the `folder` form field (the root without it) */
    async upload(koa: RequestContext) {
      const request = await readUploadRequest(koa, plugin.config);
      try {
        const folder = await target(request.fields.folder, 'folder', creatorScope(koa).read);
        const infos = parseFileInfos(request.fields.fileInfo);
        const files = request.files.filter((file) => file.size > 0);
        if (files.length === 0 || files.length < request.files.length) throw errors.request('FILES_EMPTY', 'Files are empty', {});
        koa.status = 201;
        return output(await service().upload({ files, infos, link: null, workDir: request.workDir, context: restContext(koa), folder, createdBy: adminId(koa) }), koa);
      } finally {
        await request.dispose();
      }
    },

    async listFolders(koa: RequestContext) {
      const parent = folderRef(koa.query.parent, 'parent') ?? null;
      const { read } = creatorScope(koa);
      if (parent !== null) await folders.get(parent, read);
      return { data: await folders.list(parent, read) };
    },

    async getFolder(koa: RequestContext) {
      return { data: await folders.withParents(routeId(koa), creatorScope(koa).read) };
    },

    /** every folder the caller sees, as a tree by name: `{ data: [{ id, name, children }] }` (Strapi v4's shape) */
    async folderStructure(koa: RequestContext) {
      return { data: await folders.structure(creatorScope(koa).read) };
    },

    async createFolder(koa: RequestContext) {
      const input = body(koa);
      const name = checkName(input.name);
      const parent = folderRef(input.parent, 'parent') ?? null;
      if (parent !== null) await folders.get(parent, creatorScope(koa).read);
      koa.status = 201;
      return { data: await folders.create(name, parent, adminId(koa)) };
    },

    async updateFolder(koa: RequestContext) {
      const id = routeId(koa);
      const input = body(koa);
      const name = input.name === undefined ? undefined : checkName(input.name);
      return { data: await folders.update(id, { name, parent: folderRef(input.parent, 'parent') }, adminId(koa), creatorScope(koa)) };
    },

    /** `{ fileIds, folderIds, destinationFolderId }` (null: the root) → the moved files and folders */
    async bulkMove(koa: RequestContext) {
      const input = body(koa);
      const fileIds = idList(input.fileIds, 'fileIds');
      const folderIds = idList(input.folderIds, 'folderIds');
      const destinationId = folderRef(input.destinationFolderId, 'destinationFolderId');
      if (destinationId === undefined) throw invalid('destinationFolderId is a required field', 'destinationFolderId');
      const scope = creatorScope(koa);
      const moved = await plugin.db.transaction(async () => {
        const destination = destinationId === null ? null : await folders.get(destinationId, scope.read);
        await existingFiles(fileIds);
        await folders.checkOwn(scope.write, folderIds, fileIds);
        const movedFolders: Entity[] = [];
        for (const id of folderIds) movedFolders.push(await folders.update(id, { parent: destinationId }, adminId(koa), scope));
        if (fileIds.length > 0) await folders.moveFiles(fileIds, destination);
        const movedFiles = fileIds.length === 0 ? [] : await entities().findMany(FILE_UID, { filters: { id: { $in: fileIds } }, sort: ['id:asc'], pagination: { page: 1, pageSize: fileIds.length } });
        return { files: movedFiles, folders: movedFolders };
      });
      return { data: { files: output(moved.files, koa), folders: moved.folders } };
    },

    /** `{ fileIds, folderIds }` → what was deleted; a folder goes with everything in it, files with their stored objects */
    async bulkDelete(koa: RequestContext) {
      const input = body(koa);
      const fileIds = idList(input.fileIds, 'fileIds');
      const folderIds = idList(input.folderIds, 'folderIds');
      await existingFiles(fileIds);
      const scope = creatorScope(koa).write;
      // a folder goes with everything in it: all of it must be the caller's to delete
      const inside = await folders.contents(folderIds, scope);
      await folders.checkOwn(scope, [], fileIds);
      const deletedFolders =
        inside.folderIds.length === 0 ? [] : await entities().findMany(FOLDER_UID, { filters: { id: { $in: folderIds } }, sort: ['id:asc'], pagination: { page: 1, pageSize: folderIds.length } });
      const allFiles = [...new Set([...fileIds, ...inside.fileIds])];
      const deletedFiles = await service().removeMany(allFiles, () => folders.deleteRows(inside.folderIds));
      return {
        data: {
          files: output(
            deletedFiles.filter((file) => fileIds.includes(file.id)),
            koa,
          ),
          folders: deletedFolders,
        },
      };
    },
  };
}

export type UploadAdminController = ReturnType<typeof createAdminController>;
