/**
 * A media attribute: files picked from the library, folder by folder, or uploaded in place into
 * the folder open in the picker, restricted to the attribute's `allowedTypes`; several files keep
 * their order.
 */
import { Button, Group, Image, Input, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MediaPicker } from '../../media/media-picker';
import { thumbnail, type MediaKind } from '../../media/media-api';
import type { FieldInputProps } from '../../registry';
import { useSession } from '../../session';
import type { MediaFile } from '../../types';
import { SortableList } from '../sortable-list';

export function MediaInput({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const session = useSession();
  const [picking, setPicking] = useState(false);
  const multiple = attribute.multiple === true;
  const files: MediaFile[] = multiple ? ((value as MediaFile[]) ?? []) : value ? [value as MediaFile] : [];
  const allowed = Array.isArray(attribute.allowedTypes) && attribute.allowedTypes.length > 0 ? (attribute.allowedTypes as MediaKind[]) : null;
  const toggle = (file: MediaFile) => {
    if (!multiple) {
      onChange(file);
      setPicking(false);
      return;
    }
    onChange(files.some((f) => f.id === file.id) ? files.filter((f) => f.id !== file.id) : [...files, file]);
  };
  const preview = (file: MediaFile) => {
    const thumb = thumbnail(file);
    return (
      <Group gap="xs" wrap="nowrap">
        {thumb ? <Image src={thumb} alt={file.alternativeText ?? file.name} w={40} h={40} fit="cover" /> : null}
        <Text size="sm" truncate="end">
          {file.name}
        </Text>
      </Group>
    );
  };
  return (
    <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
      <Stack gap={6}>
        {multiple ? (
          <SortableList items={files} onChange={onChange} itemLabel={(f) => f.name} onRemove={(i) => onChange(files.filter((_, j) => j !== i))} render={preview} />
        ) : (
          files[0] && (
            <Group>
              {preview(files[0])}
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)} aria-label={`Remove ${files[0].name} from ${label}`}>
                Remove
              </Button>
            </Group>
          )
        )}
        <Group>
          <Button variant="light" size="xs" disabled={disabled} onClick={() => setPicking(true)} aria-label={`Add media to ${label}`}>
            {multiple ? 'Add files' : files[0] ? 'Change file' : 'Choose a file'}
          </Button>
        </Group>
      </Stack>
      <Modal opened={picking} onClose={() => setPicking(false)} title={`Choose files for ${label}`} size="xl">
        <MediaPicker allowed={allowed} canUpload={session.can('plugin::upload.assets.create')} selected={files.map((f) => f.id)} onToggle={toggle} />
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setPicking(false)}>Done</Button>
        </Group>
      </Modal>
    </Input.Wrapper>
  );
}
