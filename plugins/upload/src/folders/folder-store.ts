/**
 * The media library's folders, kept as Strapi v4 keeps them: a folder's `path` is the
 * `path_id`s of its ancestors and its own (`/1/4`), its parent is a row of
 * `upload_folders_parent_links`, a file's folder a row of `files_folder_links` with the folder's
 * path copied into `files.folder_path` (`/` at the root). So a move rewrites the paths of the
 * moved folder, of every folder under it and of their files, in one transaction.
 *
 * A caller kept to some creators' folders (`Creators`, the Author's `admin::is-creator`, an
 * administrator's `admin::has-same-role-as-creator`) sees those only; one whose parent it does
 * not see (another's folder) is at its root, in lists and in the tree alike, so nothing it made
 * is out of its reach. Whose they are is a condition the admin made (it may be a subquery on the
 * admin's tables), applied in the statements themselves: none grows with the number of
 * creators or of their folders.
 */
import type { Knex } from 'knex';
import type { PluginContext, RelationField } from '@platform/core';
import { type Entity, isUniqueViolation } from '@platform/query-engine';
import { errors } from '../errors';
import { FILE_UID } from '../file-content-type';
import type { CreatorCondition, CreatorScope } from '../admin-routes';
import { FOLDER_UID } from '../folder-content-type';

/** A folder's `path_id` is the highest so far plus one: creations at the same moment race for it. */
const PATH_ID_ATTEMPTS = 20;

export interface FolderRow {
  id: number;
  name: string;
  pathId: number;
  path: string;
  createdById: number | null;
}

/** the administrators whose folders and files a caller may see or touch, as a condition on a creator column; null: everyone's */
export type Creators = CreatorCondition | null;

/** a node of the folder tree (`GET /upload/folder-structure`), as Strapi v4 answers it */
export interface FolderNode {
  id: number;
  name: string;
  children: FolderNode[];
}

/** `qb` kept to the rows whose creator column `column` names one of the `creators` (as it is for everyone's) */
export function ofCreators<Q extends Knex.QueryBuilder>(qb: Q, creators: Creators, column: string): Q {
  if (creators !== null) creators(qb, column);
  return qb;
}

