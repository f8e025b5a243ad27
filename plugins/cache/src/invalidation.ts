/**
 * What invalidates: every write statement the database runs, whoever issues it. The entity
 * service's after* hooks name the model written (any transport, any plugin); a statement seen
 * on the connection names its table, which maps to the model that owns it (its entity table,
 * components join table or relation link tables). A table no model owns, and a model no
 * content-API type shows (roles, permissions, tokens: they change who sees what), invalidate
 * every answer. The generations are bumped once the transaction commits (before the write's
 * answer is sent), never before: a read between the bump and the commit would otherwise store
 * the old rows under the new generations.
 */
import type { Model, PluginContext } from '@platform/core';
import type { QueryHooks, WriteContext } from '@platform/query-engine';
import type { DependencyGraph } from './dependencies';
import { EVERYTHING } from './generations';

/** the first keyword of statements that change nothing */
const READ_ONLY = /^\s*(select|begin|commit|rollback|savepoint|release|set|pragma|show|explain)\b/i;
const WRITE_TABLE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+[`"]?([\w$]+)[`"]?/i;

export function tableOwners(models: Iterable<Model>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const model of models) {
    owners.set(model.tableName, model.uid);
    if (model.componentJoin) owners.set(model.componentJoin.name, model.uid);
    for (const field of model.fields.values()) if (field.kind === 'relation' && field.owner) owners.set(field.link.name, model.uid);
  }
  return owners;
}

/** the uids a statement invalidates, or none for a read */
export function statementTargets(sql: string, owners: Map<string, string>): string[] {
  if (READ_ONLY.test(sql)) return [];
  const table = WRITE_TABLE.exec(sql)?.[1];
  const owner = table ? owners.get(table) : undefined;
  return [owner ?? EVERYTHING];
}

export function widen(uids: Iterable<string>, graph: DependencyGraph): string[] {
  const out = new Set<string>();
  for (const uid of uids) {
    out.add(uid);
    if (uid !== EVERYTHING && !graph.shownByContentApi(uid)) out.add(EVERYTHING);
  }
  return [...out];
}

/**
 * Collects the uids written in each transaction and invalidates them once it commits (or at
 * once outside a transaction). Returns the function that stops listening.
 */
export function watchWrites(ctx: PluginContext, queryHooks: QueryHooks, graph: () => DependencyGraph, owners: () => Map<string, string>, invalidate: (uids: string[]) => Promise<void>): () => void {
  const pending = new WeakMap<object, Set<string>>();
  const noted = (uids: string[]): Promise<void> | void => {
    if (!uids.length) return;
    const connection = ctx.db.connection;
    if (connection === ctx.db.knex) return invalidate(widen(uids, graph()));
    let set = pending.get(connection);
    if (!set) {
      const created = new Set<string>();
      set = created;
      pending.set(connection, created);
      void ctx.db.afterCommit(() => invalidate(widen(created, graph())));
    }
    for (const uid of uids) set.add(uid);
  };
  const onWrite = async ({ model }: WriteContext) => {
    await noted([model.uid]);
  };
  queryHooks.afterCreate.tapPromise('cache', onWrite);
  queryHooks.afterUpdate.tapPromise('cache', onWrite);
  queryHooks.afterDelete.tapPromise('cache', onWrite);
  const stop = ctx.db.onQuery((event) => {
    const done = noted(statementTargets(event.sql, owners()));
    if (done instanceof Promise) done.catch((error: unknown) => ctx.log.error(`invalidation failed: ${String(error)}`));
  });
  return stop;
}
