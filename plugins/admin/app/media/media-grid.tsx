/**
 * Files as cards with thumbnails, filtered by kind, searched, uploaded by drag and drop with a
 * progress bar; in picking mode (a media field) cards are selected instead of edited. The files
 * are those of the open folder, and uploads go into it; a search finds files in every folder,
 * each card saying which (a button that opens it). An answer that arrives after a newer request
 * was made is dropped.
 */
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Image, Progress, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import type { MediaFile } from '../types';
import { kindOf, listFiles, locationOf, type MediaKind, searchTerm, thumbnail, uploadFiles } from './media-api';

const PAGE_SIZE = 24;

export interface MediaGridProps {
  /** the kinds offered (a field's `allowedTypes`); null: every kind */
  allowed: MediaKind[] | null;
  selected?: number[];
  onToggle?(file: MediaFile): void;
  onOpen?(file: MediaFile): void;
  canUpload: boolean;
  /** the folder shown and uploaded into (its id, null for the root) */
  folder: number | null;
  /** the search typed (the view's, so that it outlives a reload of the grid); a term searches every folder */
  search: string;
  onSearch(search: string): void;
  /** opens a found file's folder (null: the root) */
  onOpenFolder(id: number | null): void;
}

export function MediaGrid({ allowed, selected, onToggle, onOpen, canUpload, folder, search, onSearch, onOpenFolder }: MediaGridProps) {
  const [kind, setKind] = useState<MediaKind | 'all'>(allowed?.length === 1 ? (allowed[0] as MediaKind) : 'all');
  const [page, setPage] = useState(1);
  const [files, setFiles] = useState<MediaFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const searching = searchTerm(search) !== '';

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const found = await listFiles({ page, pageSize: PAGE_SIZE, kind: kind === 'all' ? null : kind, search, folder });
      if (request === latest.current) setFiles(found);
    } catch (e) {
      if (request === latest.current) setError(e instanceof ApiError ? e.message : 'The files could not be loaded');
    }
  }, [page, kind, search, folder]);
  useEffect(() => {
    void load();
  }, [load]);

  const drop = async (dropped: File[]) => {
    setError(null);
    setProgress(0);
    try {
      await uploadFiles(dropped, setProgress, folder);
      setPage(1);
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The upload failed');
    } finally {
      setProgress(null);
    }
  };

  const kinds: Array<MediaKind | 'all'> = ['all', ...(allowed ?? (['images', 'videos', 'audios', 'files'] as MediaKind[]))];
  const shown = files.filter((f) => !allowed || allowed.includes(kindOf(f)));
  return (
    <Stack>
      {canUpload && (
        <Dropzone onDrop={drop} loading={progress !== null} aria-label="Upload files: drop them here or press to choose" inputProps={{ "aria-label": "Upload files" }}>
          <Text ta="center" py="md">
            Drag files here, or click to choose them
          </Text>
        </Dropzone>
      )}
      {progress !== null && <Progress value={Math.round(progress * 100)} aria-label="Upload progress" />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <SegmentedControl
          aria-label="Filter by type"
          value={kind}
          onChange={(v) => {
            setKind(v as MediaKind | 'all');
            setPage(1);
          }}
          data={kinds.map((k) => ({ value: k, label: k === 'all' ? 'All' : k[0]?.toUpperCase() + k.slice(1) }))}
        />
        <TextInput
          aria-label="Search files in every folder"
          placeholder="Search"
          value={search}
          onChange={(e) => {
            onSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {searching && (
          <Text size="sm" role="status">
            Results from every folder
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }}>
        {shown.map((file) => {
          const thumb = thumbnail(file);
          const isSelected = selected?.includes(file.id) ?? false;
          return (
            <Card key={file.id} withBorder padding="xs" data-selected={isSelected || undefined}>
              <Card.Section>{thumb ? <Image src={thumb} alt={file.alternativeText ?? file.name} h={100} fit="cover" /> : <Text ta="center" py={38}>{file.ext}</Text>}</Card.Section>
              <Text size="xs" mt={4} truncate="end" title={file.name}>
                {file.name}
              </Text>
              {searching && (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  display="block"
                  w="100%"
                  ta="left"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => onOpenFolder(file.folder?.id ?? null)}
                  aria-label={`Open the folder of ${file.name}: ${locationOf(file)}`}
                >
                  {locationOf(file)}
                </Anchor>
              )}
              <Group justify="space-between" mt={4}>
                <Badge size="xs" variant="default">
                  {kindOf(file)}
                </Badge>
                <Group gap={4}>
                  {onOpen && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onOpen(file)} aria-label={`Edit ${file.name}`}>
                      Edit
                    </Button>
                  )}
                  {onToggle && <Checkbox aria-label={`Select ${file.name}`} checked={isSelected} onChange={() => onToggle(file)} />}
                </Group>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <Group justify="center">
        <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Text size="sm">Page {page}</Text>
        <Button variant="default" disabled={files.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}
