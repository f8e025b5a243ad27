/**
 * The media library's calls: the upload plugin's own routes (`/api/upload`, to describe, replace
 * and delete a file), which accept an administrator's session for the media-library permissions
 * (the server's bridge), and its
 * admin routes for folders (`/upload/folders`, `/upload/actions/*`), the files of a folder
 * (`/upload/files?folder=`) or of a search in every folder (`/upload/files?_q=`), the whole folder tree (`/upload/folder-structure`) and uploads into
 * a folder (`POST /upload`).
 */
import { api, queryString, upload } from '../api';
import type { MediaFile } from '../types';

export type MediaKind = 'images' | 'videos' | 'audios' | 'files';

const MIME_PREFIX: Record<Exclude<MediaKind, 'files'>, string> = { images: 'image/', videos: 'video/', audios: 'audio/' };

export function kindOf(file: MediaFile): MediaKind {
  for (const [kind, prefix] of Object.entries(MIME_PREFIX)) if (file.mime?.startsWith(prefix)) return kind as MediaKind;
  return 'files';
}

export function thumbnail(file: MediaFile): string | null {
  if (kindOf(file) !== 'images') return null;
  return file.formats?.thumbnail?.url ?? file.url;
}

export interface Folder {
  id: number;
  name: string;
  pathId: number;
  path: string;
  children?: { count: number };
  files?: { count: number };
  /** with GET /upload/folders/:id: its parents, nested up to the root */
  parent?: Folder | null;
}

/** a node of the folder tree, as `GET /upload/folder-structure` answers it */
export interface FolderNode {
  id: number;
  name: string;
  children: FolderNode[];
}

export async function folderStructure(): Promise<FolderNode[]> {
  return (await api.get<{ data: FolderNode[] }>('/upload/folder-structure')).data;
}

/** the words a search is made of; empty: no search */
export const searchTerm = (search: string): string => search.trim();

/**
 * One page of the files of a folder (its id, null for the root), as the administrator may see
 * them; with a search term, of every folder (Strapi's media library names the folder only when
 * it does not search), each file with its folder.
 */
export async function listFiles(options: { page: number; pageSize: number; kind: MediaKind | null; search: string; folder: number | null }): Promise<MediaFile[]> {
  const filters: Record<string, unknown> = {};
  if (options.kind && options.kind !== 'files') filters.mime = { $startsWith: MIME_PREFIX[options.kind] };
  if (options.kind === 'files') filters.$and = Object.values(MIME_PREFIX).map((prefix) => ({ mime: { $notContains: prefix } }));
  const search = searchTerm(options.search);
  const where = search ? { _q: search } : { folder: options.folder ?? undefined };
  const pagination = { page: options.page, pageSize: options.pageSize };
  const answer = await api.get<{ results: MediaFile[] }>(`/upload/files${queryString({ ...where, sort: 'createdAt:desc', filters, pagination })}`);
  return answer.results;
}

/** where a file is, from the root: `Media Library / Photos / Trips` */
export function locationOf(file: MediaFile): string {
  const names: string[] = [];
  for (let at = file.folder ?? null; at; at = at.parent) names.unshift(at.name);
  return ['Media Library', ...names].join(' / ');
}

/** Uploads into a folder (its id, null for the root). */
export function uploadFiles(files: File[], onProgress: (fraction: number) => void, folder: number | null): Promise<MediaFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  if (folder !== null) form.append('folder', String(folder));
  return upload<MediaFile[]>('/upload', form, onProgress);
}

export async function listFolders(parent: number | null): Promise<Folder[]> {
  return (await api.get<{ data: Folder[] }>(`/upload/folders${parent === null ? '' : `?parent=${parent}`}`)).data;
}

export async function getFolder(id: number): Promise<Folder> {
  return (await api.get<{ data: Folder }>(`/upload/folders/${id}`)).data;
}

export function createFolder(name: string, parent: number | null): Promise<unknown> {
  return api.post('/upload/folders', { name, parent });
}

export function renameFolder(id: number, name: string): Promise<unknown> {
  return api.put(`/upload/folders/${id}`, { name });
}

export function moveToFolder(items: { fileIds?: number[]; folderIds?: number[] }, destinationFolderId: number | null): Promise<unknown> {
  return api.post('/upload/actions/bulk-move', { ...items, destinationFolderId });
}

export function deleteFolders(folderIds: number[]): Promise<unknown> {
  return api.post('/upload/actions/bulk-delete', { folderIds });
}

export function updateInfo(id: number, info: { name?: string; alternativeText?: string | null; caption?: string | null }): Promise<MediaFile> {
  const form = new FormData();
  form.append('fileInfo', JSON.stringify(info));
  return upload<MediaFile>(`/api/upload?id=${id}`, form, () => {});
}

export function replaceFile(id: number, file: File, onProgress: (fraction: number) => void): Promise<MediaFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  return upload<MediaFile>(`/api/upload?id=${id}`, form, onProgress);
}

export function deleteFile(id: number): Promise<MediaFile> {
  return api.del<MediaFile>(`/api/upload/files/${id}`);
}
