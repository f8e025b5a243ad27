/**
 * What the two-node permission tests share: a user who may manage roles, a permission tree with
 * one action switched off, and a wait for a message that crosses nodes.
 */
import knexFactory, { type Knex } from 'knex';
import type { TestDatabase } from '../helpers/databases';
import { eventually as waitUntil } from '../helpers/eventually';

const ROLE_ACTIONS = ['plugin::users-permissions.role.findOne', 'plugin::users-permissions.role.updateRole'];

function connect(database: TestDatabase): Knex {
  const connection = database.config.connection.connection;
  return knexFactory(database.client === 'mysql' ? { client: 'mysql2', connection } : { client: 'pg', connection });
}

/** waits until `check` holds: a message between nodes takes a moment to arrive */
export function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  return waitUntil(check, timeoutMs, 'the other node');
}

type PermissionTree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

/** the enabled flags of a Strapi permission tree with `action` switched `enabled` (off unless told) */
export function without(tree: PermissionTree, action: string, enabled = false): PermissionTree {
  const [api, rest] = action.split('.', 2).length === 2 ? [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1)] : [action, ''];
  const [controller = '', name = ''] = rest.split('.');
  const entry = tree[api]?.controllers[controller]?.[name];
  if (!entry) throw new Error(`${action} is not in the permission tree`);
  entry.enabled = enabled;
  return tree;
}

/**
 * Gives the authenticated role the right to read and update roles (on a database a first start
 * has made); returns the public role's id.
 */
export async function letAuthenticatedManageRoles(database: TestDatabase): Promise<number> {
  const knex = connect(database);
  try {
    const authenticated = (await knex('up_roles').where('type', 'authenticated').first('id')).id;
    const publicRole = Number((await knex('up_roles').where('type', 'public').first('id')).id);
    for (const action of ROLE_ACTIONS) {
      const values = { action, created_at: new Date(), updated_at: new Date() };
      // PostgreSQL answers the new id with `returning`; MariaDB answers it as is
      const [row] = database.client === 'postgres' ? await knex('up_permissions').insert(values, ['id']) : await knex('up_permissions').insert(values);
      const id = typeof row === 'object' ? row.id : row;
      await knex('up_permissions_role_links').insert({ permission_id: id, role_id: authenticated, permission_order: 1 });
    }
    return publicRole;
  } finally {
    await knex.destroy();
  }
}
