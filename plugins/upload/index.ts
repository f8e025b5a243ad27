/**
 * The upload plugin: Strapi v4's upload content API (`/api/upload`: upload, replace, describe,
 * list, read and delete files, with image formats made by sharp and a replaceable storage
 * provider), the `plugin::upload.file` and `plugin::upload.folder` content-types (Strapi v4's
 * `files` and `upload_folders` tables), and the `media` attribute type with its query-engine
 * field kind, so that media attributes are validated, written, populated, filtered and deleted
 * with their `files_related_morphs` links.
 */
import { definePlugin } from '@platform/core';
// Types only: the admin's extensions service, when the admin is enabled.
import type {} from '@platform/admin';
import { DEFAULT_CONFIG, validateConfig, type UploadConfig } from './src/config';
import { errors } from './src/errors';
import { fileSchema } from './src/file-content-type';
import { folderSchema } from './src/folder-content-type';
import { ADMIN_ROUTES, CREATOR_SCOPE } from './src/admin-routes';
import { adminSessionRoutes } from './src/admin-sessions';
import { createAdminController } from './src/http/admin-controller';
import { createContentApiController } from './src/http/content-api-controller';
import { declareGraphql } from './src/graphql-declarations';
import { uploadRoutes } from './src/http/routes';
import { declareRoutes } from './src/route-declarations';
import { mediaAttributeType } from './src/media-attribute';
import { mediaKind } from './src/media-kind';
import { initProvider, providerName } from './src/providers/resolve';
import { localRoot } from './src/providers/local';
import { localFilesRoute } from './src/http/serve-local';
import { createUrlSigner } from './src/sign-urls';
import { createUploadService, type UploadService } from './src/upload-service';

export { FILE_UID } from './src/file-content-type';
export { FOLDER_UID } from './src/folder-content-type';
export { ADMIN_ROUTES, CREATOR_SCOPE, type CreatorCondition, type CreatorScope, type UploadAdminRoute } from './src/admin-routes';
export type { UploadAdminController } from './src/http/admin-controller';
export { morphTableName } from './src/morph-table';
export { MEDIA_CATEGORIES, type MediaAttribute, type MediaCategory, type MediaOptions } from './src/media-attribute';
export { mediaCategory } from './src/media-input';
export type { UploadConfig } from './src/config';
export type { UploadService } from './src/upload-service';
export type { ProviderFile, ProviderModule, StoredObject, UploadProvider } from './src/providers/types';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::upload.upload': UploadService;
  }
}

type Config = UploadConfig & Record<string, unknown>;

export default definePlugin<Config>({
  name: 'upload',
  requires: ['query-engine'],
  // the media library's admin routes are handed to the admin, which mounts them
  optional: ['admin'],
  errors: errors.table,
  config: {
    default: { ...DEFAULT_CONFIG },
    validate: validateConfig,
  },
  contentTypes: {
    file: { schema: fileSchema },
    folder: { schema: folderSchema },
  },
  attributeTypes: {
    media: mediaAttributeType,
  },
  services: {
    upload: (ctx) => createUploadService(ctx),
  },
  controllers: {
    'content-api': (ctx) => createContentApiController(ctx),
    // the media library's folders and listing by folder: routes in ADMIN_ROUTES, which only the admin mounts (see register)
    admin: (ctx) => createAdminController(ctx),
  },
  routes: uploadRoutes,
  register(ctx) {
    ctx.service('plugin::query-engine.field-kinds').register(mediaKind);
    // Over GraphQL, files and folders are read like any type and written through Strapi v4's
    // upload mutations (GraphQL multipart requests); its multipart routes and flat answers are
    // declared in bootstrap. GraphQL and the API's document read these declarations.
    declareGraphql(ctx.service('plugin::query-engine.content-api').declarations, ctx);
    // The media library's folders, its listing by folder and its uploads into a folder are the
    // admin's routes (Strapi's paths, behind an administrator's session and permissions); the
    // admin leaves the caller's creator scope in `koa.state[CREATOR_SCOPE]`.
    // The media library calls the Content API's file routes too, with the administrator's
    // session, which the admin accepts on the routes named here (./src/admin-sessions.ts).
    if (ctx.isEnabled('admin')) {
      const creatorScope = { key: CREATOR_SCOPE, read: 'plugin::upload.read' };
      const extensions = ctx.service('plugin::admin.extensions');
      extensions.addRoutes(
        ctx.name,
        ADMIN_ROUTES.map(({ method, path, handler, permission }) => ({ method, path, handler, permission, creatorScope })),
      );
      extensions.acceptSessions(ctx.name, adminSessionRoutes(ctx));
    }
  },
  async bootstrap(ctx) {
    declareRoutes(ctx.service('plugin::query-engine.content-api').declarations);
    const provider = await initProvider(ctx.config.provider, ctx.config.providerOptions, ctx.appDir);
    const name = providerName(ctx.config.provider);
    ctx.service('plugin::upload.upload').setProvider(provider, name);
    if (ctx.config.provider === 'local') {
      const localServer = ctx.config.providerOptions.localServer as { maxage?: unknown } | undefined;
      ctx.addRoutes([localFilesRoute(localRoot(ctx.appDir), typeof localServer?.maxage === 'number' ? localServer.maxage : 60_000)]);
    }
    if (await provider.isPrivate?.()) {
      const sign = createUrlSigner(() => ctx.models, provider, name);
      const hooks = ctx.service('plugin::query-engine.hooks');
      hooks.afterFindMany.tapPromise('upload:signed-urls', sign);
      hooks.afterFindOne.tapPromise('upload:signed-urls', sign);
    }
  },
});
