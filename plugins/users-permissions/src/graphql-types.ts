/**
 * The types of users-permissions' GraphQL operations (./graphql-declarations.ts), Strapi v4's,
 * as data: the account inputs, `UsersPermissionsMe` and the payloads. The role payloads exist
 * only with the generated role types, as the role mutations do.
 */
import type { GraphqlDeclarations } from '@platform/query-engine';
import { ROLE_UID } from './content-types';

export function declareGraphqlTypes(graphql: GraphqlDeclarations, owner: string): void {
  graphql.inputType(owner, { name: 'UsersPermissionsLoginInput', fields: { identifier: 'String!', password: 'String!', provider: { type: 'String!', defaultValue: 'local' } } });
  graphql.inputType(owner, { name: 'UsersPermissionsRegisterInput', fields: { username: 'String!', email: 'String!', password: 'String!' } });
  graphql.objectType(owner, { name: 'UsersPermissionsMeRole', fields: { id: 'ID!', name: 'String!', description: 'String', type: 'String' } });
  graphql.objectType(owner, {
    name: 'UsersPermissionsMe',
    fields: { id: 'ID!', username: 'String!', email: 'String', confirmed: 'Boolean', blocked: 'Boolean', role: 'UsersPermissionsMeRole' },
  });
  graphql.objectType(owner, { name: 'UsersPermissionsLoginPayload', fields: { jwt: 'String', user: 'UsersPermissionsMe!' } });
  graphql.objectType(owner, { name: 'UsersPermissionsPasswordPayload', fields: { ok: 'Boolean!' } });
  for (const action of ['Create', 'Update', 'Delete']) graphql.objectType(owner, { name: `UsersPermissions${action}RolePayload`, fields: { ok: 'Boolean!' }, models: ROLE_UID });
}