/** Strapi sorts the tree by name, code unit by code unit (not by a database collation); the id breaks ties. */
const byName = (a: FolderNode, b: FolderNode) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

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

  const toRow = (row: { id: unknown; name: unknown; path_id: unknown; path: unknown; created_by_id: unknown }): FolderRow => ({
    id: Number(row.id),
    name: String(row.name),
    pathId: Number(row.path_id),
    path: String(row.path),
    createdById: row.created_by_id === null || row.created_by_id === undefined ? null : Number(row.created_by_id),
  });

  const COLUMNS = ['id', 'name', 'path_id', 'path', 'created_by_id'];

  async function find(id: number): Promise<FolderRow | null> {
    const row = await db()(folders().tableName).where({ id }).first(COLUMNS);
    return row ? toRow(row) : null;
  }

  /** The folder, or a 404; a 403 when it is not among the `creators`' folders. One statement. */
  async function get(id: number, creators: Creators = null): Promise<FolderRow> {
    if (creators === null) {
      const folder = await find(id);
      if (!folder) throw errors.request('FOLDER_NOT_FOUND', 'folder.notFound', {});
      return folder;
    }
    const table = folders().tableName;
    // whether it is theirs, as a column: 1 or 0
    const theirs = ofCreators(db()(`${table} as theirs`).where('theirs.id', id), creators, 'theirs.created_by_id').count({ n: '*' });
    const row = await db()(table)
      .where({ id })
      .first([...COLUMNS, theirs.as('theirs')]);
    if (!row) throw errors.request('FOLDER_NOT_FOUND', 'folder.notFound', {});
    if (Number(row.theirs) === 0) throw errors.request('NOT_OWN', 'Forbidden', {});
    return toRow(row);
  }

  /** The ids of the folders directly in `parent` (null: the root) that the `creators` made. */
  function childIds(parent: number | null, creators: Creators = null) {
    const link = parentLink();
    const table = folders().tableName;
    if (parent !== null) {
      const query = db()(link.link.name).select(link.selfColumn).where(link.otherColumn, parent);
      return creators === null ? query : query.whereIn(link.selfColumn, ofCreators(db()(`${table} as c`).select('c.id'), creators, 'c.created_by_id'));
    }
    if (creators === null) return db()(table).select('id').whereNotIn('id', db()(link.link.name).select(link.selfColumn));
    // at a scoped root: the creators' folders whose parent is not theirs (none, or another's)
    const underOwn = ofCreators(db()(`${link.link.name} as l`).join(`${table} as p`, 'p.id', `l.${link.otherColumn}`), creators, 'p.created_by_id').select(`l.${link.selfColumn}`);
    return ofCreators(db()(`${table} as f`).select('f.id'), creators, 'f.created_by_id').whereNotIn('f.id', underOwn);
  }

  async function nameTaken(name: string, parent: number | null, except?: number): Promise<boolean> {
    const query = db()(folders().tableName).where('name', name).whereIn('id', childIds(parent));
    if (except !== undefined) query.whereNot('id', except);
    return (await query.first('id')) !== undefined;
  }

  async function checkFree(name: string, parent: number | null, except?: number): Promise<void> {
    if (await nameTaken(name, parent, except)) throw invalid('A folder with this name already exists', 'name');
  }

  /** The folders of `parent`, by name, with how many folders and files each holds (of the `creators`' making). */
  async function list(parent: number | null, creators: Creators = null): Promise<Entity[]> {
    const ids = (await childIds(parent, creators)).map((row: Record<string, unknown>) => Number(Object.values(row)[0]));
    if (ids.length === 0) return [];
    const found = await entities().findMany(FOLDER_UID, { filters: { id: { $in: ids } }, sort: ['name:asc', 'id:asc'], pagination: { page: 1, pageSize: ids.length } });
    const count = async (link: RelationField, table: string) => {
      const column = link.otherColumn;
      const query = db()(link.link.name).whereIn(column, ids).groupBy(column).select(column).count({ n: '*' });
      if (creators !== null) query.whereIn(link.selfColumn, ofCreators(db()(`${table} as c`).select('c.id'), creators, 'c.created_by_id'));
      const rows = await query;
      return new Map(rows.map((row: Record<string, unknown>) => [Number(row[column]), Number(row.n)]));
    };
    const children = await count(parentLink(), folders().tableName);
    const files = await count(fileLink(), ctx.models.get(FILE_UID).tableName);
    return found.map((folder) => ({ ...folder, children: { count: children.get(folder.id) ?? 0 }, files: { count: files.get(folder.id) ?? 0 } }));
  }

  /**
   * A folder with its parents up to the root (`parent` nested, as Strapi populates it for
   * breadcrumbs); for a scoped caller, up to the first parent it does not see (its root).
   */
  async function withParents(id: number, creators: Creators = null): Promise<Entity> {
    const folder = await get(id, creators);
    const pathIds = folder.path.split('/').filter(Boolean).map(Number);
    let first = 0;
    if (creators !== null) {
      const rows = (await ofCreators(db()(folders().tableName).whereIn('path_id', pathIds), creators, 'created_by_id').select('path_id')) as Array<{ path_id: unknown }>;
      const theirs = new Set(rows.map((row) => Number(row.path_id)));
      first = pathIds.length - 1;
      while (first > 0 && theirs.has(pathIds[first - 1] as number)) first--;
    }
    const shown = pathIds.slice(first);
    const chain = await entities().findMany(FOLDER_UID, { filters: { pathId: { $in: shown } }, pagination: { page: 1, pageSize: shown.length } });
    const byPathId = new Map(chain.map((entry) => [Number(entry.pathId), entry]));
    let parent: Entity | null = null;
    for (const pathId of shown.slice(0, -1)) {
      const entry = byPathId.get(pathId);
      if (entry) parent = { ...entry, parent };
    }
    const own = byPathId.get(folder.pathId);
    return { ...(own ?? { id: folder.id, name: folder.name, pathId: folder.pathId, path: folder.path }), parent };
  }

  /**
   * Every folder (of the `creators`' making) as a tree by name, in one statement: Strapi v4's
   * `GET /upload/folder-structure`. A folder whose parent is not shown is at the root.
   */
  async function structure(creators: Creators = null): Promise<FolderNode[]> {
    const link = parentLink();
    const query = db()(`${folders().tableName} as f`).leftJoin(`${link.link.name} as l`, `l.${link.selfColumn}`, 'f.id').select('f.id', 'f.name', `l.${link.otherColumn} as parent`);
    ofCreators(query, creators, 'f.created_by_id');
    const rows = (await query) as Array<{ id: unknown; name: unknown; parent: unknown }>;
    const nodes = new Map<number, { node: FolderNode; parent: number | null }>();
    for (const row of rows) {
      const id = Number(row.id);
      if (!nodes.has(id)) nodes.set(id, { node: { id, name: String(row.name), children: [] }, parent: row.parent === null || row.parent === undefined ? null : Number(row.parent) });
    }
    const roots: FolderNode[] = [];
    for (const { node, parent } of nodes.values()) {
      const holder = parent === null ? undefined : nodes.get(parent);
      (holder ? holder.node.children : roots).push(node);
    }
    const sort = (list: FolderNode[]) => {
      list.sort(byName);
      for (const node of list) sort(node.children);
    };
    sort(roots);
    return roots;
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

  /** Renames or moves a folder of the `write` creators', into a folder of the `read` ones' (the one it sees). */
  async function update(id: number, input: { name?: string; parent?: number | null }, adminId: number | null, scope: CreatorScope = { read: null, write: null }): Promise<Entity> {
    return ctx.db.transaction(async () => {
      const folder = await get(id, scope.write);
      if (input.parent !== undefined && input.parent !== null) await get(input.parent, scope.read);
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

  /**
   * The folders given and every folder under them, the ids of the files they hold (their folder
   * links joined to the folders), selected by the folders' paths: no statement binds more than
   * two values per folder given, however many folders and files are inside. With `creators`, a
   * 403 first when any of them is not of their making (a folder goes with everything in it).
   */
  async function contents(ids: number[], creators: Creators = null): Promise<{ folderIds: number[]; fileIds: number[] }> {
    if (ids.length === 0) return { folderIds: [], fileIds: [] };
    // the folders given, in one statement: a 404 when any of them is not there
    const roots = (
      (await db()(folders().tableName)
        .whereIn('id', [...new Set(ids)])
        .select(COLUMNS)) as Array<Parameters<typeof toRow>[0]>
    ).map((row) => toRow(row));
    if (roots.length < new Set(ids).size) throw errors.request('FOLDER_NOT_FOUND', 'folder.notFound', {});
    const table = folders().tableName;
    const under = (qb: Knex.QueryBuilder, column: string) =>
      qb.where((q) => {
        for (const root of roots) q.orWhere(column, root.path).orWhere(column, 'like', `${root.path}/%`);
      });
    const link = fileLink();
    const inside = db()(`${link.link.name} as l`)
      .join(`${table} as f`, 'f.id', `l.${link.otherColumn}`)
      .modify((qb) => under(qb, 'f.path'));
    if (creators !== null) {
      // a folder or a file inside that is not of the creators' making: nothing is deleted
      const notTheirs = (qb: Knex.QueryBuilder, column: string) => qb.where((q) => q.whereNull(column).orWhereNot((theirs) => creators(theirs, column)));
      const folder = await notTheirs(under(db()(table), 'path'), 'created_by_id').first('id');
      const file = folder ? undefined : await notTheirs(db()(ctx.models.get(FILE_UID).tableName).whereIn('id', inside.clone().select(`l.${link.selfColumn}`)), 'created_by_id').first('id');
      if (folder || file) throw errors.request('NOT_OWN', 'Forbidden', {});
    }
    const folderRows = (await under(db()(table), 'path').select('id').orderBy('id')) as Array<{ id: unknown }>;
    const fileRows = (await inside.distinct(`l.${link.selfColumn} as id`).orderBy(`l.${link.selfColumn}`)) as Array<{ id: unknown }>;
    return { folderIds: folderRows.map((row) => Number(row.id)), fileIds: fileRows.map((row) => Number(row.id)) };
  }

  /** A 403 unless every one of these folders and files is of the `creators`' making. */
  async function checkOwn(creators: Creators, folderIds: readonly number[], fileIds: readonly number[]): Promise<void> {
    if (creators === null) return;
    for (const [table, ids] of [
      [folders().tableName, folderIds],
      [ctx.models.get(FILE_UID).tableName, fileIds],
    ] as const) {
      if (ids.length === 0) continue;
      const other = await db()(table)
        .whereIn('id', [...ids])
        .where((q) => q.whereNull('created_by_id').orWhereNot((theirs) => creators(theirs, 'created_by_id')))
        .first('id');
      if (other) throw errors.request('NOT_OWN', 'Forbidden', {});
    }
  }

  /**
   * Keeps `qb` to the rows whose folder path (`pathColumn`, `files.folder_path`) is that of no
   * folder of the `creators`' (and is a path): a scoped caller's files in any other folder are at
   * its root. A NOT EXISTS on the folders' unique path index, whatever the number of folders.
   */
  function outsideFoldersOf(qb: Knex.QueryBuilder, pathColumn: string, creators: CreatorCondition): void {
    const theirs = ofCreators(db()(`${folders().tableName} as own_folder`).select('own_folder.id'), creators, 'own_folder.created_by_id').whereRaw('?? = ??', ['own_folder.path', pathColumn]);
    qb.whereNotNull(pathColumn).whereNot(pathColumn, '').whereNotExists(theirs);
  }

  /** Deletes folder rows (their links too), a slice of ids at a time; the caller runs it in the files' transaction. */
  async function deleteRows(folderIds: number[]): Promise<void> {
    await entities().deleteMany(FOLDER_UID, folderIds);
  }

  return { find, get, list, withParents, structure, create, update, moveFiles, contents, checkOwn, outsideFoldersOf, deleteRows };
}

export type FolderStore = ReturnType<typeof createFolderStore>;
