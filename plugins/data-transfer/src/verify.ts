/**
 * The first of an import's two reads: the whole archive is read (deciphered, gunzipped,
 * untarred, every line parsed and its shape checked) before anything is written, so a wrong
 * key, a truncated or corrupted file is an error with the database untouched. What it learns
 * (the schemas, how many entries of each type) decides whether the archive fits the app.
 */
import { ArchiveError, explain, jsonLines, readArchive, readJson, type ReadOptions } from './archive-reader';
import { stageOf, type EntityLine, type LinkLine, type SchemaLine, type ConfigurationLine } from './format';

export interface ArchiveContents {
  metadata: Record<string, unknown> | null;
  schemas: Map<string, SchemaLine>;
  entities: Map<string, number>;
  links: number;
  configuration: number;
  assets: number;
  assetBytes: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkEntity(line: EntityLine, where: string): void {
  if (typeof line.type !== 'string' || !isObject(line.data) || !Number.isSafeInteger(Number(line.id))) throw new ArchiveError(`${where}: not an entity line ({ type, id, data })`);
}

function checkLink(line: LinkLine, where: string): void {
  const end = (e: unknown) => isObject(e) && typeof e.type === 'string' && Number.isSafeInteger(Number(e.ref));
  if (typeof line.kind !== 'string' || !end(line.left) || !end(line.right) || typeof line.left.field !== 'string')
    throw new ArchiveError(`${where}: not a link line ({ kind, relation, left, right })`);
}

export async function verifyArchive(file: string, options: ReadOptions): Promise<ArchiveContents> {
  try {
    return await readContents(file, options);
  } catch (error) {
    // a file's stream fails in the loop that reads it, outside the reader
    throw explain(error, file, options);
  }
}

async function readContents(file: string, options: ReadOptions): Promise<ArchiveContents> {
  const contents: ArchiveContents = { metadata: null, schemas: new Map(), entities: new Map(), links: 0, configuration: 0, assets: 0, assetBytes: 0 };
  for await (const entry of readArchive(file, options)) {
    const stage = stageOf(entry.name);
    if (entry.name === 'metadata.json') {
      const metadata = await readJson(entry);
      if (!isObject(metadata)) throw new ArchiveError('metadata.json is not an object');
      contents.metadata = metadata;
    } else if (stage === 'schemas') {
      for await (const schema of jsonLines<SchemaLine>(entry)) {
        if (typeof schema.uid !== 'string' || !isObject(schema.attributes)) throw new ArchiveError(`${entry.name}: a schema without uid or attributes`);
        contents.schemas.set(schema.uid, schema);
      }
    } else if (stage === 'entities') {
      let n = 0;
      for await (const line of jsonLines<EntityLine>(entry)) {
        checkEntity(line, `${entry.name}, entity ${++n}`);
        contents.entities.set(line.type, (contents.entities.get(line.type) ?? 0) + 1);
      }
    } else if (stage === 'links') {
      for await (const line of jsonLines<LinkLine>(entry)) {
        checkLink(line, `${entry.name}, link ${contents.links + 1}`);
        contents.links += 1;
      }
    } else if (stage === 'configuration') {
      for await (const line of jsonLines<ConfigurationLine>(entry)) {
        if (typeof line.type !== 'string' || !isObject(line.value)) throw new ArchiveError(`${entry.name}: not a configuration line ({ type, value })`);
        contents.configuration += 1;
      }
    } else if (entry.name.startsWith('assets/metadata/')) {
      if (!isObject(await readJson(entry))) throw new ArchiveError(`${entry.name} is not an object`);
    } else if (entry.name.startsWith('assets/uploads/')) {
      for await (const chunk of entry.stream) contents.assetBytes += (chunk as Buffer).length;
      contents.assets += 1;
    }
  }
  if (contents.metadata === null) throw new ArchiveError(`${file} has no metadata.json: it is not a data-transfer archive`);
  return contents;
}
