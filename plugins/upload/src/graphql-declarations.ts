/**
 * Upload on GraphQL, Strapi v4's operations, declared to the content API as data (the graphql
 * plugin reads it when it builds its schema): `upload`, `multipleUpload`, `updateFileInfo` and
 * `removeFile`, with the permissions of the REST routes they mirror
 * (`plugin::upload.content-api.upload`, `.destroy`; `find`/`findOne` for the file queries, as
 * Strapi v4 scopes them); files and folders are not written through the generated mutations.
 * Files come from GraphQL multipart requests, read by this plugin's own reader (its size and
 * count bounds) and stored by its upload service (type checks, links to an entry, one
 * transaction), as `POST /api/upload` stores them. Without the generated file types (shadow
 * CRUD off) there are no upload operations, as in Strapi v4.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MultipartWatcher, PluginContext, RequestContext, UploadedFile } from '@platform/core';
import { parseId, type Declarations, type DisposableMultipartParts, type Entity, type GraphqlOperationDeclaration } from '@platform/query-engine';
import type { UploadConfig } from './config';
import { errors } from './errors';
import { FILE_UID } from './file-content-type';
import { FOLDER_UID } from './folder-content-type';
import { readUploadRequest, WORK_PREFIX } from './http/multipart';
import { parseFileInfos, parseLinkTarget } from './http/upload-body';

const UPLOAD_SCOPE = 'plugin::upload.content-api.upload';
const LINK_ARGS = { refId: 'ID', ref: 'String', field: 'String' };

type Config = UploadConfig & Record<string, unknown>;
type Args = Record<string, unknown>;

/** The parts of a GraphQL multipart request, within this plugin's bounds: any file part may be one the `map` names. */
export function readGraphqlMultipart(config: Config) {
  return async (http: RequestContext, watch: MultipartWatcher): Promise<DisposableMultipartParts> => {
    const request = await readUploadRequest(http, config, { isFilePart: () => true, watch });
    return { fields: request.fields as Record<string, string[]>, files: request.files, dispose: request.dispose };
  };
}

/** A file the upload service may store: an `Upload` value (the graphql plugin's, which holds the part as `file`) that is not empty. */
function incoming(value: unknown): UploadedFile {
  const file = (value as { file?: UploadedFile } | null | undefined)?.file;
  if (!file || file.size === 0) throw errors.request('FILES_EMPTY', 'Files are empty', {});
  return file;
}

/** `ref`, `refId`, `field` as the REST fields are read (an argument given as null is absent). */
function linkOf(args: Args) {
  const fields: Record<string, unknown> = {};
  for (const key of ['ref', 'refId', 'field']) if (args[key] !== undefined && args[key] !== null) fields[key] = args[key];
  return parseLinkTarget(fields);
}

/** `info: FileInfoInput` as a `fileInfo` object. */
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

function operations(plugin: PluginContext<Config>): GraphqlOperationDeclaration[] {
  const service = () => plugin.service('plugin::upload.upload');
  const store = (files: UploadedFile[], infos: ReturnType<typeof infoOf>[], args: Args, context: Parameters<GraphqlOperationDeclaration['resolve']>[0]['context']) =>
    withWorkDir((workDir) => service().upload({ files, infos, link: linkOf(args), workDir, context }));
  const mutation = (name: string, args: Record<string, string>, type: string, scope: string, resolve: GraphqlOperationDeclaration['resolve']): GraphqlOperationDeclaration => ({
    root: 'Mutation',
    name,
    models: FILE_UID,
    args,
    type,
    scope: [scope],
    resolve,
  });
  return [
    mutation('upload', { ...LINK_ARGS, info: 'FileInfoInput', file: 'Upload!' }, '{Type}EntityResponse!', UPLOAD_SCOPE, async ({ args, context, readEntry }) => {
      const [created] = await store([incoming(args.file)], [infoOf(args)], args, context);
      return readEntry((created as Entity).id);
    }),
    mutation('multipleUpload', { ...LINK_ARGS, files: '[Upload]!' }, '[{Type}EntityResponse]!', UPLOAD_SCOPE, async ({ args, context, readEntries }) => {
      const uploads = Array.isArray(args.files) ? args.files : [];
      if (uploads.length === 0) throw errors.request('FILES_EMPTY', 'Files are empty', {});
      const created = await store(uploads.map(incoming), [], args, context);
      return readEntries(created.map((entity) => entity.id));
    }),
    mutation('updateFileInfo', { id: 'ID!', info: 'FileInfoInput' }, '{Type}EntityResponse!', UPLOAD_SCOPE, async ({ args, readEntry }) =>
      readEntry((await service().updateFileInfo(fileId(args), infoOf(args))).id),
    ),
    mutation('removeFile', { id: 'ID!' }, '{Type}EntityResponse', 'plugin::upload.content-api.destroy', async ({ args, readEntry }) => {
      const id = parseId(args.id as string | undefined);
      // as Strapi v4: no such file is a null answer, not an error
      const file = id === null ? null : await service().findOne(id);
      if (!file) return null;
      const answer = await readEntry(file.id);
      await service().remove(file.id);
      return answer;
    }),
  ];
}

export function declareGraphql(declarations: Declarations, plugin: PluginContext<Config>): void {
  const owner = plugin.name;
  const { graphql } = declarations;
  graphql.model(owner, { models: (model) => model.uid === FILE_UID || model.uid === FOLDER_UID, withoutActions: ['create', 'update', 'delete'] });
  graphql.model(owner, { models: FILE_UID, scopes: { find: ['plugin::upload.content-api.find'], findOne: ['plugin::upload.content-api.findOne'] } });
  graphql.inputType(owner, { name: 'FileInfoInput', fields: { name: 'String', alternativeText: 'String', caption: 'String' }, models: FILE_UID });
  graphql.readMultipartWith(owner, readGraphqlMultipart(plugin.config));
  for (const operation of operations(plugin)) graphql.operation(owner, operation);
}
