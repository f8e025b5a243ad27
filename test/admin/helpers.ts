/**
 * Admin API test helpers: an app with the panel's API, administrators signed in by role.
 */
import { expect } from 'chai';
import type { DatabaseClient } from '@platform/core';
import { startApp, type StartOptions, type TestApp } from '../helpers/app';

export const ADMIN_SECRET = 'admin-test-secret-0123456789';
export const PASSWORD = 'Secret123';

export function startAdminApp(client: DatabaseClient, options: StartOptions = {}): Promise<TestApp> {
  return startApp({ ...options, client, env: { ADMIN_JWT_SECRET: ADMIN_SECRET, ...options.env } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers the first Super Admin; its session token. */
export async function registerSuperAdmin(app: TestApp, email = 'root@example.com'): Promise<string> {
  const res = await app.post('/admin/register-admin', { email, password: PASSWORD, firstname: 'Root', lastname: 'Admin' });
  expect(res.status, res.text).to.equal(200);
  return res.body.data.token as string;
}

/** Creates an administrator with the role of that code and signs it in; its id and token. */
export async function adminWithRole(app: TestApp, superToken: string, code: string, email: string): Promise<{ id: number; token: string }> {
  const roles = await app.get('/admin/roles', bearer(superToken));
  const role = (roles.body.data as Array<{ id: number; code: string }>).find((r) => r.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return adminInRole(app, superToken, role.id, email, code);
}

/** Creates an administrator in the role of that id and signs it in; its id and token. */
export async function adminInRole(app: TestApp, superToken: string, roleId: number, email: string, firstname = email.split('@')[0]): Promise<{ id: number; token: string }> {
  const created = await app.post('/admin/users', { email, firstname, password: PASSWORD, roles: [roleId] }, bearer(superToken));
  expect(created.status, created.text).to.equal(201);
  const login = await app.post('/admin/login', { email, password: PASSWORD });
  expect(login.status, login.text).to.equal(200);
  return { id: created.body.data.id as number, token: login.body.data.token as string };
}

export interface RolePermission {
  action: string;
  subject: string | null;
  properties: Record<string, unknown>;
  conditions: string[];
}

/** Creates an administrator role holding `permissions`; its id. */
export async function createRole(app: TestApp, superToken: string, name: string, permissions: RolePermission[]): Promise<number> {
  const role = await app.post('/admin/roles', { name }, bearer(superToken));
  expect(role.status, role.text).to.equal(201);
  const set = await app.put(`/admin/roles/${role.body.data.id}/permissions`, { permissions }, bearer(superToken));
  expect(set.status, set.text).to.equal(200);
  return role.body.data.id as number;
}
