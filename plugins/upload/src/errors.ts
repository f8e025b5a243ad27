/**
 * The upload plugin's own error codes (see definePluginErrors in @platform/core). Their names
 * and statuses are Strapi v4's where Strapi answers the same case.
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('upload', {
  /** `config/plugins.ts` `upload.config` is malformed */
  CONFIG_INVALID: { kind: 'boot' },
  /** the configured provider cannot be loaded or has not the provider shape */
  PROVIDER_INVALID: { kind: 'boot' },
  /** `POST /api/upload` without a file (and without `?id`), or with an empty file */
  FILES_EMPTY: { kind: 'request', status: 400, name: 'ValidationError' },
  /** `fileInfo`, `ref`/`refId`/`field` or `?id` malformed */
  BODY_INVALID: { kind: 'request', status: 400, name: 'ValidationError' },
  /** a multipart body that does not parse, or more files/fields than allowed */
  MULTIPART_INVALID: { kind: 'request', status: 400, name: 'ValidationError' },
  /** a file over `sizeLimit`, or an image over `maxPixels` */
  TOO_LARGE: { kind: 'request', status: 413, name: 'PayloadTooLargeError' },
  /** a file whose content does not decode as the image its type names */
  INVALID_IMAGE: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** a file whose content is another image format than its type says */
  TYPE_MISMATCH: { kind: 'request', status: 400, name: 'ValidationError' },
  /** `?id=X` with more than one file */
  REPLACE_MULTIPLE: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** `ref`/`refId`/`field` that name no entry or no media attribute */
  LINK_INVALID: { kind: 'request', status: 400, name: 'ValidationError' },
  /** a provider stored an object without setting its url */
  PROVIDER_NO_URL: { kind: 'internal' },
  /** an upload reached the service before the provider was loaded (bootstrap) */
  PROVIDER_NOT_READY: { kind: 'internal' },
  /** a folder name that is empty, has a slash or is taken among its siblings; a move into itself */
  FOLDER_INVALID: { kind: 'request', status: 400, name: 'ValidationError' },
  /** no folder with that id */
  FOLDER_NOT_FOUND: { kind: 'request', status: 404, name: 'NotFoundError' },
  /** a file or folder another administrator created, for a caller kept to some creators' (the Author) */
  NOT_OWN: { kind: 'request', status: 403, name: 'ForbiddenError' },
  /** no file with that id */
  FILE_NOT_FOUND: { kind: 'request', status: 404, name: 'NotFoundError' },
});
