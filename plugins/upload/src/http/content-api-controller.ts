/**
 * `plugin::upload.content-api`: the actions of Strapi v4's upload content API. They answer the
 * file records themselves (a list, or one record), not the `{ data }` envelope, as Strapi v4
 * does. The reads are content-API operations on the file model (declared parameters only,
 * private attributes removed), like every content route; which caller may run an action is
 * decided by the route's handler string (`plugin::upload.content-api.find`...) in the auth step.
 */
import type { PluginContext, RequestContext } from '@platform/core';
import { parseId, restContext, type Entity, type FindParams, type OperationInput } from '@platform/query-engine';
import type { UploadConfig } from '../config';
import { errors } from '../errors';
import { FILE_UID } from '../file-content-type';
import { readUploadRequest } from './multipart';
import { parseFileId, parseFileInfos, parseLinkTarget } from './upload-body';

export interface UploadContentApiController {
  find(ctx: RequestContext): Promise<Entity[]>;
  findOne(ctx: RequestContext): Promise<Entity>;
  upload(ctx: RequestContext): Promise<Entity[] | Entity>;
  destroy(ctx: RequestContext): Promise<Entity>;
}

export function createContentApiController(plugin: PluginContext<UploadConfig & Record<string, unknown>>): UploadContentApiController {
  const service = () => plugin.service('plugin::upload.upload');
  const contentApi = () => plugin.service('plugin::query-engine.content-api');
  const output = <T>(data: T, ctx: RequestContext): T => contentApi().sanitizeOutput(plugin.models.get(FILE_UID), data, restContext(ctx));
  // the route's scope authorized the caller in the auth step
  const read = (ctx: RequestContext): OperationInput => ({ uid: FILE_UID, context: restContext(ctx), query: ctx.query, authorization: 'transport' });
  const routeId = (ctx: RequestContext): number => {
    const id = parseId(ctx.params.id);
    if (id === null) throw errors.request('FILE_NOT_FOUND', 'file.notFound', {});
    return id;
  };

  return {
    find: (ctx) => contentApi().findMany({ ...read(ctx), store: service() }),

    async findOne(ctx) {
      const id = routeId(ctx);
      // a file is read by its id only: the query's selection, never its filters
      const store = { findOne: (fileId: number, { fields, populate }: FindParams) => service().findOne(fileId, { fields, populate }) };
      const file = await contentApi().findOne({ ...read(ctx), id, store });
      if (!file) throw errors.request('FILE_NOT_FOUND', 'file.notFound', {});
      return file;
    },

    async destroy(ctx) {
      return output(await service().remove(routeId(ctx)), ctx);
    },

    async upload(ctx) {
      const id = parseFileId(ctx.query.id);
      const request = await readUploadRequest(ctx, plugin.config);
      try {
        const infos = parseFileInfos(request.fields.fileInfo);
        const files = request.files.filter((file) => file.size > 0);
        if (files.length === 0) {
          if (id !== undefined) return output(await service().updateFileInfo(id, infos[0] ?? {}), ctx);
          throw errors.request('FILES_EMPTY', 'Files are empty', {});
        }
        if (files.length < request.files.length) throw errors.request('FILES_EMPTY', 'Files are empty', {});
        if (id !== undefined) {
          const [file, ...more] = files;
          if (more.length > 0) throw errors.request('REPLACE_MULTIPLE', 'Cannot replace a file with multiple ones', {});
          if (!file) throw errors.request('FILES_EMPTY', 'Files are empty', {});
          return output(await service().replace(id, file, infos[0] ?? {}, request.workDir), ctx);
        }
        const link = parseLinkTarget(request.fields);
        return output(await service().upload({ files, infos, link, workDir: request.workDir, context: restContext(ctx) }), ctx);
      } finally {
        await request.dispose();
      }
    },
  };
}
