/**
 * The open folder of a media view (the library page, a media field's picker): the folder with
 * its parents (breadcrumbs) and its subfolders, loaded again when `version` changes. An answer
 * that arrives after another folder was opened is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { type Folder, getFolder, listFolders } from './media-api';

export interface FolderView {
  /** the open folder with its parents; null at the root */
  current: Folder | null;
  /** its subfolders */
  folders: Folder[];
  error: string | null;
}

export function useFolder(folderId: number | null, version: number): FolderView {
  const [view, setView] = useState<FolderView>({ current: null, folders: [], error: null });
  const latest = useRef('');
  useEffect(() => {
    const request = `${folderId}:${version}`;
    latest.current = request;
    Promise.all([folderId === null ? null : getFolder(folderId), listFolders(folderId)])
      .then(([current, folders]) => {
        if (latest.current === request) setView({ current, folders, error: null });
      })
      .catch((e: unknown) => {
        if (latest.current === request) setView((previous) => ({ ...previous, error: e instanceof ApiError ? e.message : 'The folders could not be loaded' }));
      });
  }, [folderId, version]);
  return view;
}
