/**
 * The media library's folders, kept as Strapi v4 keeps them: a folder's `path` is the
 * `path_id`s of its ancestors and its own (`/1/4`), its parent is a row of
 * `upload_folders_parent_links`, a file's folder a row of `files_folder_links` with the folder's
 * path copied into `files.folder_path` (`/` at the root). So a move rewrites the paths of the
 * moved folder, of every folder under it and of their files, in one transaction.
 */
import type { PluginContext, RelationField } from '@platform/core';
import { type Entity, isUniqueViolation } from '@platform/query-engine';
import { errors } from '../errors';
import { FILE_UID } from '../file-content-type';
import { FOLDER_UID } from '../folder-content-type';

/** A folder's `path_id` is the highest so far plus one: creations at the same moment race for it. */
const PATH_ID_ATTEMPTS = 20;

export interface FolderRow {
  id: number;
  name: string;
  pathId: number;
  path: string;
}

export const ROOT_PATH = '/';

const NAME_MAX = 255;

const invalid = (message: string, path: string) => errors.request('FOLDER_INVALID', message, { errors: [{ path: [path], message, name: 'ValidationError' }] });

/** A folder's name as given (trimmed): not empty, no slash (paths are made of ids, names are shown in breadcrumbs). */
export function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid('name is a required field', 'name');
  const name = value.trim();
  if (name.includes('/')) throw invalid('name cannot contain slashes', 'name');
  if (name.length > NAME_MAX) throw invalid(`name must be at most ${NAME_MAX} characters`, 'name');
  return name;
}

