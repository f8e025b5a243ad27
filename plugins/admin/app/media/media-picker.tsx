/**
 * A media field's picker: the library browsed folder by folder (breadcrumbs, subfolders, the open
 * folder's files) or searched in every folder, files toggled for the field, and files dropped
 * here uploaded into the open folder.
 */
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import type { MediaFile } from '../types';
import { type MediaKind, searchTerm } from './media-api';
import { FolderBreadcrumbs, FolderCards } from './media-folders';
import { MediaGrid } from './media-grid';
import { useFolder } from './use-folder';

export interface MediaPickerProps {
  allowed: MediaKind[] | null;
  canUpload: boolean;
  selected: number[];
  onToggle(file: MediaFile): void;
}

export function MediaPicker({ allowed, canUpload, selected, onToggle }: MediaPickerProps) {
  const [folderId, setFolderId] = useState<number | null>(null);
  const { current, folders, error } = useFolder(folderId, 0);
  const [search, setSearch] = useState('');
  const open = (id: number | null) => {
    setSearch('');
    setFolderId(id);
  };
  return (
    <Stack>
      <FolderBreadcrumbs current={current} onOpen={open} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <FolderCards folders={searchTerm(search) === '' ? folders : []} onOpen={open} />
      <MediaGrid
        key={folderId ?? 'root'}
        folder={folderId}
        search={search}
        onSearch={setSearch}
        onOpenFolder={open}
        allowed={allowed}
        canUpload={canUpload}
        selected={selected}
        onToggle={onToggle}
      />
    </Stack>
  );
}
