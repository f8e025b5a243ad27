/**
 * `plugin::upload.upload`: uploads, replaces, describes and removes files. Each write checks
 * everything about its input first (prepare-file.ts, link-on-upload.ts), then stores the
 * objects with the provider, then writes the rows in one transaction; when the transaction
 * fails, the objects it stored are deleted again, so no file is left on disk without its row.
 * Objects of a removed or replaced file are deleted once its row change is committed.
 */
import type { PluginContext, UploadedFile } from '@platform/core';
import { chunks, DELETE_CHUNK, type ContentApiContext, type Entity, type FindParams } from '@platform/query-engine';
import { apiFolderKeeper, linkToFolder, type Folder } from './api-folder';
import type { UploadConfig } from './config';
import { errors } from './errors';
import { FILE_UID } from './file-content-type';
import type { FileInfo, LinkTarget } from './http/upload-body';
import { checkLink, writeLink } from './link-on-upload';
import { prepareFile, type PreparedFile } from './prepare-file';
import type { StoredObject, UploadProvider } from './providers/types';
import { deleteObjects, objectsOf, storeObjects, type StoredFile } from './store-objects';

export interface UploadInput {
  files: UploadedFile[];
  /** per file, in order (missing ones are empty) */
  infos: FileInfo[];
  link: LinkTarget | null;
  workDir: string;
  context: ContentApiContext;
  /** where the files go: the API upload folder when absent (the Content API), the root when null */
  folder?: Folder | null;
  /** the administrator uploading (the media library): the files' `created_by_id` and `updated_by_id` */
  createdBy?: number | null;
}

export interface UploadService {
  /** the provider files are stored with (set at bootstrap) */
  readonly provider: UploadProvider;
  setProvider(provider: UploadProvider, name: string): void;
  upload(input: UploadInput): Promise<Entity[]>;
  replace(id: number, file: UploadedFile, info: FileInfo, workDir: string): Promise<Entity>;
  updateFileInfo(id: number, info: FileInfo): Promise<Entity>;
  remove(id: number): Promise<Entity>;
  /**
   * Deletes files, and runs `alongside` in the same transaction (a folder's rows go with its
   * files); their stored objects are deleted once it is committed. A fixed number of statements
   * per slice of `DELETE_CHUNK` files (`entityService.deleteMany`), each file's hooks run.
   */
  removeMany(ids: number[], alongside?: () => Promise<void>): Promise<Entity[]>;
  findOne(id: number, params?: FindParams): Promise<Entity | null>;
  findMany(params?: FindParams): Promise<Entity[]>;
}

interface StoredRow {
  id: number;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  hash: string;
  ext: string | null;
  url: string;
  provider: string;
  formats: unknown;
  provider_metadata: unknown;
}

