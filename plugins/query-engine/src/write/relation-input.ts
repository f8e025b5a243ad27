/**
 * Reads one value of a request body that links entries (a relation, or an attribute of a
 * plugin-provided type whose value holds entries) into a normalized input: either a full
 * replacement (`set`, and every plain form) or a partial update (`connect` / `disconnect`).
 * Only the shape is checked here; ids are checked against the database and positions against
 * the stored list by whoever writes the links (the relation writer, a field kind).
 */
import { isPlainObject, ValidationError } from '@platform/core';
import { parseId } from '../ids';
import { relationIssue } from './relation-issues';

/** Where a longhand connect item goes in the list; `raw` is the object as sent (errors echo it). */
export type Position =
  | { kind: 'start'; raw: unknown }
  | { kind: 'end'; raw: unknown }
  | { kind: 'before'; ref: number; rawRef: unknown; raw: unknown }
  | { kind: 'after'; ref: number; rawRef: unknown; raw: unknown };

export interface ConnectItem {
  id: number;
  position: Position | null;
}

export type RelationInput = { mode: 'set'; ids: number[] } | { mode: 'partial'; connect: ConnectItem[]; disconnect: number[] };

const KEYS = new Set(['connect', 'disconnect', 'set']);

/**
 * The most ids one relation (or media) value may name, `connect`, `disconnect` and `set`
 * together. Lists up to it are written in slices (../chunks.ts); past it the request is a 400
 * before anything is read or written, so no request can build statements the database refuses
 * or hold a transaction for minutes. Documented in docs/rest-api.md.
 */
export const MAX_RELATION_IDS = 10_000;

function tooMany(field: string, count: number): ValidationError {
  return invalidRelationInput(field, `Too many relation ids for attribute "${field}": ${count} (at most ${MAX_RELATION_IDS} in one request)`);
}

/** Counts the items of a value before any is parsed, so a huge list costs no more than its count. */
function checkCount(field: string, ...lists: unknown[]): void {
  const count = lists.reduce<number>((sum, list) => sum + (Array.isArray(list) ? list.length : 0), 0);
  if (count > MAX_RELATION_IDS) throw tooMany(field, count);
}

export function invalidRelationInput(field: string, message: string): ValidationError {
  return ValidationError.fromIssues([relationIssue([field], message)]);
}

function requireId(field: string, value: unknown): number {
  const id = parseId(value);
  if (id === null) throw invalidRelationInput(field, `Invalid relation id ${JSON.stringify(value) ?? String(value)} for attribute "${field}"`);
  return id;
}

/** A shorthand id or a longhand `{ id }` item; returns the id and the longhand object, if any. */
function readItem(field: string, item: unknown): { id: number; longhand: Record<string, unknown> | null } {
  if (isPlainObject(item)) {
    if (!('id' in item)) throw invalidRelationInput(field, `Invalid relation item for attribute "${field}": an object needs an "id"`);
    return { id: requireId(field, item.id), longhand: item };
  }
  return { id: requireId(field, item), longhand: null };
}

/** connect / disconnect / set take an array; a single item and null are accepted too. */
function asList(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function readIds(field: string, value: unknown): number[] {
  return asList(value).map((item) => readItem(field, item).id);
}

function readPosition(field: string, id: number, raw: unknown): Position | null {
  if (raw === undefined || raw === null) return null;
  const bad = () => invalidRelationInput(field, `Invalid position ${JSON.stringify(raw)} for the relation with id ${id} of attribute "${field}"`);
  if (!isPlainObject(raw)) throw bad();
  const keys = Object.keys(raw).filter((key) => raw[key] !== undefined);
  if (keys.length !== 1) throw bad();
  const [key] = keys;
  if (key === 'start' || key === 'end') {
    if (raw[key] !== true && raw[key] !== 'true') throw bad();
    return { kind: key, raw };
  }
  if (key === 'before' || key === 'after') {
    const ref = parseId(raw[key]);
    if (ref === null) throw bad();
    return { kind: key, ref, rawRef: raw[key], raw };
  }
  throw bad();
}

function readConnect(field: string, value: unknown): ConnectItem[] {
  return asList(value).map((item) => {
    const { id, longhand } = readItem(field, item);
    return { id, position: longhand ? readPosition(field, id, longhand.position) : null };
  });
}

/**
 * Normalizes a relation value. `set` wins over `connect`/`disconnect` when both are sent
 * (what Strapi v4 does); omitting all three keys means `set`.
 */
export function parseRelationValue(field: string, value: unknown): RelationInput {
  if (value === null) return { mode: 'set', ids: [] };
  checkCount(field, value, isPlainObject(value) ? value.connect : undefined, isPlainObject(value) ? value.disconnect : undefined, isPlainObject(value) ? value.set : undefined);
  if (Array.isArray(value)) return { mode: 'set', ids: readIds(field, value) };
  if (!isPlainObject(value)) return { mode: 'set', ids: [requireId(field, value)] };
  const present = Object.keys(value).filter((key) => value[key] !== undefined);
  if (present.some((key) => KEYS.has(key))) {
    const unknown = present.filter((key) => !KEYS.has(key));
    if (unknown.length > 0) throw invalidRelationInput(field, `Invalid key "${unknown[0]}" in relation attribute "${field}" (expected connect, disconnect or set)`);
    if (value.set !== undefined) return { mode: 'set', ids: readIds(field, value.set) };
    return { mode: 'partial', connect: readConnect(field, value.connect), disconnect: readIds(field, value.disconnect) };
  }
  if (present.length === 0) return { mode: 'partial', connect: [], disconnect: [] };
  // A lone longhand item `{ id: 3 }` is the same as `3`.
  return { mode: 'set', ids: [readItem(field, value).id] };
}

/** Removes repeated ids, keeping the first occurrence (the order of `set` is kept). */
export function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids)];
}

/**
 * For a relation that holds at most one entry on this side, every syntax is accepted and the
 * last id wins; a lone `disconnect` stays partial so it only clears a matching link.
 */
export function toSingle(input: RelationInput): RelationInput {
  if (input.mode === 'set') return { mode: 'set', ids: input.ids.slice(-1) };
  const last = input.connect.at(-1);
  if (last) return { mode: 'set', ids: [last.id] };
  return input;
}

/** The ids a request asks to link (not the ones it disconnects): these must exist. */
export function linkedIds(input: RelationInput): number[] {
  return uniqueIds(input.mode === 'set' ? input.ids : input.connect.map((item) => item.id));
}
