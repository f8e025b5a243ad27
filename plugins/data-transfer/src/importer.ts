/**
 * `platform import`: an archive restored into the app's database in Strapi v4's layout, ids,
 * link tables and order columns as they were. The archive is read twice: once whole to check
 * it (verify.ts; nothing is written if it is damaged, wrongly keyed or does not fit the app's
 * schemas), then to write it. As Strapi does, the rows of every type the archive brings are
 * deleted first (Strapi's admin types are never touched); rows are then written one
 * transaction per batch, entities before links. Should a write fail, the batches before it stay
 * committed: the error says how many rows of each table were written, and a report beside the
 * archive (import-report.ts) records how far the import got, so that `--resume` goes on from
 * there instead of starting over.
 */
import fs from 'node:fs';
import type { Model } from '@platform/core';
import { ArchiveError, jsonLines, readArchive, readJson, type ReadOptions } from './archive-reader';
import { BatchWriter } from './batch-writer';
import { archiveSha256 } from './archive-digest';
import { writeReport, type ImportPosition, type ImportReport } from './import-report';
import { entityRows, type Row, type RowContext } from './entity-rows';
import { stageOf, type ConfigurationLine, type EntityLine, type Group, type LinkLine } from './format';
import { resetSequences } from './sequences';
import { compareSchema, transferableModels, type SchemaDifference } from './schema-diff';
import { APP_OWNED_STORE_KEYS, CORE_STORE_TABLE, WEBHOOKS_TABLE, type TransferContext } from './transfer-context';
import { verifyArchive, type ArchiveContents } from './verify';

export interface ImportOptions extends ReadOptions {
  file: string;
  /** imports what matches the app when the schemas differ */
  force: boolean;
  groups: ReadonlySet<Group>;
  batchSize: number;
  /** where a failure is reported (`NAME.import-report.json` beside the archive) */
  reportFile: string;
  /** the report of a failed import of the same archive: what it committed is not written again */
  resume?: ImportReport | null;
  onProgress?(progress: ImportProgress): void;
}

export interface ImportProgress {
  stage: 'verify' | 'entities' | 'links' | 'assets' | 'configuration';
  done: number;
  total: number;
}

export interface ImportSummary {
  contents: ArchiveContents;
  entities: Map<string, number>;
  links: number;
  assets: number;
  configuration: number;
  /** what did not fit the app and was left out (with --force) */
  differences: SchemaDifference[];
  skipped: Map<string, number>;
}

export class ImportFailure extends Error {
  constructor(
    message: string,
    readonly written: ReadonlyMap<string, number>,
    /** the report written for `--resume`, or null when it could not be written */
    readonly reportFile: string | null,
  ) {
    super(message);
  }
}

/** The differences that stop an import (those of types on both sides, of entries the app has no type for, of the app's own types the archive lacks). */
export function differencesOf(context: TransferContext, contents: ArchiveContents): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const models = new Map(transferableModels(context.models).map((m) => [m.uid, m]));
  for (const [uid, schema] of contents.schemas) {
    const model = models.get(uid);
    // a plugin's type may carry attributes of platform's own beside Strapi's (they stay empty)
    if (model) differences.push(...compareSchema(model, schema).filter((d) => !(d.appOnly && model.namespace === 'plugin')));
  }
  for (const [uid, count] of contents.entities) {
    if (!models.has(uid)) differences.push({ uid, attribute: null, message: `the archive holds ${count} entries of ${uid}, a type the app does not have`, appOnly: false });
  }
  for (const model of models.values()) {
    if (model.namespace === 'api' && !contents.schemas.has(model.uid)) differences.push({ uid: model.uid, attribute: null, message: `the app's ${model.uid} is not in the archive`, appOnly: true });
  }
  return differences;
}

/** The tables an import empties first: those of the types the archive brings, link and join tables before the rows they point at. */
function tablesToEmpty(context: TransferContext, contents: ArchiveContents): string[] {
  const models = transferableModels(context.models).filter((m) => contents.schemas.has(m.uid));
  const first: string[] = context.morphTable ? [context.morphTable] : [];
  const last: string[] = [];
  for (const model of models) {
    if (model.componentJoin) first.push(model.componentJoin.name);
    for (const field of model.fields.values()) if (field.kind === 'relation' && field.owner) first.push(field.link.name);
    last.push(model.tableName);
  }
  return [...new Set([...first, ...last])];
}

