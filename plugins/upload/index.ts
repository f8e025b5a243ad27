/**
 * The upload plugin: the `plugin::upload.file` content-type (Strapi v4's `files` table), and
 * the `media` attribute type with its query-engine field kind, so that media attributes are
 * validated, written, populated, filtered and deleted with their `files_related_morphs` links.
 */
import { definePlugin } from '@platform/core';
import { fileSchema } from './src/file-content-type';
import { folderSchema } from './src/folder-content-type';
import { mediaAttributeType } from './src/media-attribute';
import { mediaKind } from './src/media-kind';

export { FILE_UID } from './src/file-content-type';
export { morphTableName } from './src/morph-table';
export { MEDIA_CATEGORIES, type MediaAttribute, type MediaCategory, type MediaOptions } from './src/media-attribute';
export { mediaCategory } from './src/media-input';

export default definePlugin({
  name: 'upload',
  requires: ['query-engine'],
  contentTypes: {
    file: { schema: fileSchema },
    folder: { schema: folderSchema },
  },
  attributeTypes: {
    media: mediaAttributeType,
  },
  register(ctx) {
    ctx.service('plugin::query-engine.field-kinds').register(mediaKind);
  },
});
