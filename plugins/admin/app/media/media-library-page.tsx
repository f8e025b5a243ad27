/**
 * The media library page: the open folder (breadcrumbs, its subfolders, its files), folders
 * created, renamed and deleted, selected files moved into another folder, and every file's
 * details (name, alternative text, caption) editable, replace and delete.
 */
import { Alert, Button, FileButton, Group, Image, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api';
import { useSession } from '../session';
import type { MediaFile } from '../types';
import { createFolder, deleteFile, deleteFolders, type Folder, getFolder, listFolders, moveToFolder, renameFolder, replaceFile, thumbnail, updateInfo } from './media-api';
import { DeleteFolderDialog, FolderBreadcrumbs, FolderCards, FolderNameDialog } from './media-folders';
import { MediaGrid } from './media-grid';

type Dialog = { kind: 'create' } | { kind: 'rename'; folder: Folder } | { kind: 'delete'; folder: Folder } | null;

export function MediaLibraryPage() {
  const session = useSession();
  const canCreate = session.can('plugin::upload.assets.create');
  const canUpdate = session.can('plugin::upload.assets.update');
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [version, setVersion] = useState(0);
  const [folderId, setFolderId] = useState<number | null>(null);
  const [current, setCurrent] = useState<Folder | null>(null);
  const [folders, setFolders] = useState<Folder[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [destination, setDestination] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setError(null);
      setCurrent(folderId === null ? null : await getFolder(folderId));
      setFolders(await listFolders(folderId));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The folders could not be loaded');
    }
  }, [folderId]);
  useEffect(() => {
    void load();
  }, [load, version]);

  const open = (id: number | null) => {
    setSelected([]);
    setDestination(null);
    setFolderId(id);
  };
  const refresh = () => setVersion((v) => v + 1);
  const closeDialog = (done: boolean) => {
    setDialog(null);
    if (done) refresh();
  };
  // where selected files may go: the root, the open folder's parent and its subfolders
  const parent = current?.parent ?? null;
  const destinations = [
    ...(folderId !== null ? [{ value: 'root', label: 'Media Library (root)' }] : []),
    ...(parent ? [{ value: String(parent.id), label: `${parent.name} (parent folder)` }] : []),
    ...folders.map((f) => ({ value: String(f.id), label: f.name })),
  ].filter((option, index, all) => all.findIndex((o) => o.value === option.value) === index);
  const move = async () => {
    if (!destination) return;
    try {
      setError(null);
      await moveToFolder({ fileIds: selected }, destination === 'root' ? null : Number(destination));
      setSelected([]);
      setDestination(null);
      refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The files could not be moved');
    }
  };

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
        folders={folders}
        onOpen={open}
        onRename={canUpdate ? (folder) => setDialog({ kind: 'rename', folder }) : undefined}
        onDelete={canUpdate ? (folder) => setDialog({ kind: 'delete', folder }) : undefined}
      />
      {canUpdate && selected.length > 0 && (
        <Group align="end">
          <Text size="sm">{selected.length} selected</Text>
          <Select label="Move selected files to" placeholder="Choose a folder" data={destinations} value={destination} onChange={setDestination} />
          <Button disabled={!destination} onClick={() => void move()}>
            Move
          </Button>
        </Group>
      )}
      <MediaGrid
        key={`${folderId}-${version}`}
        folder={folderId}
        allowed={null}
        canUpload={canCreate}
        onOpen={canUpdate ? setEditing : undefined}
        selected={canUpdate ? selected : undefined}
        onToggle={canUpdate ? (file) => setSelected((ids) => (ids.includes(file.id) ? ids.filter((id) => id !== file.id) : [...ids, file.id])) : undefined}
      />
      {dialog?.kind === 'create' && <FolderNameDialog title="Create folder" initial="" submitLabel="Create" onSubmit={(name) => createFolder(name, folderId)} onClose={closeDialog} />}
      {dialog?.kind === 'rename' && <FolderNameDialog title={`Rename folder ${dialog.folder.name}`} initial={dialog.folder.name} submitLabel="Rename" onSubmit={(name) => renameFolder(dialog.folder.id, name)} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && <DeleteFolderDialog folder={dialog.folder} onConfirm={() => deleteFolders([dialog.folder.id])} onClose={closeDialog} />}
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