function linkRow(context: TransferContext, line: LinkLine, skipped: Map<string, number>, excluded: ReadonlySet<string>): { table: string; row: Row } | null {
  const skip = () => {
    const key = `${line.left.type}.${line.left.field}`;
    skipped.set(key, (skipped.get(key) ?? 0) + 1);
    return null;
  };
  if (line.kind === 'relation.morph') {
    if (!context.morphTable || excluded.has(`${line.right.type}.${line.right.field}`) || !context.models.has(line.right.type)) return skip();
    return { table: context.morphTable, row: { file_id: line.left.ref, related_id: line.right.ref, related_type: line.right.type, field: line.right.field ?? null, order: line.right.pos ?? null } };
  }
  const model: Model | undefined = context.models.find(line.left.type);
  const field = model?.fields.get(line.left.field);
  if (!model || !field || field.kind !== 'relation' || excluded.has(`${model.uid}.${field.name}`)) return skip();
  const { link } = field;
  // the archive describes a link from the side that owns its table; the other side is turned round
  const [owner, target] = field.owner ? [line.left, line.right] : [line.right, line.left];
  const row: Row = { [link.ownerColumn]: owner.ref, [link.targetColumn]: target.ref };
  if (link.targetOrderColumn) row[link.targetOrderColumn] = owner.pos ?? null;
  if (link.ownerOrderColumn) row[link.ownerOrderColumn] = target.pos ?? null;
  return { table: link.name, row };
}

function storeRow(value: Record<string, unknown>): Row {
  return { key: value.key, value: JSON.stringify(value.value ?? null), type: value.type ?? null, environment: value.environment ?? null, tag: value.tag ?? null };
}

async function writeConfiguration(context: TransferContext, lines: ConfigurationLine[]): Promise<number> {
  let written = 0;
  await context.transaction(async (trx) => {
    for (const line of lines) {
      if (line.type === 'core-store') {
        const key = line.value.key;
        if (typeof key !== 'string' || APP_OWNED_STORE_KEYS.has(key)) continue;
        await trx(CORE_STORE_TABLE).where({ key }).delete();
        await trx(CORE_STORE_TABLE).insert(storeRow(line.value));
        written += 1;
      } else if (line.type === 'webhook' && (await trx.schema.hasTable(WEBHOOKS_TABLE))) {
        const { id: _id, headers, events, ...rest } = line.value;
        // importing the same archive again does not double its webhooks
        const same = await trx(WEBHOOKS_TABLE)
          .where({ name: rest.name ?? null, url: rest.url ?? null })
          .first('id');
        if (same) continue;
        await trx(WEBHOOKS_TABLE).insert({ ...rest, headers: JSON.stringify(headers ?? {}), events: JSON.stringify(events ?? []) });
        written += 1;
      }
    }
  });
  return written;
}

function describeWritten(written: ReadonlyMap<string, number>): string {
  return [...written].map(([table, n]) => `${table}: ${n}`).join(', ') || 'nothing';
}

