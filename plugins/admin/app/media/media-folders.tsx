/**
 * The media library's folders: breadcrumbs from the root to the open folder, the open folder's
 * subfolders as cards (open, select, move, rename, delete with a confirmation), and the dialog
 * that names a new folder or renames one. Every control is a labelled button or input, reachable
 * by keyboard.
 */
import { Alert, Anchor, Breadcrumbs, Button, Card, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api';
import type { Folder } from './media-api';

/** The open folder's parents and itself, from the root. */
export function folderChain(folder: Folder | null): Folder[] {
  const chain: Folder[] = [];
  for (let at = folder; at; at = at.parent ?? null) chain.unshift(at);
  return chain;
}

export function FolderBreadcrumbs({ current, onOpen }: { current: Folder | null; onOpen(id: number | null): void }) {
  const chain = folderChain(current);
  // at the root the page's title says where one is
  if (chain.length === 0) return null;
  return (
    <nav aria-label="Folders">
      <Breadcrumbs>
        {[{ id: null, name: 'Media Library' }, ...chain.map((f) => ({ id: f.id as number | null, name: f.name }))].map((crumb, index, all) =>
          index === all.length - 1 ? (
            <Text key={crumb.id ?? 'root'} aria-current="page" fw={600}>
              {crumb.name}
            </Text>
          ) : (
            <Anchor key={crumb.id ?? 'root'} component="button" type="button" onClick={() => onOpen(crumb.id)}>
              {crumb.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export interface FolderCardsProps {
  folders: Folder[];
  onOpen(id: number): void;
  onRename?(folder: Folder): void;
  onMove?(folder: Folder): void;
  onDelete?(folder: Folder): void;
  /** the selected folders' ids, when folders can be selected (to move them with files) */
  selected?: number[];
  onToggle?(folder: Folder): void;
}

export function FolderCards({ folders, onOpen, onRename, onMove, onDelete, selected, onToggle }: FolderCardsProps) {
  if (folders.length === 0) return null;
  return (
    <section aria-label="Folders in this folder">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }}>
        {folders.map((folder) => (
          <Card key={folder.id} withBorder padding="xs">
            <Group gap={4} wrap="nowrap">
              {onToggle && <Checkbox aria-label={`Select folder ${folder.name}`} checked={selected?.includes(folder.id) ?? false} onChange={() => onToggle(folder)} />}
              <Button variant="subtle" justify="start" onClick={() => onOpen(folder.id)} aria-label={`Open folder ${folder.name}`}>
                {folder.name}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {folder.children?.count ?? 0} folders · {folder.files?.count ?? 0} files
            </Text>
            <Group gap={4} mt={4}>
              {onRename && (
                <Button size="compact-xs" variant="subtle" onClick={() => onRename(folder)} aria-label={`Rename folder ${folder.name}`}>
                  Rename
                </Button>
              )}
              {onMove && (
                <Button size="compact-xs" variant="subtle" onClick={() => onMove(folder)} aria-label={`Move folder ${folder.name}`}>
                  Move
                </Button>
              )}
              {onDelete && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(folder)} aria-label={`Delete folder ${folder.name}`}>
                  Delete
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** Names a folder (a new one, or one renamed); the server's message when the name is refused. */
export function FolderNameDialog({ title, initial, submitLabel, onSubmit, onClose }: { title: string; initial: string; submitLabel: string; onSubmit(name: string): Promise<unknown>; onClose(done: boolean): void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      setError(null);
      await onSubmit(name);
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The folder could not be saved');
    }
  };
  return (
    <Modal opened onClose={() => onClose(false)} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label="Folder name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteFolderDialog({ folder, onConfirm, onClose }: { folder: Folder; onConfirm(): Promise<unknown>; onClose(done: boolean): void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={() => onClose(false)} title="Delete folder">
      <Stack>
        <Text>Delete the folder “{folder.name}” with every folder and file in it? This cannot be undone.</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={async () => {
              try {
                await onConfirm();
                onClose(true);
              } catch (e) {
                setError(e instanceof ApiError ? e.message : 'The folder could not be deleted');
              }
            }}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
