/**
 * `plugin::upload.folder`, declared as Strapi v4 declares it, so that its tables are Strapi's:
 * `upload_folders` (name, path_id, path), `upload_folders_parent_links` (a folder's parent) and,
 * from the file side, `files_folder_links`. Files uploaded through the content API go to the
 * "API Uploads" folder (see api-folder.ts).
 */
import type { ContentTypeSchema } from '@platform/core';

export const FOLDER_UID = 'plugin::upload.folder';

export const folderSchema: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: 'upload_folders',
  indexes: [
    { name: 'upload_folders_path_id_index', columns: ['path_id'], type: 'unique' },
    { name: 'upload_folders_path_index', columns: ['path'], type: 'unique' },
  ],
  info: { singularName: 'folder', pluralName: 'folders', displayName: 'Folder' },
  options: {},
  attributes: {
    name: { type: 'string', minLength: 1, required: true },
    pathId: { type: 'integer', required: true },
    parent: { type: 'relation', relation: 'manyToOne', target: FOLDER_UID, inversedBy: 'children' },
    children: { type: 'relation', relation: 'oneToMany', target: FOLDER_UID, mappedBy: 'parent' },
    files: { type: 'relation', relation: 'oneToMany', target: 'plugin::upload.file', mappedBy: 'folder' },
    path: { type: 'string', minLength: 1, required: true },
  },
};
