/**
 * Moves files and folders: the destination is picked from the whole folder tree
 * (`/upload/folder-structure`), the root included, as radio buttons indented by depth (arrow
 * keys move between them). Each one's accessible name is its path, so two folders of the same
 * name stay apart. What the server refuses (a folder moved into itself or one of its
 * subfolders, a folder of another administrator) is shown as it says it.
 */
import { Alert, Button, Group, Loader, Modal, Radio, ScrollArea, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../api';
import { type FolderNode, folderStructure, moveToFolder } from './media-api';

const ROOT = 'root';

interface Destination {
  value: string;
  name: string;
  trail: string;
  depth: number;
}

/** The tree, depth first, each folder after its parent, with the path of names that leads to it. */
export function flattenTree(nodes: FolderNode[], depth = 1, trail = 'Media Library'): Destination[] {
  return nodes.flatMap((node) => {
    const path = `${trail} / ${node.name}`;
    return [{ value: String(node.id), name: node.name, trail: path, depth }, ...flattenTree(node.children, depth + 1, path)];
  });
}

export interface MoveItems {
  fileIds: number[];
  folderIds: number[];
}

export function MoveDialog({ title, items, onClose }: { title: string; items: MoveItems; onClose(done: boolean): void }) {
  const [destinations, setDestinations] = useState<Destination[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    folderStructure()
      .then((tree) => setDestinations([{ value: ROOT, name: 'Media Library', trail: 'Media Library (root)', depth: 0 }, ...flattenTree(tree)]))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : 'The folders could not be loaded'));
  }, []);

  const move = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      setError(null);
      await moveToFolder(items, choice === ROOT ? null : Number(choice));
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The move failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => onClose(false)} title={title}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {destinations === null ? (
          !error && <Loader size="sm" aria-label="Loading the folders" />
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Radio.Group label="Destination folder" value={choice} onChange={setChoice}>
              <Stack gap={6} mt="xs">
                {destinations.map((destination) => (
                  <Radio key={destination.value} value={destination.value} label={destination.name} aria-label={destination.trail} pl={destination.depth * 20} />
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button disabled={!choice} loading={busy} onClick={() => void move()}>
            Move here
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