export async function importArchive(context: TransferContext, options: ImportOptions): Promise<ImportSummary> {
  options.onProgress?.({ stage: 'verify', done: 0, total: 0 });
  const contents = await verifyArchive(options.file, options);
  const differences = differencesOf(context, contents);
  if (differences.length > 0 && !options.force) {
    throw new ArchiveError(`the archive's schemas do not match the app's (nothing was written):\n${differences.map((d) => `  - ${d.message}`).join('\n')}\n--force imports what matches`);
  }
  // with --force, attributes whose storage differs are left out like those the app lacks
  const excluded = new Set(differences.filter((d) => d.attribute !== null).map((d) => `${d.uid}.${d.attribute}`));
  const skipped = new Map<string, number>();
  const rowContext: RowContext = { models: context.models, client: context.client, skipped, excluded };
  const writer = new BatchWriter((fn) => context.transaction(fn), options.batchSize);
  const resume = options.resume ?? null;
  for (const [table, n] of Object.entries(resume?.written ?? {})) writer.written.set(table, n);
  // lines and files of the archive read so far, and how many of them are committed
  const read = { entities: 0, links: 0, assets: 0 };
  const position: ImportPosition = { emptied: resume?.position.emptied ?? false, entities: 0, links: 0, assets: 0 };
  const flush = async (force = false) => {
    await writer.flush(force);
    // a batch is flushed on a line's end, so what was read is now committed whole
    if (writer.buffered === 0) Object.assign(position, { entities: read.entities, links: read.links });
  };
  const resumed = (stage: 'entities' | 'links' | 'assets') => resume !== null && read[stage] <= resume.position[stage];
  const summary: ImportSummary = { contents, entities: new Map(), links: 0, assets: 0, configuration: 0, differences, skipped };
  const content = options.groups.has('content');
  const totalEntities = [...contents.entities.values()].reduce((a, b) => a + b, 0);
  let explicitIds = new Set<string>();
  try {
    if (content && !position.emptied) {
      const tables = tablesToEmpty(context, contents);
      await context.transaction(async (trx) => {
        for (const table of tables) if (await trx.schema.hasTable(table)) await trx(table).delete();
      });
      position.emptied = true;
    }
    const configuration: ConfigurationLine[] = [];
    const assetInfo = new Map<string, Record<string, unknown>>();
    let entitiesDone = 0;
    for await (const entry of readArchive(options.file, options)) {
      const stage = stageOf(entry.name);
      if (stage === 'entities' && content) {
        for await (const line of jsonLines<EntityLine>(entry)) {
          read.entities += 1;
          const model = context.models.find(line.type);
          if (!model || model.kind === 'component' || !contents.schemas.has(line.type)) {
            skipped.set(line.type, (skipped.get(line.type) ?? 0) + 1);
            continue;
          }
          if (!resumed('entities')) entityRows(rowContext, (table, row) => writer.add(table, row), model, line);
          summary.entities.set(line.type, (summary.entities.get(line.type) ?? 0) + 1);
          entitiesDone += 1;
          if (writer.buffered >= writer.batchSize) {
            await flush();
            options.onProgress?.({ stage: 'entities', done: entitiesDone, total: totalEntities });
          }
        }
        await flush(true);
        options.onProgress?.({ stage: 'entities', done: entitiesDone, total: totalEntities });
      } else if (stage === 'links' && content) {
        if (explicitIds.size === 0) explicitIds = new Set(writer.written.keys());
        for await (const line of jsonLines<LinkLine>(entry)) {
          read.links += 1;
          const link = linkRow(context, line, skipped, excluded);
          if (link) {
            if (!resumed('links')) writer.add(link.table, link.row);
            summary.links += 1;
          }
          if (writer.buffered >= writer.batchSize) {
            await flush();
            options.onProgress?.({ stage: 'links', done: summary.links, total: contents.links });
          }
        }
        await flush(true);
      } else if (stage === 'configuration' && options.groups.has('config')) {
        for await (const line of jsonLines<ConfigurationLine>(entry)) configuration.push(line);
      } else if (entry.name.startsWith('assets/metadata/') && options.groups.has('files')) {
        assetInfo.set(entry.name.slice('assets/metadata/'.length).replace(/\.json$/, ''), (await readJson(entry)) as Record<string, unknown>);
      } else if (entry.name.startsWith('assets/uploads/') && options.groups.has('files') && context.provider) {
        const name = entry.name.slice('assets/uploads/'.length);
        const info = assetInfo.get(name) ?? {};
        assetInfo.delete(name);
        read.assets += 1;
        if (resumed('assets')) {
          summary.assets += 1;
          position.assets = read.assets;
          continue;
        }
        const ext = typeof info.ext === 'string' ? info.ext : name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
        const hash = typeof info.hash === 'string' ? info.hash : name.slice(0, name.length - ext.length);
        const file = {
          ...info,
          name,
          hash,
          ext,
          mime: typeof info.mime === 'string' ? info.mime : 'application/octet-stream',
          size: Number(info.size ?? 0),
          url: '',
          stream: entry.stream,
          getStream: () => entry.stream,
        };
        if (context.provider.uploadStream) await context.provider.uploadStream(file as never);
        else await context.provider.upload(file as never);
        summary.assets += 1;
        position.assets = read.assets;
        options.onProgress?.({ stage: 'assets', done: summary.assets, total: contents.assets });
      }
    }
    await flush(true);
    if (explicitIds.size === 0) explicitIds = new Set(writer.written.keys());
    await resetSequences(context, [...explicitIds]);
    if (configuration.length > 0) {
      summary.configuration = await writeConfiguration(context, configuration);
      options.onProgress?.({ stage: 'configuration', done: summary.configuration, total: contents.configuration });
    }
  } catch (error) {
    if (error instanceof ArchiveError && !position.emptied) throw error;
    const message = error instanceof Error ? error.message : String(error);
    let reportFile: string | null = options.reportFile;
    let resumeHint: string;
    try {
      writeReport(options.reportFile, {
        archive: options.file,
        archiveBytes: fs.statSync(options.file).size,
        archiveSha256: await archiveSha256(options.file),
        force: options.force,
        groups: [...options.groups],
        failedAt: new Date().toISOString(),
        error: message,
        position,
        written: Object.fromEntries(writer.written),
      });
      resumeHint = `Once the cause is fixed, go on from there with --resume ${options.reportFile}, or run the import again to start over.`;
    } catch (reportError) {
      reportFile = null;
      resumeHint = `The report for --resume could not be written (${(reportError as Error).message}): run the import again once the cause is fixed (it starts over).`;
    }
    const written = `written before the failure: ${describeWritten(writer.written)}`;
    const what = position.emptied ? `The rows of the archive's types were deleted first; ${written}` : written[0]?.toUpperCase() + written.slice(1);
    throw new ImportFailure(`the import stopped: ${message}\n${what}. ${resumeHint}`, writer.written, reportFile);
  }
  // the report of an earlier failure of this archive is spent
  fs.rmSync(options.reportFile, { force: true });
  return summary;
}
