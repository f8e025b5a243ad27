/**
 * The parameters a populated level reads with: the root's, overridden by what an internal
 * caller set on the attribute (`PopulateOptions.params`, put on the node by the parser), for
 * the level and the levels below it.
 */
import type { FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';

export function levelParams(params: FindParams, node: PopulateNode): FindParams {
  return node.params ? { ...params, ...node.params } : params;
}
