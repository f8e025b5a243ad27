/**
 * The text parts of an upload: `fileInfo` (a JSON object, or one per file as a JSON array or a
 * repeated field) with only `name`, `alternativeText` and `caption`, as Strapi v4's content API
 * accepts; `ref`, `refId` and `field` together, to link the new files to an entry; and the
 * `?id` of the file to replace or describe, which must be a positive integer (Strapi v4 passes
 * `?id[$ne]=0` to its query and overwrites whatever file it finds).
 */
import { containsNul, isPlainObject } from '@platform/core';
import { parseId } from '@platform/query-engine';
import { errors } from '../errors';
import { MAX_TEXT } from '../file-name';

export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
}

export interface LinkTarget {
  ref: string;
  refId: number;
  field: string;
}

const INFO_KEYS = ['name', 'alternativeText', 'caption'] as const;

const invalid = (message: string) => errors.request('BODY_INVALID', message, { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] });

/** One value of a field: the last one a repeated text field got. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalid('fileInfo must be a JSON object');
  }
}

function checkInfo(value: unknown): FileInfo {
  if (value === null || value === undefined) return {};
  if (!isPlainObject(value)) throw invalid('fileInfo must be a JSON object');
  const unknownKeys = Object.keys(value).filter((key) => !(INFO_KEYS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) throw invalid(`fileInfo field has unspecified keys: ${unknownKeys.join(', ')}`);
  const info: FileInfo = {};
  for (const key of INFO_KEYS) {
    const item = value[key];
    if (item === undefined) continue;
    if (item !== null && typeof item !== 'string') throw invalid(`fileInfo.${key} must be a \`string\` type`);
    if (typeof item === 'string' && item.length > MAX_TEXT) throw invalid(`fileInfo.${key} must be at most ${MAX_TEXT} characters`);
    // a name is cleaned of control characters (../file-name.ts); the texts are kept as sent
    if (key !== 'name' && typeof item === 'string' && containsNul(item)) throw invalid(`fileInfo.${key} must not contain a NUL character`);
    info[key] = item;
  }
  return info;
}

/** The infos of the files in order (an entry per file that has one). */
export function parseFileInfos(raw: unknown): FileInfo[] {
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw.map(parseJson) : [parseJson(raw)];
  const flat = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  return flat.map(checkInfo);
}

export function parseLinkTarget(fields: Record<string, unknown>): LinkTarget | null {
  const [ref, refId, field] = (['ref', 'refId', 'field'] as const).map((key) => single(fields[key]));
  if (ref === undefined && refId === undefined && field === undefined) return null;
  const fail = (message: string) => errors.request('LINK_INVALID', message, {});
  if (typeof ref !== 'string' || typeof field !== 'string' || (typeof refId !== 'string' && typeof refId !== 'number')) {
    throw fail('ref, refId and field are sent together, as strings, to link the files to an entry');
  }
  const id = parseId(refId);
  if (id === null) throw fail('refId must be a positive integer');
  return { ref, refId: id, field };
}

/** `?id` of the upload route: absent, or a positive integer; anything else is a 400. */
export function parseFileId(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const id = typeof raw === 'string' ? parseId(raw) : null;
  if (id === null) throw errors.request('BODY_INVALID', 'id must be a positive integer', {});
  return id;
}
