/**
 * Helpers shared by the relations tests: the fixture app, a direct use of the relation writer
 * (prepare + insert/update + apply in one transaction, as the query engine's write path does),
 * and readers of link rows.
 */
import path from 'node:path';
import { expect } from 'chai';
import { ValidationError, type Platform } from '@platform/core';
import type { Knex } from 'knex';
import type { TestApp } from '../helpers/app';

export const RELATIONS_APP = path.resolve(__dirname, '..', 'fixtures', 'relations-app');

/** Inserts a bare row and answers its id (entries whose links the test then writes). */
export async function insertRow(app: TestApp, table: string, values: Record<string, unknown>): Promise<number> {
  return insertInto(app.platform, app.knex, table, values);
}

/** MySQL answers an insert with the new id; the others need `returning`. */
async function insertInto(platform: Platform, db: Knex, table: string, values: Record<string, unknown>): Promise<number> {
  const query = db(table).insert(values);
  const [row] = platform.db.client === 'mysql' ? await query : await query.returning('id');
  return Number(typeof row === 'object' ? (row as { id: number }).id : row);
}

/** Inserts bare rows one after the other: their ids, one per row in order. */
export async function insertRows<const V extends ReadonlyArray<Record<string, unknown>>>(app: TestApp, table: string, values: V): Promise<{ -readonly [K in keyof V]: number }> {
  const ids: number[] = [];
  for (const value of values) ids.push(await insertRow(app, table, value));
  return ids as { -readonly [K in keyof V]: number };
}

/**
 * What the query engine's write path does around the writer: prepare (nothing written on
 * error), the entry's row, then apply, all in one transaction.
 */
export async function writeLinks(platform: Platform, uid: string, id: number | null, data: Record<string, unknown>, newRow: Record<string, unknown> = {}): Promise<number> {
  const writer = platform.service('plugin::relations.writer');
  const model = platform.models.get(uid);
  return platform.db.transaction(async (trx) => {
    const prepared = await writer.prepare(model, data, { action: id === null ? 'create' : 'update', id });
    let rowId = id;
    if (rowId === null) rowId = await insertInto(platform, trx, model.tableName, newRow);
    await writer.apply(model, rowId, prepared);
    return rowId;
  });
}

/** The rows of a link table, numbers normalized (PostgreSQL and MySQL drivers differ). */
export async function linkRows(app: TestApp, table: string, columns: string[]): Promise<Array<Record<string, number | null>>> {
  const rows: Array<Record<string, unknown>> = await app.knex(table).select(columns).orderBy('id');
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] === null ? null : Number(row[c])])));
}

/** The ids of one entry's list, in stored order (order column, then link id). */
export async function listOf(app: TestApp, table: string, selfColumn: string, selfId: number, otherColumn: string, orderColumn: string | null): Promise<number[]> {
  const query = app.knex(table).select(otherColumn).where(selfColumn, selfId);
  if (orderColumn) query.orderBy(orderColumn);
  const rows: Array<Record<string, unknown>> = await query.orderBy('id');
  return rows.map((row) => Number(row[otherColumn]));
}

export async function expectValidationError(promise: Promise<unknown>, message: string, details: Record<string, unknown> = {}): Promise<void> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected a ValidationError').to.be.instanceOf(ValidationError);
  const error = caught as ValidationError;
  expect({ message: error.message, details: error.details }).to.deep.equal({ message, details });
}

/** The envelope of a 400 ValidationError as the REST API renders it. */
export function validationEnvelope(message: string, details: Record<string, unknown> = {}) {
  return { data: null, error: { status: 400, name: 'ValidationError', message, details } };
}

/** One side of a relation of the fixture app, as the HTTP tests drive it. */
export interface RelationSide {
  title: string;
  plural: string;
  nameField: string;
  field: string;
  toMany: boolean;
  target: { plural: string; nameField: string };
  /** the attribute on the target that shows the other direction (two-way relations) */
  inverse?: { field: string; toMany: boolean };
}

/** POSTs an entry and answers its id (fails the test on any other status than 200). */
export async function createEntry(app: TestApp, plural: string, data: Record<string, unknown>): Promise<number> {
  const res = await app.post(`/api/${plural}`, { data });
  expect(res.status, `POST /api/${plural}: ${res.text}`).to.equal(200);
  return res.body.data.id as number;
}

export async function updateEntry(app: TestApp, plural: string, id: number, data: Record<string, unknown>): Promise<void> {
  const res = await app.put(`/api/${plural}/${id}`, { data });
  expect(res.status, `PUT /api/${plural}/${id}: ${res.text}`).to.equal(200);
}

/** GET of one entry with one relation populated, only name fields selected (a stable body). */
export function populatePath(plural: string, id: number, nameField: string, field: string, targetNameField: string): string {
  return `/api/${plural}/${id}?fields[0]=${nameField}&populate[${field}][fields][0]=${targetNameField}`;
}

/** The exact body of that GET, given the linked ids and their names. */
export function populatedBody(id: number, nameField: string, name: string, field: string, toMany: boolean, targetNameField: string, linked: Array<[number, string]>) {
  const items = linked.map(([targetId, targetName]) => ({ id: targetId, attributes: { [targetNameField]: targetName } }));
  const value = toMany ? { data: items } : { data: items.length ? items[items.length - 1] : null };
  return { data: { id, attributes: { [nameField]: name, [field]: value } }, meta: {} };
}

/** The ids a populated relation lists, in the order the API answers them. */
export async function populatedIds(app: TestApp, plural: string, id: number, field: string): Promise<number[]> {
  const res = await app.get(`/api/${plural}/${id}?populate[${field}][fields][0]=id`);
  expect(res.status, res.text).to.equal(200);
  const value = res.body.data.attributes[field].data as { id: number } | Array<{ id: number }> | null;
  if (value === null) return [];
  return Array.isArray(value) ? value.map((item) => item.id) : [value.id];
}