export function createUploadService(ctx: PluginContext<UploadConfig & Record<string, unknown>>): UploadService {
  let provider: UploadProvider | null = null;
  let providerName = '';
  const entities = () => ctx.service('plugin::query-engine.entity-service');
  const config = (): UploadConfig => ctx.config;
  const apiFolder = apiFolderKeeper(ctx);

  const current = (): UploadProvider => {
    if (!provider) throw errors.internal('PROVIDER_NOT_READY', 'The upload provider is not initialized yet');
    return provider;
  };

  const notFound = () => errors.request('FILE_NOT_FOUND', 'file.notFound', {});

  /**
   * The stored row, read past the read hooks: what the provider deletes is named by the stored
   * values (a private provider's reads answer signed urls).
   */
  async function existing(id: number): Promise<StoredRow> {
    const [row] = await storedRows([id]);
    if (!row) throw notFound();
    return row;
  }

  /** The stored rows of `ids`, in one statement (the caller slices long lists). */
  async function storedRows(ids: readonly number[]): Promise<StoredRow[]> {
    const model = ctx.models.get(FILE_UID);
    const rows = await ctx.db
      .connection(model.tableName)
      .whereIn('id', [...ids])
      .select('id', 'name', 'alternative_text', 'caption', 'hash', 'ext', 'url', 'provider', 'formats', 'provider_metadata');
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null));
    return rows.map((row: Record<string, unknown>) => ({
      id: Number(row.id),
      name: row.name as string,
      alternativeText: row.alternative_text as string | null,
      caption: row.caption as string | null,
      hash: row.hash as string,
      ext: row.ext as string | null,
      url: row.url as string,
      provider: row.provider as string,
      formats: json(row.formats),
      provider_metadata: json(row.provider_metadata),
    }));
  }

  /** Deletes what a committed change left without a row; a failure is logged, never answered. */
  async function forget(objects: StoredObject[]): Promise<void> {
    for (const error of await deleteObjects(current(), objects)) ctx.log.warn(`could not delete a stored object: ${error.message}`);
  }

  /**
   * Stores with the provider, then runs `write` in a transaction; what was stored is deleted if
   * either fails, except the names in `overwritten` (a replaced file's own names: deleting them
   * would also lose what they held before).
   */
  /** `write` gets one stored file per prepared one, in their order. */
  async function storeThenWrite<const P extends readonly PreparedFile[], T>(
    prepared: P,
    write: (stored: { -readonly [K in keyof P]: StoredFile }) => Promise<T>,
    overwritten: ReadonlySet<string> = new Set(),
  ): Promise<T> {
    const objects: StoredObject[] = [];
    try {
      const stored: StoredFile[] = [];
      for (const file of prepared) stored.push(await storeObjects(current(), config().sizeLimit, file, objects));
      return await ctx.db.transaction(() => write(stored as { -readonly [K in keyof P]: StoredFile }));
    } catch (error) {
      await forget(objects.filter((object) => !overwritten.has(`${object.hash}${object.ext}`)));
      throw error;
    }
  }

  const recordOf = (file: PreparedFile, stored: StoredFile) => ({
    name: file.name,
    alternativeText: file.alternativeText,
    caption: file.caption,
    width: file.width,
    height: file.height,
    formats: stored.formats,
    hash: file.hash,
    ext: file.ext,
    mime: file.mime,
    size: stored.size,
    url: stored.url,
    previewUrl: null,
    provider: providerName,
    provider_metadata: stored.provider_metadata,
  });

  return {
    get provider() {
      return current();
    },
    setProvider(instance, name) {
      provider = instance;
      providerName = name;
    },

    async upload(input) {
      const { files, infos, link, workDir, context } = input;
      const prepared: PreparedFile[] = [];
      for (const [index, file] of files.entries()) prepared.push(await prepareFile(file, infos[index] ?? {}, config(), workDir));
      const checkedLink = link
        ? await checkLink(
            ctx,
            link,
            prepared.map((file) => file.mime),
            context,
          )
        : null;
      const folder = input.folder === undefined ? await apiFolder() : input.folder;
      return storeThenWrite(prepared, async (stored) => {
        const created: Entity[] = [];
        for (const [index, file] of prepared.entries()) {
          // biome-ignore lint/style/noNonNullAssertion: storeThenWrite stores one file per prepared one, in order
          created.push(await entities().create(FILE_UID, { data: { ...recordOf(file, stored[index]!), folderPath: folder?.path ?? '/' } }));
        }
        const ids = created.map((entity) => entity.id);
        if (typeof input.createdBy === 'number') {
          await ctx.db.connection(ctx.models.get(FILE_UID).tableName).whereIn('id', ids).update({ created_by_id: input.createdBy, updated_by_id: input.createdBy });
        }
        if (folder) await linkToFolder(ctx, ids, folder);
        if (checkedLink) await writeLink(ctx, checkedLink, ids);
        return created;
      });
    },

    async replace(id, file, info, workDir) {
      const row = await existing(id);
      // The url stays the same: the new content takes the old hash and extension.
      const prepared = await prepareFile(file, info, config(), workDir, { hash: row.hash, ext: row.ext ?? '' });
      const previous = row.provider === providerName ? objectsOf(row) : [];
      const kept = new Set(prepared.objects.map((object) => `${object.hash}${object.ext}`));
      const overwritten = new Set(previous.map((object) => `${object.hash}${object.ext}`).filter((name) => kept.has(name)));
      const updated = await storeThenWrite(
        [prepared],
        async ([stored]) => {
          const entity = await entities().update(FILE_UID, id, { data: { ...recordOf(prepared, stored), formats: stored.formats ?? {} } });
          if (!entity) throw notFound();
          return entity;
        },
        overwritten,
      );
      // Formats the new content does not have are deleted; the others were overwritten.
      await forget(previous.filter((object) => !kept.has(`${object.hash}${object.ext}`)));
      return updated;
    },

    async updateFileInfo(id, info) {
      const row = await existing(id);
      const data = {
        name: info.name ?? row.name,
        alternativeText: info.alternativeText ?? row.alternativeText,
        caption: info.caption ?? row.caption,
      };
      const entity = await entities().update(FILE_UID, id, { data });
      if (!entity) throw notFound();
      return entity;
    },

    async remove(id) {
      const row = await existing(id);
      const deleted = await ctx.db.transaction(() => entities().delete(FILE_UID, id));
      if (!deleted) throw notFound();
      if (row.provider === providerName) await forget(objectsOf(row));
      return deleted;
    },

    async removeMany(ids, alongside) {
      const unique = [...new Set(ids)];
      const rows: StoredRow[] = [];
      for (const slice of chunks(unique, DELETE_CHUNK)) rows.push(...(await storedRows(slice)));
      if (rows.length !== unique.length) throw notFound();
      const deleted = await ctx.db.transaction(async () => {
        const out = await entities().deleteMany(FILE_UID, unique);
        if (out.length !== rows.length) throw notFound();
        await alongside?.();
        return out;
      });
      await forget(rows.filter((row) => row.provider === providerName).flatMap(objectsOf));
      return deleted;
    },

    findOne: (id, params = {}) => entities().findOne(FILE_UID, id, params),
    findMany: (params = {}) => entities().findMany(FILE_UID, params),
  };
}
