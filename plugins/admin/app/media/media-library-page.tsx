/** The media library page: every file, its details (name, alternative text, caption) editable, replace and delete. */
import { Alert, Button, FileButton, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api';
import { useSession } from '../session';
import type { MediaFile } from '../types';
import { deleteFile, replaceFile, thumbnail, updateInfo } from './media-api';
import { MediaGrid } from './media-grid';

export function MediaLibraryPage() {
  const session = useSession();
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Stack>
      <Title order={2}>Media Library</Title>
      <MediaGrid key={version} allowed={null} canUpload={session.can('plugin::upload.assets.create')} onOpen={session.can('plugin::upload.assets.update') ? setEditing : undefined} />
      {editing && (
        <FileDetails
          file={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setVersion((v) => v + 1);
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
