/**
 * Where the files of a listing are (their `folder`, as Strapi's admin answer populates it): the
 * folder of each `folderPath` with its parents nested in `parent` up to the root, as
 * `GET /upload/folders/:id` nests them for breadcrumbs. One statement for a whole page: a path
 * (`/1/4`) names the `path_id`s of a folder and of its parents, so their rows are read at once.
 *
 * For a caller kept to some creators' folders, a file in a folder it does not see is at its root
 * (`null`), and a chain stops at the first parent it does not see, as its lists and breadcrumbs do.
 */
import type { PluginContext } from '@platform/core';
import { FOLDER_UID } from '../folder-content-type';
import { type Creators, ofCreators, ROOT_PATH } from './folder-store';

export interface FolderLocation {
  id: number;
  name: string;
  pathId: number;
  path: string;
  parent: FolderLocation | null;
}

interface LocationRow {
  id: number;
  name: string;
  pathId: number;
  path: string;
}

const pathIdsOf = (path: string): number[] =>
  path
    .split('/')
    .filter((part) => /^[1-9]\d{0,15}$/.test(part))
    .map(Number);

/** folder path (`/` for the root) → the folder with its parents, null at the caller's root */
export async function folderLocations(ctx: PluginContext, paths: Iterable<string>, creators: Creators): Promise<Map<string, FolderLocation | null>> {
  const distinct = new Set(paths);
  const pathIds = new Set<number>();
  for (const path of distinct) for (const pathId of pathIdsOf(path)) pathIds.add(pathId);
  // the caller's folders only: one it does not see is not read
  const rows =
    pathIds.size === 0
      ? []
      : ((await ofCreators(ctx.db.connection(ctx.models.get(FOLDER_UID).tableName).whereIn('path_id', [...pathIds]), creators, 'created_by_id').select('id', 'name', 'path_id', 'path')) as Array<
          Record<string, unknown>
        >);
  const byPathId = new Map<number, LocationRow>();
  for (const row of rows) byPathId.set(Number(row.path_id), { id: Number(row.id), name: String(row.name), pathId: Number(row.path_id), path: String(row.path) });
  const seen = (row: LocationRow | undefined): row is LocationRow => row !== undefined;

  const locate = (path: string): FolderLocation | null => {
    if (path === ROOT_PATH) return null;
    const chain = pathIdsOf(path).map((pathId) => byPathId.get(pathId));
    const own = chain[chain.length - 1];
    if (!seen(own) || own.path !== path) return null;
    let first = chain.length - 1;
    while (first > 0 && seen(chain[first - 1])) first--;
    let location: FolderLocation | null = null;
    for (const row of chain.slice(first) as LocationRow[]) location = { id: row.id, name: row.name, pathId: row.pathId, path: row.path, parent: location };
    return location;
  };
  return new Map([...distinct].map((path) => [path, locate(path)]));
}
