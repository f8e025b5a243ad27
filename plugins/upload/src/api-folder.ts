/**
 * Files uploaded through the content API go to the "API Uploads" folder, as in Strapi v4: its
 * id is kept in the core store (`plugin_upload_api-folder` = `{"id":N}`), and it is made on the
 * first upload (`API Uploads (1)` when a root folder already has that name). A file's
 * `folderPath` is its folder's `path` (`/1`), and `files_folder_links` links the two.
 */
import type { Model, PluginContext, PluginGround, RelationField } from '@platform/core';
import { FOLDER_UID } from './folder-content-type';
import { FILE_UID } from './file-content-type';

const STORE_TABLE = 'strapi_core_store_settings';
const STORE_KEY = 'plugin_upload_api-folder';
const FOLDER_NAME = 'API Uploads';

export interface Folder {
  id: number;
  path: string;
}

function folderRelation(ground: PluginGround): RelationField {
  const field = ground.models.get(FILE_UID).fields.get('folder');
  if (field?.kind !== 'relation') throw new Error('the file model has no folder relation');
  return field;
}

async function storedFolderId(ground: PluginGround): Promise<number | null> {
  const row = await ground.db.connection(STORE_TABLE).where({ key: STORE_KEY }).orderBy('id').first('value');
  if (!row?.value) return null;
  try {
    const id = (JSON.parse(String(row.value)) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

async function createFolder(ground: PluginContext, folders: Model): Promise<Folder> {
  const db = ground.db.connection;
  const parentLinks = folders.fields.get('parent') as RelationField;
  const roots = await db(folders.tableName).select('name').whereNotIn('id', db(parentLinks.link.name).select(parentLinks.selfColumn)).where('name', 'like', `${FOLDER_NAME}%`);
  const taken = new Set(roots.map((row: { name: string }) => row.name));
  let name = FOLDER_NAME;
  for (let i = 1; taken.has(name); i++) name = `${FOLDER_NAME} (${i})`;
  const max = await db(folders.tableName).max({ value: 'path_id' }).first();
  const pathId = Number(max?.value ?? 0) + 1;
  const { id } = await ground.service('plugin::query-engine.entity-service').create(FOLDER_UID, { data: { name, pathId, path: `/${pathId}` } });
  const value = JSON.stringify({ id });
  const updated = await db(STORE_TABLE).where({ key: STORE_KEY }).update({ value, type: 'object' });
  if (!updated) await db(STORE_TABLE).insert({ key: STORE_KEY, value, type: 'object', environment: null, tag: null });
  return { id, path: `/${pathId}` };
}

async function findFolder(ground: PluginContext): Promise<Folder | null> {
  const id = await storedFolderId(ground);
  if (id === null) return null;
  const row = await ground.db.connection(ground.models.get(FOLDER_UID).tableName).where({ id }).first('id', 'path');
  return row ? { id: Number(row.id), path: String(row.path) } : null;
}

/**
 * The API upload folder, made in a transaction of its own if it does not exist (as Strapi
 * makes it before the upload, it stays when the upload then fails). Uploads of one process
 * wait for one creation; a creation that loses a race with another process (the unique
 * `path_id`) takes the winner's folder.
 */
export function apiFolderKeeper(ground: PluginContext): () => Promise<Folder> {
  let creating: Promise<Folder> | null = null;
  const findOrCreate = async (): Promise<Folder> => {
    const found = await findFolder(ground);
    if (found) return found;
    try {
      return await ground.db.transaction(() => createFolder(ground, ground.models.get(FOLDER_UID)));
    } catch (error) {
      const winner = await findFolder(ground);
      if (winner) return winner;
      throw error;
    }
  };
  return () => {
    creating ??= findOrCreate().finally(() => {
      creating = null;
    });
    return creating;
  };
}

/** Puts new files at the end of a folder's list. */
export async function linkToFolder(ground: PluginGround, fileIds: number[], folder: Folder): Promise<void> {
  if (fileIds.length === 0) return;
  const relation = folderRelation(ground);
  const db = ground.db.connection;
  const { name } = relation.link;
  const order = relation.inverseOrderColumn;
  let next = 1;
  if (order) {
    const max = await db(name).where(relation.otherColumn, folder.id).max({ value: order }).first();
    next = Number(max?.value ?? 0) + 1;
  }
  await db(name).insert(fileIds.map((fileId, index) => ({ [relation.selfColumn]: fileId, [relation.otherColumn]: folder.id, ...(order ? { [order]: next + index } : {}) })));
}
