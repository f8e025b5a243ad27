/**
 * Upload in the GraphQL schema, Strapi v4's operations, contributed through the graphql
 * plugin's extension service when that plugin is enabled: `upload`, `multipleUpload`,
 * `updateFileInfo` and `removeFile`, with the permissions of the REST routes they mirror
 * (`plugin::upload.content-api.upload`, `.destroy`; `find`/`findOne` for the file queries, as
 * Strapi v4 scopes them). Files come from GraphQL multipart requests, read by this plugin's
 * own reader (its size and count bounds) and stored by its upload service (type checks, links
 * to an entry, one transaction), as `POST /api/upload` stores them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PluginContext, RequestContext } from '@platform/core';
import { parseId, type Entity } from '@platform/query-engine';
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Extension, ExtensionArgs, FileUpload, GraphqlContext, MultipartParts, MultipartWatcher } from '@platform/graphql';
import type { UploadConfig } from './config';
import { errors } from './errors';
import { FILE_UID } from './file-content-type';
import { readUploadRequest, WORK_PREFIX, type IncomingFile } from './http/multipart';
import { parseFileInfos, parseLinkTarget } from './http/upload-body';

const UPLOAD_SCOPE = 'plugin::upload.content-api.upload';

const TYPE_DEFS = `
  input FileInfoInput { name: String  alternativeText: String  caption: String }
  type Mutation {
    upload(refId: ID, ref: String, field: String, info: FileInfoInput, file: Upload!): UploadFileEntityResponse!
    multipleUpload(refId: ID, ref: String, field: String, files: [Upload]!): [UploadFileEntityResponse]!
    updateFileInfo(id: ID!, info: FileInfoInput): UploadFileEntityResponse!
    removeFile(id: ID!): UploadFileEntityResponse
  }
`;

type Config = UploadConfig & Record<string, unknown>;
type Args = Record<string, unknown>;

/** The parts of a GraphQL multipart request, within this plugin's bounds: any file part may be one the `map` names. */
export function readGraphqlMultipart(config: Config) {
  return async (http: RequestContext, watch: MultipartWatcher): Promise<MultipartParts> => {
    const request = await readUploadRequest(http, config, { isFilePart: () => true, watch });
    return { fields: request.fields as Record<string, string[]>, files: request.files, dispose: request.dispose };
  };
}

/** A file the upload service may store: an `Upload` value that is not empty. */
function incoming(value: unknown): IncomingFile {
  const file = (value as FileUpload | null | undefined)?.file;
  if (!file || file.size === 0) throw errors.request('FILES_EMPTY', 'Files are empty', {});
  return file;
}

/** `ref`, `refId`, `field` as the REST fields are read (an argument given as null is absent). */
function linkOf(args: Args) {
  const fields: Record<string, unknown> = {};
  for (const key of ['ref', 'refId', 'field']) if (args[key] !== undefined && args[key] !== null) fields[key] = args[key];
  return parseLinkTarget(fields);
}

/** `info: FileInfoInput` as a `fileInfo` object (GraphQL's input objects have no prototype). */
function infoOf(args: Args) {
  const info = args.info;
  return parseFileInfos(typeof info === 'object' && info !== null ? { ...info } : undefined)[0] ?? {};
}

function fileId(args: Args): number {
  const id = parseId(args.id as string | undefined);
  if (id === null) throw errors.request('FILE_NOT_FOUND', 'file.notFound', {});
  return id;
}

/** A temporary folder for the image variants of one upload, removed whatever happens. */
async function withWorkDir<T>(run: (workDir: string) => Promise<T>): Promise<T> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), WORK_PREFIX));
  try {
    return await run(workDir);
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

export function uploadGraphql(plugin: PluginContext<Config>) {
  const service = () => plugin.service('plugin::upload.upload');
  return ({ readEntityResponse, readEntityResponses, isExposed }: ExtensionArgs): Extension => {
    const model = plugin.models.get(FILE_UID);
    // as Strapi v4: without the generated file types (shadow CRUD off), no upload operations
    if (!isExposed(model)) return {};
    const read = (entity: Entity, context: GraphqlContext, info: Parameters<typeof readEntityResponse>[3]) => readEntityResponse(model, entity.id, context, info);
    const store = (files: IncomingFile[], infos: ReturnType<typeof infoOf>[], args: Args, context: GraphqlContext) =>
      withWorkDir((workDir) => service().upload({ files, infos, link: linkOf(args), workDir, context: context.contentApi }));

    return {
      typeDefs: TYPE_DEFS,
      resolvers: {
        Mutation: {
          async upload(_parent, args: Args, context, info) {
            const [created] = await store([incoming(args.file)], [infoOf(args)], args, context);
            return read(created as Entity, context, info);
          },
          async multipleUpload(_parent, args: Args, context, info) {
            const uploads = Array.isArray(args.files) ? args.files : [];
            if (uploads.length === 0) throw errors.request('FILES_EMPTY', 'Files are empty', {});
            const created = await store(uploads.map(incoming), [], args, context);
            return readEntityResponses(
              model,
              created.map((entity) => entity.id),
              context,
              info,
            );
          },
          async updateFileInfo(_parent, args: Args, context, info) {
            return read(await service().updateFileInfo(fileId(args), infoOf(args)), context, info);
          },
          async removeFile(_parent, args: Args, context, info) {
            const id = parseId(args.id as string | undefined);
            // as Strapi v4: no such file is a null answer, not an error
            const file = id === null ? null : await service().findOne(id);
            if (!file) return null;
            const answer = await read(file, context, info);
            await service().remove(file.id);
            return answer;
          },
        },
      },
      resolversConfig: {
        'Query.uploadFiles': { auth: { scope: ['plugin::upload.content-api.find'] } },
        'Query.uploadFile': { auth: { scope: ['plugin::upload.content-api.findOne'] } },
        'Mutation.upload': { auth: { scope: [UPLOAD_SCOPE] } },
        'Mutation.multipleUpload': { auth: { scope: [UPLOAD_SCOPE] } },
        'Mutation.updateFileInfo': { auth: { scope: [UPLOAD_SCOPE] } },
        'Mutation.removeFile': { auth: { scope: ['plugin::upload.content-api.destroy'] } },
      },
    };
  };
}
