/**
 * `FindParams.populateParams`: plugin parameters that differ from the root's for one populated
 * relation (GraphQL's `publicationState` argument of a relation field), keyed by the dotted
 * path of the relation through the populate: attribute names, and a dynamic zone's component
 * uid after the zone's name (`blocks.shared.quote.author`). They are set on the parsed nodes
 * here; the loaders read a node's level, and the levels below it, with the root's parameters
 * overridden by them.
 */
import type { FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';

export function attachLevelParams(nodes: PopulateNode[], byPath: FindParams['populateParams'], prefix = ''): void {
  if (!byPath) return;
  for (const node of nodes) {
    const path = `${prefix}${node.field}`;
    const own = Object.hasOwn(byPath, path) ? byPath[path] : undefined;
    if (own) node.params = own;
    attachLevelParams(node.populate, byPath, `${path}.`);
    for (const [uid, branch] of Object.entries(node.on ?? {})) attachLevelParams(Array.isArray(branch) ? branch : branch.populate, byPath, `${path}.${uid}.`);
    for (const [uid, branch] of Object.entries(node.components ?? {})) attachLevelParams(branch.populate, byPath, `${path}.${uid}.`);
  }
}

/** The parameters a populated node reads with. */
export function levelParams(params: FindParams, node: PopulateNode): FindParams {
  return node.params ? { ...params, ...node.params } : params;
}
