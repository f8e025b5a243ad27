/**
 * Sends GraphQL documents to a booted app the way clients do (POST JSON, GET query strings).
 */
import type { HttpResponse, TestApp } from '../helpers/app';
import type { Json } from '../helpers/json';

export interface GraphqlBody {
  data?: Json;
  /** when present, at least one error (the GraphQL spec's response format) */
  errors?: [GraphqlError, ...GraphqlError[]];
  extensions?: Record<string, Json>;
}

export interface GraphqlError {
  message: string;
  extensions?: Record<string, Json>;
  path?: Array<string | number>;
  locations?: unknown;
}

export function gql(app: TestApp, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<HttpResponse<GraphqlBody>> {
  return app.post('/graphql', { query, ...(variables ? { variables } : {}) }, headers);
}

export function gqlGet(app: TestApp, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<HttpResponse<GraphqlBody>> {
  const params = new URLSearchParams({ query });
  if (variables) params.set('variables', JSON.stringify(variables));
  return app.get(`/graphql?${params.toString()}`, headers);
}

/** The `data` of an answer that must have no errors. */
export async function gqlData(app: TestApp, query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<Json> {
  const res = await gql(app, query, variables, headers);
  if (res.status !== 200 || res.body.errors) throw new Error(`GraphQL answered ${res.status}: ${res.text}`);
  return res.body.data;
}

/** `data[].id` of a collection answer, as numbers. */
export const ids = (collection: { data: Array<{ id: string }> }): number[] => collection.data.map((entry) => Number(entry.id));

/**
 * After rows were written with their ids (a seed), PostgreSQL's id sequences still start at 1:
 * move them past the rows so that writes through the API get fresh ids.
 */
export async function moveSequencesPastSeed(app: TestApp, tables: string[]): Promise<void> {
  if (app.platform.db.client !== 'postgres') return;
  for (const table of tables) {
    await app.knex.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ??), 1))`, [table, table]);
  }
}
