/**
 * `platform export`: the app's content, uploaded files and settings written as Strapi v4's
 * data-transfer archive, read from the database in pages and written through streams.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Model } from '@platform/core';
import { ArchiveWriter, type WriteOptions } from './archive-writer';
import { readEntities } from './entity-reader';
import type { ConfigurationLine, Group, SchemaLine } from './format';
import { readLinks } from './link-reader';
import { transferableModels } from './schema-diff';
import { CORE_STORE_TABLE, FILE_UID, WEBHOOKS_TABLE, type TransferContext } from './transfer-context';

/** Strapi's version the archives say they come from: the format platform writes is 4.26's. */
export const STRAPI_VERSION = '4.26.2';

export interface ExportOptions extends WriteOptions {
  file: string;
  groups: ReadonlySet<Group>;
  pageSize: number;
  /** where the local upload provider keeps files (`<app>/public/uploads`) */
  uploadsDir: string | null;
  onProgress?(progress: { stage: string; done: number }): void;
}

export interface ExportSummary {
  file: string;
  bytes: number;
  entities: Map<string, number>;
  links: number;
  assets: number;
  configuration: number;
}

function schemaLine(model: Model): SchemaLine & Record<string, unknown> {
  const attributes = Object.fromEntries([...model.fields].map(([name, field]) => [name, field.attribute as unknown as Record<string, unknown>]));
  const base = {
    collectionName: model.tableName,
    info: { singularName: model.singularName, pluralName: model.pluralName },
    options: model.options,
    attributes,
    modelName: model.singularName,
    uid: model.uid,
  };
  return model.kind === 'component' ? { ...base, modelType: 'component' } : { ...base, pluginOptions: model.pluginOptions, kind: model.kind, modelType: 'contentType' };
}

function parseStored(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

async function* configurationLines(context: TransferContext): AsyncGenerator<ConfigurationLine> {
  for (const row of (await context.knex(CORE_STORE_TABLE).select('*').orderBy('id')) as Array<Record<string, unknown>>) {
    yield { type: 'core-store', value: { ...row, value: parseStored(row.value) } };
  }
  if (await context.knex.schema.hasTable(WEBHOOKS_TABLE)) {
    for (const row of (await context.knex(WEBHOOKS_TABLE).select('*').orderBy('id')) as Array<Record<string, unknown>>) {
      yield { type: 'webhook', value: { ...row, headers: parseStored(row.headers), events: parseStored(row.events), enabled: Boolean(row.enabled) } };
    }
  }
}

interface StoredFile {
  hash: string;
  ext: string;
  row: Record<string, unknown>;
}

/** The objects of a files row: the file and each of its formats (thumbnail, small, ...). */
function objectsOf(row: Record<string, unknown>): StoredFile[] {
  const objects: StoredFile[] = [{ hash: String(row.hash), ext: String(row.ext ?? ''), row }];
  const formats = parseStored(row.formats);
  if (formats && typeof formats === 'object') {
    for (const [type, format] of Object.entries(formats as Record<string, Record<string, unknown>>)) {
      if (format && typeof format.hash === 'string') objects.push({ hash: format.hash, ext: String(format.ext ?? ''), row: { ...format, type, mainHash: row.hash } });
    }
  }
  return objects;
}

async function writeAssets(context: TransferContext, writer: ArchiveWriter, options: ExportOptions): Promise<number> {
  const file = context.models.find(FILE_UID);
  if (!file || !options.uploadsDir) return 0;
  let count = 0;
  for await (const line of readEntities(context, file, options.pageSize)) {
    const row: Record<string, unknown> = { id: line.id, ...line.data };
    if (row.provider !== 'local') continue;
    for (const object of objectsOf(row)) {
      const name = `${object.hash}${object.ext}`;
      // a name that could leave the uploads folder is not a stored object
      if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(name) || name.includes('..')) continue;
      const source = path.join(options.uploadsDir, name);
      const stat = await fs.promises.stat(source).catch(() => null);
      if (!stat?.isFile()) continue;
      await writer.addBuffer(`assets/metadata/${name}.json`, Buffer.from(JSON.stringify(object.row)));
      await writer.addStream(`assets/uploads/${name}`, stat.size, fs.createReadStream(source));
      count += 1;
      options.onProgress?.({ stage: 'assets', done: count });
    }
  }
  return count;
}

export async function exportArchive(context: TransferContext, options: ExportOptions): Promise<ExportSummary> {
  const writer = new ArchiveWriter(options.file, options);
  const summary: ExportSummary = { file: options.file, bytes: 0, entities: new Map(), links: 0, assets: 0, configuration: 0 };
  const models = transferableModels(context.models);
  try {
    await writer.addBuffer('metadata.json', Buffer.from(JSON.stringify({ createdAt: new Date().toISOString(), strapi: { version: STRAPI_VERSION } }, null, 2)));
    await writer.addLines(
      'schemas',
      (async function* () {
        for (const model of models) yield schemaLine(model);
      })(),
    );
    if (options.groups.has('content')) {
      let done = 0;
      await writer.addLines(
        'entities',
        (async function* () {
          for (const model of models) {
            if (model.kind === 'component') continue;
            for await (const line of readEntities(context, model, options.pageSize)) {
              summary.entities.set(model.uid, (summary.entities.get(model.uid) ?? 0) + 1);
              if (++done % options.pageSize === 0) options.onProgress?.({ stage: 'entities', done });
              yield line;
            }
          }
        })(),
      );
      summary.links = await writer.addLines('links', readLinks(context, models, options.pageSize));
    }
    if (options.groups.has('files')) summary.assets = await writeAssets(context, writer, options);
    if (options.groups.has('config')) summary.configuration = await writer.addLines('configuration', configurationLines(context));
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  summary.bytes = writer.bytes;
  return summary;
}
