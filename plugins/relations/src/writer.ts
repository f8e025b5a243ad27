/**
 * The relation writer (`plugin::relations.writer`). The query engine's write path calls
 * `prepare` before it writes anything: every relation value of the body is parsed and checked
 * there (ids exist, positions name connected entries), so a bad relation fails the request
 * with nothing written. `apply` then writes the links inside the same transaction, once the
 * entry's row exists, and `deleteLinks` removes every link of deleted entries.
 */
import { ValidationError, type Model, type PluginContext, type RelationField, type ValidationIssue } from '@platform/core';
import { chunks, linkedIds, missingRelationsIssue, parseRelationValue, toSingle, type PreparedRelations, type RelationInput, type RelationWriter } from '@platform/query-engine';
import { errors } from './errors';
import { LinkStore } from './link-store';
import { lockLists } from './list-locks';
import { planPartial, planSet } from './order-planner';

const MORPH_KINDS = new Set(['morphToOne', 'morphToMany', 'morphOne', 'morphMany']);

interface RelationChange {
  field: RelationField;
  input: RelationInput;
}

/** What `prepare` hands to `apply`; opaque to the query engine. */
class PreparedChanges implements PreparedRelations {
  constructor(readonly relations: RelationChange[]) {}

  get fields(): string[] {
    return this.relations.map((change) => change.field.name);
  }
}

/**
 * Every link table where entries of `model` can appear, with the columns that hold their ids:
 * their own relations (either side) and every relation of any model that targets them,
 * one-way ones included. Models do not change once built, so this is computed once per model.
 */
function linkColumnsOf(platform: PluginContext, cache: WeakMap<Model, Map<string, Set<string>>>, model: Model): Map<string, Set<string>> {
  const cached = cache.get(model);
  if (cached) return cached;
  const targets = new Map<string, Set<string>>();
  const add = (table: string, column: string) => targets.set(table, (targets.get(table) ?? new Set()).add(column));
  for (const other of platform.models.all()) {
    for (const field of other.fields.values()) {
      if (field.kind !== 'relation' || !field.owner || MORPH_KINDS.has(field.relation)) continue;
      if (other.uid === model.uid) add(field.link.name, field.link.ownerColumn);
      if (field.target === model.uid) add(field.link.name, field.link.targetColumn);
    }
  }
  cache.set(model, targets);
  return targets;
}

function hasPositions(input: RelationInput): boolean {
  return input.mode === 'partial' && input.connect.some((item) => item.position !== null);
}

export function createRelationWriter(platform: PluginContext): RelationWriter {
  const store = new LinkStore(platform);
  const linkColumns = new WeakMap<Model, Map<string, Set<string>>>();

  function readChanges(model: Model, data: Record<string, unknown>): PreparedChanges {
    const relations: RelationChange[] = [];
    // Schema order, so that errors about several attributes always come in the same order.
    for (const [name, field] of model.fields) {
      const value = data[name];
      if (value === undefined || !Object.hasOwn(data, name)) continue;
      if (field.kind === 'relation' && !MORPH_KINDS.has(field.relation)) {
        const input = parseRelationValue(name, value);
        relations.push({ field, input: field.toMany ? input : toSingle(input) });
      }
    }
    return new PreparedChanges(relations);
  }

  /** One issue per attribute that links entries which do not exist (Strapi's message, path []). */
  async function missingIssues(changes: RelationChange[]): Promise<ValidationIssue[]> {
    const wanted = new Map<string, Set<number>>();
    for (const { field, input } of changes) {
      const ids = wanted.get(field.target) ?? new Set<number>();
      for (const id of linkedIds(input)) ids.add(id);
      wanted.set(field.target, ids);
    }
    const found = new Map<string, Set<number>>();
    for (const [target, ids] of wanted) {
      found.set(target, await store.existing(platform.models.get(target), [...ids]));
    }
    const issues: ValidationIssue[] = [];
    for (const { field, input } of changes) {
      const existing = found.get(field.target) as Set<number>;
      const missing = linkedIds(input).filter((id) => !existing.has(id)).length;
      if (missing > 0) {
        issues.push(missingRelationsIssue(missing, field.target));
      }
    }
    return issues;
  }

  return {
    async prepare(model, data, { id, issues: others = [] }) {
      const changes = readChanges(model, data);
      const issues = [...(await missingIssues(changes.relations)), ...others];
      if (issues.length > 0) throw ValidationError.fromIssues(issues);
      // Positions are checked against the stored list now, so that a bad one writes nothing.
      for (const { field, input } of changes.relations) {
        if (input.mode !== 'partial' || !hasPositions(input)) continue;
        const current = id === null ? [] : await store.readList(field, id);
        planPartial(current, input.connect, input.disconnect);
      }
      return changes;
    },

    async apply(model, id, prepared) {
      if (!(prepared instanceof PreparedChanges)) throw errors.internal('PREPARED_MISMATCH', 'relations.apply expects the result of relations.prepare');
      await lockLists(
        platform,
        model,
        id,
        prepared.relations.map(({ field, input }) => ({ field, targets: linkedIds(input) })),
      );
      for (const { field, input } of prepared.relations) {
        const current = await store.readList(field, id);
        const plan = input.mode === 'set' ? planSet(current, input.ids) : planPartial(current, input.connect, input.disconnect);
        await store.write(field, id, plan);
      }
    },

    async deleteLinks(model, ids) {
      if (ids.length === 0) return;
      const db = platform.db.connection;
      for (const [table, columns] of linkColumnsOf(platform, linkColumns, model)) {
        for (const slice of chunks(ids)) {
          const query = db(table);
          for (const column of columns) query.orWhereIn(column, slice);
          await query.delete();
        }
      }
    },
  };
}
