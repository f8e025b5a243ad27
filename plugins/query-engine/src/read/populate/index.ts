/**
 * Populate: parsing every form of the `populate` parameter, and loading populated attributes
 * in batches (a fixed number of queries per attribute and level).
 */
export { parsePopulate } from './parse';
export { populateEntities } from './populate-entities';
export { MAX_POPULATE_DEPTH } from './parse-helpers';