export function createFolderStore(ctx: PluginContext) {
  const db = () => ctx.db.connection;
  const entities = () => ctx.service('plugin::query-engine.entity-service');
  const folders = () => ctx.models.get(FOLDER_UID);
  const relation = (uid: string, name: string): RelationField => {
    const field = ctx.models.get(uid).fields.get(name);
    if (field?.kind !== 'relation') throw new Error(`${uid} has no relation ${name}`);
    return field;
  };
  const parentLink = () => relation(FOLDER_UID, 'parent');
  const fileLink = () => relation(FILE_UID, 'folder');

  const toRow = (row: { id: unknown; name: unknown; path_id: unknown; path: unknown }): FolderRow => ({
    id: Number(row.id),
    name: String(row.name),
    pathId: Number(row.path_id),
    path: String(row.path),
  });

  async function find(id: number): Promise<FolderRow | null> {
    const row = await db()(folders().tableName).where({ id }).first('id', 'name', 'path_id', 'path');
    return row ? toRow(row) : null;
  }

  async function get(id: number): Promise<FolderRow> {
    const folder = await find(id);
    if (!folder) throw errors.request('FOLDER_NOT_FOUND', 'folder.notFound', {});
    return folder;
  }

  /** The ids of the folders directly in `parent` (null: the root). */
  function childIds(parent: number | null) {
    const link = parentLink();
    const linked = db()(link.link.name).select(link.selfColumn);
    return parent === null ? db()(folders().tableName).select('id').whereNotIn('id', linked) : linked.clone().where(link.otherColumn, parent);
  }

  async function nameTaken(name: string, parent: number | null, except?: number): Promise<boolean> {
    const query = db()(folders().tableName).where('name', name).whereIn('id', childIds(parent));
    if (except !== undefined) query.whereNot('id', except);
    return (await query.first('id')) !== undefined;
  }

  async function checkFree(name: string, parent: number | null, except?: number): Promise<void> {
    if (await nameTaken(name, parent, except)) throw invalid('A folder with this name already exists', 'name');
  }

  /** The folders of `parent`, by name, with how many folders and files each holds. */
  async function list(parent: number | null): Promise<Entity[]> {
    const ids = (await childIds(parent)).map((row: Record<string, unknown>) => Number(Object.values(row)[0]));
    if (ids.length === 0) return [];
    const found = await entities().findMany(FOLDER_UID, { filters: { id: { $in: ids } }, sort: ['name:asc', 'id:asc'], pagination: { page: 1, pageSize: ids.length } });
    const count = async (link: RelationField, column: string) => {
      const rows = await db()(link.link.name).whereIn(column, ids).groupBy(column).select(column).count({ n: '*' });
      return new Map(rows.map((row: Record<string, unknown>) => [Number(row[column]), Number(row.n)]));
    };
    const children = await count(parentLink(), parentLink().otherColumn);
    const files = await count(fileLink(), fileLink().otherColumn);
    return found.map((folder) => ({ ...folder, children: { count: children.get(folder.id) ?? 0 }, files: { count: files.get(folder.id) ?? 0 } }));
  }

  /** A folder with its parents up to the root (`parent` nested, as Strapi populates it for breadcrumbs). */
  async function withParents(id: number): Promise<Entity> {
    const folder = await get(id);
    const pathIds = folder.path.split('/').filter(Boolean).map(Number);
    const chain = await entities().findMany(FOLDER_UID, { filters: { pathId: { $in: pathIds } }, pagination: { page: 1, pageSize: pathIds.length } });
    const byPathId = new Map(chain.map((entry) => [Number(entry.pathId), entry]));
    let parent: Entity | null = null;
    for (const pathId of pathIds.slice(0, -1)) {
      const entry = byPathId.get(pathId);
      if (entry) parent = { ...entry, parent };
    }
    const own = byPathId.get(folder.pathId);
    return { ...(own ?? { id: folder.id, name: folder.name, pathId: folder.pathId, path: folder.path }), parent };
  }

  const parentPath = async (parent: number | null) => (parent === null ? '' : (await get(parent)).path);

  /** Tries a folder's creation again when another one took its `path_id` meanwhile (the index is unique). */
  async function create(name: string, parent: number | null, adminId: number | null): Promise<Entity> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await createOnce(name, parent, adminId);
      } catch (error) {
        if (attempt >= PATH_ID_ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }

  async function createOnce(name: string, parent: number | null, adminId: number | null): Promise<Entity> {
    return ctx.db.transaction(async () => {
      const base = await parentPath(parent);
      await checkFree(name, parent);
      const max = await db()(folders().tableName).max({ value: 'path_id' }).first();
      const pathId = Number(max?.value ?? 0) + 1;
      const created = await entities().create(FOLDER_UID, { data: { name, pathId, path: `${base}/${pathId}`, parent } });
      if (adminId !== null) await db()(folders().tableName).where({ id: created.id }).update({ created_by_id: adminId, updated_by_id: adminId });
      return created;
    });
  }

  /** Moves a folder under `parent` (null: the root), with everything in it. */
  async function move(folder: FolderRow, parent: number | null): Promise<void> {
    const base = await parentPath(parent);
    if (base === folder.path || base.startsWith(`${folder.path}/`)) throw invalid('A folder cannot be moved inside itself or one of its subfolders', 'parent');
    const newPath = `${base}/${folder.pathId}`;
    await entities().update(FOLDER_UID, folder.id, { data: { parent } });
    if (newPath === folder.path) return;
    const table = folders().tableName;
    const files = ctx.models.get(FILE_UID).tableName;
    const inside = await db()(table).where('path', folder.path).orWhere('path', 'like', `${folder.path}/%`).select('id', 'path');
    for (const row of inside as Array<{ id: number; path: string }>) {
      const path = newPath + String(row.path).slice(folder.path.length);
      await db()(table).where({ id: row.id }).update({ path });
      await db()(files).where('folder_path', row.path).update({ folder_path: path });
    }
  }

  async function update(id: number, input: { name?: string; parent?: number | null }, adminId: number | null): Promise<Entity> {
    return ctx.db.transaction(async () => {
      const folder = await get(id);
      const current = (await db()(parentLink().link.name).where(parentLink().selfColumn, id).first(parentLink().otherColumn)) as Record<string, unknown> | undefined;
      const currentParent = current ? Number(current[parentLink().otherColumn]) : null;
      const parent = input.parent === undefined ? currentParent : input.parent;
      await checkFree(input.name ?? folder.name, parent, id);
      if (parent !== currentParent) await move(folder, parent);
      await entities().update(FOLDER_UID, id, { data: input.name === undefined ? {} : { name: input.name } });
      if (adminId !== null) await db()(folders().tableName).where({ id }).update({ updated_by_id: adminId });
      return (await entities().findOne(FOLDER_UID, id)) as Entity;
    });
  }

  /** Puts files in a folder (null: the root), their `folderPath` with them. */
  async function moveFiles(fileIds: number[], destination: FolderRow | null): Promise<void> {
    const link = fileLink();
    await db()(link.link.name).whereIn(link.selfColumn, fileIds).delete();
    await db()(ctx.models.get(FILE_UID).tableName)
      .whereIn('id', fileIds)
      .update({ folder_path: destination?.path ?? ROOT_PATH });
    if (!destination) return;
    const order = link.inverseOrderColumn;
    let next = 1;
    if (order) {
      const max = await db()(link.link.name).where(link.otherColumn, destination.id).max({ value: order }).first();
      next = Number(max?.value ?? 0) + 1;
    }
    await db()(link.link.name).insert(fileIds.map((fileId, index) => ({ [link.selfColumn]: fileId, [link.otherColumn]: destination.id, ...(order ? { [order]: next + index } : {}) })));
  }

  /** The folders given and every folder under them; the ids of the files they hold. */
  async function contents(ids: number[]): Promise<{ folderIds: number[]; fileIds: number[] }> {
    const roots = await Promise.all(ids.map(get));
    const folderIds = new Set<number>();
    for (const root of roots) {
      const rows = await db()(folders().tableName).where('path', root.path).orWhere('path', 'like', `${root.path}/%`).select('id');
      for (const row of rows) folderIds.add(Number(row.id));
    }
    const link = fileLink();
    const files =
      folderIds.size === 0
        ? []
        : await db()(link.link.name)
            .whereIn(link.otherColumn, [...folderIds])
            .select(link.selfColumn);
    return { folderIds: [...folderIds], fileIds: [...new Set(files.map((row: Record<string, unknown>) => Number(row[link.selfColumn])))] };
  }

  /** Deletes folder rows (their links too); the caller runs it in the files' transaction. */
  async function deleteRows(folderIds: number[]): Promise<void> {
    for (const id of folderIds) await entities().delete(FOLDER_UID, id);
  }

  return { find, get, list, withParents, create, update, moveFiles, contents, deleteRows };
}

export type FolderStore = ReturnType<typeof createFolderStore>;
