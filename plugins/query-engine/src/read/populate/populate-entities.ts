/**
 * Fills the populated attributes of already loaded entries, level by level. Each populated
 * attribute costs a fixed number of queries for all entries of a level together (`WHERE
 * owner IN (...)`), whatever their number: a list of 5 and a list of 50 issue the same SQL.
 * What each level adds to the answer is counted against the response budget (budget.ts)
 * before the level below it is queried.
 */
import type { Field, Model } from '@platform/core';
import type { Engine } from '../../engine';
import { RelationCount, type FindParams } from '../../types';
import type { PopulateEntities, PopulateNode } from '../query/contracts';
import { loadRelation } from './load-relation';
import { loadComponent } from './load-component';
import { loadZone } from './load-zone';
import { loadExtension } from './load-extension';
import { responseLimits, Tally } from './budget';
import { isPopulatableCreator, loadCreators } from './creators';

export const populateEntities: PopulateEntities = async (engine, model, entities, nodes, params, tally) => {
  if (entities.length === 0 || nodes.length === 0) return;
  const level = tally ?? Tally.root(responseLimits(engine), entities.length);
  const ids = [...new Set(entities.map((e) => e.id))];
  const loaded = await Promise.all(nodes.map((node) => loadNode(engine, model, ids, node, params, level)));
  // Assigned once everything is loaded, in the nodes' (schema) order, after the scalar keys.
  nodes.forEach((node, index) => {
    const field = model.fields.get(node.field);
    const creator = !field && isPopulatableCreator(model, node.field);
    if (!field && !creator) return;
    // biome-ignore lint/style/noNonNullAssertion: one loaded map per node (Promise.all over nodes)
    const values = loaded[index]!;
    for (const entity of entities) entity[node.field] = values.has(entity.id) ? values.get(entity.id) : field ? emptyValue(field, node) : null;
  });
};

function loadNode(engine: Engine, model: Model, ids: number[], node: PopulateNode, params: FindParams, tally: Tally): Promise<Map<number, unknown>> {
  const field = model.fields.get(node.field);
  switch (field?.kind) {
    case 'relation':
      return loadRelation(engine, field, ids, node, params, tally, populateEntities);
    case 'component':
      return loadComponent(engine, model, field, ids, node, params, tally, populateEntities);
    case 'dynamiczone':
      return loadZone(engine, model, field, ids, node, params, tally, populateEntities);
    case 'extension':
      return loadExtension(engine, model, field, ids, node, params, tally, populateEntities);
    default:
      if (!field && isPopulatableCreator(model, node.field)) return loadCreators(engine, model, node.field, ids);
      return Promise.resolve(new Map());
  }
}

/** What an entry with nothing linked shows: `null` for one, `[]` for many, a zero count. */
function emptyValue(field: Field, node: PopulateNode): unknown {
  switch (field.kind) {
    case 'relation':
      if (!field.toMany) return null;
      return node.count ? new RelationCount(0) : [];
    case 'extension':
      return field.multiple ? [] : null;
    case 'component':
      return field.repeatable ? [] : null;
    case 'dynamiczone':
      return [];
    default:
      return null;
  }
}
