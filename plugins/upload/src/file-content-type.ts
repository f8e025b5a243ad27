/**
 * The `plugin::upload.file` content-type, declared as Strapi v4 declares it, so that its table
 * is Strapi's `files` column for column and index for index (`alternative_text`, `size` as a
 * decimal, the timestamps and creator columns the kernel adds to every content-type, the
 * `upload_files_*_index` indexes). Strapi's polymorphic `related` relation is not an attribute
 * here: the `media` attribute type keeps those links in `files_related_morphs` (see
 * morph-table.ts). A file's folder is Strapi's private `folder` relation (`files_folder_links`).
 */
import type { ContentTypeSchema } from '@platform/core';

export const FILE_UID = 'plugin::upload.file';

export const fileSchema: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: 'files',
  indexes: [
    { name: 'upload_files_folder_path_index', columns: ['folder_path'], type: null },
    { name: 'upload_files_created_at_index', columns: ['created_at'], type: null },
    { name: 'upload_files_updated_at_index', columns: ['updated_at'], type: null },
    { name: 'upload_files_name_index', columns: ['name'], type: null },
    { name: 'upload_files_size_index', columns: ['size'], type: null },
    { name: 'upload_files_ext_index', columns: ['ext'], type: null },
  ],
  info: { singularName: 'file', pluralName: 'files', displayName: 'File', description: '' },
  options: {},
  attributes: {
    name: { type: 'string', configurable: false, required: true },
    alternativeText: { type: 'string', configurable: false },
    caption: { type: 'string', configurable: false },
    width: { type: 'integer', configurable: false },
    height: { type: 'integer', configurable: false },
    formats: { type: 'json', configurable: false },
    hash: { type: 'string', configurable: false, required: true },
    ext: { type: 'string', configurable: false },
    mime: { type: 'string', configurable: false, required: true },
    size: { type: 'decimal', configurable: false, required: true },
    url: { type: 'string', configurable: false, required: true },
    previewUrl: { type: 'string', configurable: false },
    provider: { type: 'string', configurable: false, required: true },
    provider_metadata: { type: 'json', configurable: false },
    folder: { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder', inversedBy: 'files', private: true },
    folderPath: { type: 'string', configurable: false, required: true, private: true },
  },
};
