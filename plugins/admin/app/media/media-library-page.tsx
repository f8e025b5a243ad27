/**
 * The media library page: the open folder (breadcrumbs, its subfolders, its files), folders
 * created, renamed and deleted, folders and files selected and moved anywhere in the folder tree,
 * and every file's details (name, alternative text, caption) editable, replace and delete. A
 * search finds files in every folder (the open folder's subfolders hidden meanwhile); opening a
 * folder, or emptying the search, brings the open folder's view back.
 */
import { Alert, Button, FileButton, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api';
import { useSession } from '../session';
import type { MediaFile } from '../types';
import { createFolder, deleteFile, deleteFolders, type Folder, renameFolder, replaceFile, searchTerm, thumbnail, updateInfo } from './media-api';
import { DeleteFolderDialog, FolderBreadcrumbs, FolderCards, FolderNameDialog } from './media-folders';
import { MediaGrid } from './media-grid';
import { MoveDialog, type MoveItems } from './move-dialog';
import { useFolder } from './use-folder';

type Dialog = { kind: 'create' } | { kind: 'rename'; folder: Folder } | { kind: 'delete'; folder: Folder } | { kind: 'move'; title: string; items: MoveItems } | null;

const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function MediaLibraryPage() {
  const session = useSession();
  const canCreate = session.can('plugin::upload.assets.create');
  const canUpdate = session.can('plugin::upload.assets.update');
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [version, setVersion] = useState(0);
  const [folderId, setFolderId] = useState<number | null>(null);
  const { current, folders, error } = useFolder(folderId, version);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selectedFiles, setSelectedFiles] = useState<number[]>([]);
  const [selectedFolders, setSelectedFolders] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const searching = searchTerm(search) !== '';

  const clearSelection = () => {
    setSelectedFiles([]);
    setSelectedFolders([]);
  };
  const open = (id: number | null) => {
    clearSelection();
    setSearch('');
    setFolderId(id);
  };
  const refresh = () => setVersion((v) => v + 1);
  const closeDialog = (done: boolean) => {
    setDialog(null);
    if (done) {
      clearSelection();
      refresh();
    }
  };
  const selectedCount = selectedFiles.length + selectedFolders.length;
  const selection = [selectedFolders.length > 0 ? plural(selectedFolders.length, 'folder') : null, selectedFiles.length > 0 ? plural(selectedFiles.length, 'file') : null].filter(Boolean).join(' and ');

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Media Library</Title>
        {canCreate && <Button onClick={() => setDialog({ kind: 'create' })}>Create folder</Button>}
      </Group>
      <FolderBreadcrumbs current={current} onOpen={open} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <FolderCards
        folders={searching ? [] : folders}
        onOpen={open}
        onRename={canUpdate ? (folder) => setDialog({ kind: 'rename', folder }) : undefined}
        onMove={canUpdate ? (folder) => setDialog({ kind: 'move', title: `Move folder ${folder.name}`, items: { fileIds: [], folderIds: [folder.id] } }) : undefined}
        onDelete={canUpdate ? (folder) => setDialog({ kind: 'delete', folder }) : undefined}
        selected={canUpdate ? selectedFolders : undefined}
        onToggle={canUpdate ? (folder) => setSelectedFolders((ids) => toggled(ids, folder.id)) : undefined}
      />
      {canUpdate && selectedCount > 0 && (
        <Group>
          <Text size="sm">{selection} selected</Text>
          <Button onClick={() => setDialog({ kind: 'move', title: `Move ${selection}`, items: { fileIds: selectedFiles, folderIds: selectedFolders } })}>Move selected</Button>
          <Button variant="default" onClick={clearSelection}>
            Clear selection
          </Button>
        </Group>
      )}
      <MediaGrid
        key={`${folderId}-${version}`}
        folder={folderId}
        search={search}
        onSearch={setSearch}
        onOpenFolder={open}
        allowed={null}
        canUpload={canCreate}
        onOpen={canUpdate ? setEditing : undefined}
        selected={canUpdate ? selectedFiles : undefined}
        onToggle={canUpdate ? (file) => setSelectedFiles((ids) => toggled(ids, file.id)) : undefined}
      />
      {dialog?.kind === 'create' && <FolderNameDialog title="Create folder" initial="" submitLabel="Create" onSubmit={(name) => createFolder(name, folderId)} onClose={closeDialog} />}
      {dialog?.kind === 'rename' && <FolderNameDialog title={`Rename folder ${dialog.folder.name}`} initial={dialog.folder.name} submitLabel="Rename" onSubmit={(name) => renameFolder(dialog.folder.id, name)} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && <DeleteFolderDialog folder={dialog.folder} onConfirm={() => deleteFolders([dialog.folder.id])} onClose={closeDialog} />}
      {dialog?.kind === 'move' && <MoveDialog title={dialog.title} items={dialog.items} onClose={closeDialog} />}
      {editing && (
        <FileDetails
          file={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) refresh();
          }}
        />
      )}
    </Stack>
  );
}

function FileDetails({ file, onClose }: { file: MediaFile; onClose(changed: boolean): void }) {
  const [info, setInfo] = useState({ name: file.name, alternativeText: file.alternativeText ?? '', caption: file.caption ?? '' });
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    try {
      setError(null);
      await action();
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The change failed');
    }
  };
  const thumb = thumbnail(file);
  return (
    <Modal opened onClose={() => onClose(false)} title="File details">
      <Stack>
        {thumb && <Image src={thumb} alt={file.alternativeText ?? file.name} h={160} fit="contain" />}
        <Text size="xs" c="dimmed">
          {file.mime} · {Math.round(file.size)} KB {file.width ? `· ${file.width}×${file.height}` : ''}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="File name" value={info.name} onChange={(e) => setInfo({ ...info, name: e.currentTarget.value })} />
        <TextInput label="Alternative text" value={info.alternativeText} onChange={(e) => setInfo({ ...info, alternativeText: e.currentTarget.value })} />
        <TextInput label="Caption" value={info.caption} onChange={(e) => setInfo({ ...info, caption: e.currentTarget.value })} />
        <Group justify="space-between">
          <Group>
            <FileButton onChange={(replacement) => replacement && run(() => replaceFile(file.id, replacement, () => {}))}>{(props) => <Button variant="default" {...props}>Replace</Button>}</FileButton>
            <Button color="red" variant="light" onClick={() => run(() => deleteFile(file.id))}>
              Delete
            </Button>
          </Group>
          <Button onClick={() => run(() => updateInfo(file.id, { name: info.name, alternativeText: info.alternativeText || null, caption: info.caption || null }))}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
