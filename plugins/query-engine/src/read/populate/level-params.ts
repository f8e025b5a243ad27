/**
 * `FindParams.populateParams`: plugin parameters that differ from the root's for one populated
 * relation (GraphQL's `publicationState` argument of a relation field), and
 * `FindParams.populateWindows`, a to-many relation's per-parent slice, keyed by the dotted
 * path of the relation through the populate: attribute names, and a dynamic zone's component
 * uid after the zone's name (`blocks.shared.quote.author`). They are set on the parsed nodes
 * here; the loaders read a node's level, and the levels below it, with the root's parameters
 * overridden by them.
 */
import type { FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';

export function attachLevelParams(nodes: PopulateNode[], params: Pick<FindParams, 'populateParams' | 'populateWindows'>): void {
  const { populateParams, populateWindows } = params;
  if (!populateParams && !populateWindows) return;
  attachByPath(nodes, (node, path) => {
    const own = populateParams && Object.hasOwn(populateParams, path) ? populateParams[path] : undefined;
    if (own) node.params = own;
    const windows = populateWindows && Object.hasOwn(populateWindows, path) ? populateWindows[path] : undefined;
    if (windows && windows.length > 0) node.windows = windows;
  });
}

function attachByPath(nodes: PopulateNode[], attach: (node: PopulateNode, path: string) => void, prefix = ''): void {
  for (const node of nodes) {
    const path = `${prefix}${node.field}`;
    attach(node, path);
    attachByPath(node.populate, attach, `${path}.`);
    for (const [uid, branch] of Object.entries(node.on ?? {})) attachByPath(Array.isArray(branch) ? branch : branch.populate, attach, `${path}.${uid}.`);
    for (const [uid, branch] of Object.entries(node.components ?? {})) attachByPath(branch.populate, attach, `${path}.${uid}.`);
  }
}

/** The parameters a populated node reads with. */
export function levelParams(params: FindParams, node: PopulateNode): FindParams {
  return node.params ? { ...params, ...node.params } : params;
}
