/**
 * Reads the value a request body gives a media attribute: plain ids, arrays, null/[] and
 * `set`/`disconnect`, as for a relation; `connect` is refused (files have no positions).
 */
import type { ExtensionField } from '@platform/core';
import { invalidRelationInput, parseRelationValue, toSingle, type RelationInput } from '@platform/query-engine';
import type { MediaCategory } from './media-attribute';

/** The category an `allowedTypes` entry names, from a file's mime type. */
export function mediaCategory(mime: string): MediaCategory {
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'videos';
  if (mime.startsWith('audio/')) return 'audios';
  return 'files';
}

export function parseMediaValue(field: ExtensionField, value: unknown): RelationInput {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && (value as Record<string, unknown>).connect !== undefined) {
    throw invalidRelationInput(field.name, `"connect" cannot be used for the media attribute "${field.name}"; send the file ids or "set"`);
  }
  const input = parseRelationValue(field.name, value);
  return field.multiple ? input : toSingle(input);
}
