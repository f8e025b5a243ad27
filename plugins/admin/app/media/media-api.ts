/**
 * The media library's calls: the upload plugin's own routes (`/api/upload`), which accept an
 * administrator's session for the media-library permissions (the server's bridge).
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

export async function listFiles(options: { page: number; pageSize: number; kind: MediaKind | null; search: string }): Promise<MediaFile[]> {
  const filters: Record<string, unknown> = {};
  if (options.kind && options.kind !== 'files') filters.mime = { $startsWith: MIME_PREFIX[options.kind] };
  if (options.kind === 'files') filters.$and = Object.values(MIME_PREFIX).map((prefix) => ({ mime: { $notContains: prefix } }));
  if (options.search) filters.name = { $containsi: options.search };
  return api.get<MediaFile[]>(`/api/upload/files${queryString({ sort: 'createdAt:desc', filters, pagination: { page: options.page, pageSize: options.pageSize } })}`);
}

export function uploadFiles(files: File[], onProgress: (fraction: number) => void): Promise<MediaFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return upload<MediaFile[]>('/api/upload', form, onProgress);
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
