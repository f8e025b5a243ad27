/**
 * The workloads of the benchmark: what a frontend asks of a CMS, from a read by id to a
 * three-level populate and writes with relation changes.
 */
import { CREATED_TAG_NAME } from './dataset';

export interface Workload {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** the floor servers answer this one too (the same bytes) */
  floor?: boolean;
  /**
   * for a workload the floors do not answer: the floor workload whose raw-floor cost it is
   * reported against (a plain page for the other lists, `populate=*` for the other populates)
   */
  nearestFloor?: 'get-by-id' | 'list-25' | 'list-populate-all';
  /** why this workload cannot run yet, if so */
  unavailable?: (enabledPlugins: string[]) => string | null;
  /** sent with a credential the bench makes before the runs (`Authorization: Bearer ...`) */
  credential?: 'api-token' | 'jwt' | 'admin';
  /** runs against a second server of the same app with the auth plugins switched off */
  open?: boolean;
  /** the workload this one is the same request as, without its credential: the report shows the cost of auth */
  sameAs?: string;
  /** the REST workload that answers the same page as this GraphQL one: the report sets their CPU side by side (issue 35's goal: at most 1.3×) */
  restTwin?: string;
  /**
   * runs against a server with the response cache on (the others run with it off); the bench
   * checks that its answer is byte-identical to the uncached server's
   */
  cached?: boolean;
  /**
   * runs against a server of the same app that posts every created entry to this many webhooks
   * (a receiver in the bench process); the report sets it against the workload `vs`
   */
  webhooks?: { count: number; vs: string };
}

/** the answer's bytes, for the comparisons of cached and uncached answers */
export async function answerText(url: string, w: Workload): Promise<string> {
  const res = await fetch(url + w.path, { method: w.method, headers: w.body ? { 'content-type': 'application/json' } : {}, body: w.body ? JSON.stringify(w.body) : undefined });
  return res.text();
}

const adminMissing = (plugins: string[]) => (plugins.includes('admin') ? null : 'the admin plugin is disabled');
const graphqlMissing = (plugins: string[]) => (plugins.includes('graphql') ? null : 'the graphql plugin is disabled');

const GRAPHQL_POPULATE =
  '{ articles(pagination: { pageSize: 25 }) { data { id attributes { title category { data { id attributes { name } } } tags { data { id attributes { name } } } author { data { id attributes { name } } } } } } }';

/** the same page as Apollo Client asks for it: through a named fragment and variables, with `__typename` in every selection */
const GRAPHQL_POPULATE_CLIENT = [
  'query Articles($pageSize: Int) { articles(pagination: { pageSize: $pageSize }) { data { id attributes { ...ArticleCard __typename } __typename } __typename } }',
  'fragment Named on Category { name __typename }',
  'fragment ArticleCard on Article { title category { data { id attributes { ...Named } __typename } __typename } tags { data { id attributes { name __typename } __typename } __typename } author { data { id attributes { name __typename } __typename } __typename } }',
].join(' ');

