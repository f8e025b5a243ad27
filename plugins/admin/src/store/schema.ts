/**
 * The admin's tables, as Strapi v4 creates them (`admin_users`, `admin_roles`,
 * `admin_permissions`, and the link tables `admin_users_roles_links` and
 * `admin_permissions_role_links`). They are the admin's own, not content-types: no REST route,
 * GraphQL type or document entry names them, and Strapi's names (`user`, `role`,
 * `permission`) would clash with the Content API's users and roles. A table that exists (a
 * Strapi database) is used as it is; a missing one is created.
 */
import type { Database } from '@platform/core';
import type { Knex } from 'knex';
import { TABLES } from '../tables';

type Columns = (t: Knex.CreateTableBuilder) => void;

const stamps: Columns = (t) => {
  t.datetime('created_at', { useTz: true, precision: 6 }).nullable();
  t.datetime('updated_at', { useTz: true, precision: 6 }).nullable();
  t.integer('created_by_id').unsigned().nullable();
  t.integer('updated_by_id').unsigned().nullable();
};

const DEFINITIONS: Array<[string, Columns]> = [
  [
    TABLES.users,
    (t) => {
      t.increments('id');
      for (const name of ['firstname', 'lastname', 'username', 'email', 'password', 'reset_password_token', 'registration_token']) t.string(name, 255).nullable();
      t.boolean('is_active').nullable();
      t.boolean('blocked').nullable();
      t.string('prefered_language', 255).nullable();
      stamps(t);
      t.unique(['email'], { indexName: `${TABLES.users}_email_unique` });
      t.index(['created_by_id'], `${TABLES.users}_created_by_id_fk`);
      t.index(['updated_by_id'], `${TABLES.users}_updated_by_id_fk`);
    },
  ],
  [
    TABLES.roles,
    (t) => {
      t.increments('id');
      t.string('name', 255).nullable();
      t.string('code', 255).nullable();
      t.string('description', 255).nullable();
      stamps(t);
      t.unique(['name'], { indexName: `${TABLES.roles}_name_unique` });
      t.unique(['code'], { indexName: `${TABLES.roles}_code_unique` });
    },
  ],
  [
    TABLES.permissions,
    (t) => {
      t.increments('id');
      t.string('action', 255).nullable();
      t.json('action_parameters').nullable();
      t.string('subject', 255).nullable();
      t.json('properties').nullable();
      t.json('conditions').nullable();
      stamps(t);
    },
  ],
  [
    TABLES.userRoles,
    (t) => {
      t.increments('id');
      t.integer('user_id').unsigned().nullable();
      t.integer('role_id').unsigned().nullable();
      t.double('role_order').nullable();
      t.double('user_order').nullable();
      t.index(['user_id'], `${TABLES.userRoles}_fk`);
      t.index(['role_id'], `${TABLES.userRoles}_inv_fk`);
      t.index(['role_order'], `${TABLES.userRoles}_order_fk`);
      t.index(['user_order'], `${TABLES.userRoles}_order_inv_fk`);
      t.unique(['user_id', 'role_id'], { indexName: `${TABLES.userRoles}_unique` });
    },
  ],
  [
    TABLES.permissionRole,
    (t) => {
      t.increments('id');
      t.integer('permission_id').unsigned().nullable();
      t.integer('role_id').unsigned().nullable();
      t.double('permission_order').nullable();
      t.index(['permission_id'], `${TABLES.permissionRole}_fk`);
      t.index(['role_id'], `${TABLES.permissionRole}_inv_fk`);
      t.index(['permission_order'], `${TABLES.permissionRole}_order_inv_fk`);
      t.unique(['permission_id', 'role_id'], { indexName: `${TABLES.permissionRole}_unique` });
    },
  ],
];

export async function ensureTables(db: Database): Promise<void> {
  for (const [name, columns] of DEFINITIONS) {
    if (!(await db.knex.schema.hasTable(name))) await db.knex.schema.createTable(name, columns);
  }
}