export const WORKLOADS: Workload[] = [
  { name: 'get-by-id', method: 'GET', path: '/api/articles/17', floor: true },
  { name: 'list-25', method: 'GET', path: '/api/articles?pagination[pageSize]=25', floor: true },
  { name: 'list-filtered', method: 'GET', path: '/api/articles?filters[category][id][$eq]=3&filters[title][$containsi]=dolor', nearestFloor: 'list-25' },
  { name: 'list-sorted', method: 'GET', path: '/api/articles?sort[0]=views:desc&sort[1]=title:asc', nearestFloor: 'list-25' },
  { name: 'list-filtered-sorted', method: 'GET', path: '/api/articles?filters[views][$gt]=2500&filters[title][$containsi]=dolor&sort=views:desc', nearestFloor: 'list-25' },
  { name: 'list-populate-all', method: 'GET', path: '/api/articles?populate=*', floor: true },
  { name: 'list-25-cached', method: 'GET', path: '/api/articles?pagination[pageSize]=25', floor: true, cached: true },
  { name: 'list-populate-all-cached', method: 'GET', path: '/api/articles?populate=*', floor: true, cached: true },
  {
    name: 'list-populate-3-levels',
    method: 'GET',
    path: '/api/articles?populate[tags][populate][articles][fields][0]=title&populate[author][populate][profile]=true&populate[blocks]=*',
    nearestFloor: 'list-populate-all',
  },
  // the admin panel's list view of 25 entries (an Editor's session): at most one statement more than list-25
  {
    name: 'admin-list-25',
    method: 'GET',
    path: '/content-manager/collection-types/api::article.article?page=1&pageSize=25',
    credential: 'admin',
    nearestFloor: 'list-25',
    unavailable: adminMissing,
  },
  // what an editor does with the list: search (`_q`, every searchable text) sorted by a column, and a page far down the title order
  {
    name: 'admin-list-25-search',
    method: 'GET',
    path: '/content-manager/collection-types/api::article.article?page=1&pageSize=25&_q=dolor&sort=title:ASC',
    credential: 'admin',
    nearestFloor: 'list-25',
    unavailable: adminMissing,
  },
  {
    name: 'admin-list-25-page-390',
    method: 'GET',
    path: '/content-manager/collection-types/api::article.article?page=390&pageSize=25&sort=title:ASC',
    credential: 'admin',
    nearestFloor: 'list-25',
    unavailable: adminMissing,
  },
  { name: 'list-deep-filter', method: 'GET', path: '/api/articles?filters[category][name][$eq]=category-3&filters[tags][name][$eq]=tag-7', nearestFloor: 'list-25' },
  // writes as a user of the authenticated role (the public one may only read)
  { name: 'create-tag', method: 'POST', path: '/api/tags', body: { data: { name: CREATED_TAG_NAME } }, credential: 'jwt', nearestFloor: 'get-by-id' },
  {
    name: 'create-tag-3-webhooks',
    method: 'POST',
    path: '/api/tags',
    body: { data: { name: CREATED_TAG_NAME } },
    credential: 'jwt',
    nearestFloor: 'get-by-id',
    webhooks: { count: 3, vs: 'create-tag' },
  },
  { name: 'update-connect', method: 'PUT', path: '/api/articles/17', body: { data: { tags: { connect: [{ id: 1, position: { start: true } }] } } }, credential: 'jwt', nearestFloor: 'get-by-id' },
  // the same page over REST and GraphQL: 25 articles, then 25 articles with 3 relations each
  {
    name: 'list-25-relations',
    method: 'GET',
    path: '/api/articles?pagination[pageSize]=25&populate[category][fields][0]=name&populate[tags][fields][0]=name&populate[author][fields][0]=name',
    nearestFloor: 'list-populate-all',
  },
  {
    name: 'graphql-list-25',
    method: 'POST',
    path: '/graphql',
    body: {
      query:
        '{ articles(pagination: { pageSize: 25 }) { data { id attributes { title slug body views rating price publishedOn featured meta status contactEmail createdAt updatedAt publishedAt locale } } meta { pagination { page pageSize pageCount total } } } }',
    },
    unavailable: graphqlMissing,
    nearestFloor: 'list-25',
  },
  {
    name: 'graphql-populate',
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_POPULATE },
    unavailable: graphqlMissing,
    nearestFloor: 'list-populate-all',
  },
  // the same page as its REST twin (issue 35): 25 articles, their title and the names of their category, tags and author
  {
    name: 'list-25-title-relations',
    method: 'GET',
    path: '/api/articles?pagination[pageSize]=25&fields[0]=title&populate[category][fields][0]=name&populate[tags][fields][0]=name&populate[author][fields][0]=name',
    nearestFloor: 'list-populate-all',
  },
  {
    name: 'graphql-list-25-relations',
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_POPULATE },
    unavailable: graphqlMissing,
    nearestFloor: 'list-populate-all',
    restTwin: 'list-25-title-relations',
  },
  {
    name: 'graphql-list-25-relations-client',
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_POPULATE_CLIENT, variables: { pageSize: 25 } },
    unavailable: graphqlMissing,
    nearestFloor: 'list-populate-all',
    restTwin: 'list-25-title-relations',
  },
  { name: 'graphql-populate-cached', method: 'POST', path: '/graphql', body: { query: GRAPHQL_POPULATE }, unavailable: graphqlMissing, cached: true },
  // list-25 itself runs as the public role; the cost of auth is measured against the same list
  // on a server without auth plugins.
  { name: 'list-25-no-auth', method: 'GET', path: '/api/articles?pagination[pageSize]=25', open: true, nearestFloor: 'list-25' },
  {
    name: 'list-25-jwt',
    method: 'GET',
    path: '/api/articles?pagination[pageSize]=25',
    credential: 'jwt',
    sameAs: 'list-25-no-auth',
    nearestFloor: 'list-25',
    unavailable: (plugins) => (plugins.includes('users-permissions') ? null : 'the users-permissions plugin is not enabled'),
  },
  {
    name: 'list-25-api-token',
    method: 'GET',
    path: '/api/articles?pagination[pageSize]=25',
    credential: 'api-token',
    sameAs: 'list-25-no-auth',
    nearestFloor: 'list-25',
    unavailable: (plugins) => (plugins.includes('api-tokens') ? null : 'the api-tokens plugin is not enabled'),
  },
];
