/** Administrators: the list, a new administrator (with its roles and password), roles and activity of each, removal. */
import { Alert, Badge, Button, Group, MultiSelect, PasswordInput, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '../api';
import { useSession } from '../session';
import type { AdminUser } from '../types';
import { useData } from './use-data';

export function AdminUsersPage() {
  const session = useSession();
  const users = useData<{ data: { results: AdminUser[] } }>('/admin/users?pageSize=100');
  const roles = useData<{ data: Array<{ id: number; name: string }> }>('/admin/roles');
  const [form, setForm] = useState({ email: '', firstname: '', lastname: '', password: '', roles: [] as string[] });
  const [error, setError] = useState<ApiError | null>(null);
  const roleOptions = (roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const act = async (action: () => Promise<unknown>) => {
    try {
      setError(null);
      await action();
      await users.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'The request failed'));
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api.post('/admin/users', { ...form, roles: form.roles.map(Number) });
      setForm({ email: '', firstname: '', lastname: '', password: '', roles: [] });
    });
  };
  return (
    <Stack>
      <Title order={2}>Administrators</Title>
      {(error || users.error) && (
        <Alert color="red" role="alert">
          {error?.message ?? users.error}
        </Alert>
      )}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(users.data?.data.results ?? []).map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{[user.firstname, user.lastname].filter(Boolean).join(' ')}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                {session.can('admin::users.update') ? (
                  <MultiSelect aria-label={`Roles of ${user.email}`} data={roleOptions} value={user.roles.map((r) => String(r.id))} onChange={(ids) => act(() => api.put(`/admin/users/${user.id}`, { roles: ids.map(Number) }))} />
                ) : (
                  user.roles.map((r) => <Badge key={r.id}>{r.name}</Badge>)
                )}
              </Table.Td>
              <Table.Td>
                <Switch aria-label={`${user.email} is active`} checked={user.isActive && !user.blocked} disabled={!session.can('admin::users.update')} onChange={(e) => act(() => api.put(`/admin/users/${user.id}`, { isActive: e.currentTarget.checked, blocked: !e.currentTarget.checked }))} />
              </Table.Td>
              <Table.Td>
                {session.can('admin::users.delete') && user.id !== session.user.id && (
                  <Button size="compact-xs" color="red" variant="subtle" onClick={() => window.confirm(`Delete ${user.email}?`) && act(() => api.del(`/admin/users/${user.id}`))}>
                    Delete
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {session.can('admin::users.create') && (
        <Stack component="form" onSubmit={create} maw={520}>
          <Title order={3}>Add an administrator</Title>
          <Group grow>
            <TextInput label="First name" required value={form.firstname} onChange={(e) => setForm({ ...form, firstname: e.currentTarget.value })} error={error?.fieldMessage('firstname')} />
            <TextInput label="Last name" value={form.lastname} onChange={(e) => setForm({ ...form, lastname: e.currentTarget.value })} />
          </Group>
          <TextInput label="Email" type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.currentTarget.value })} error={error?.fieldMessage('email')} />
          <PasswordInput label="Password" required value={form.password} onChange={(e) => setForm({ ...form, password: e.currentTarget.value })} error={error?.fieldMessage('password')} />
          <MultiSelect label="Roles" required data={roleOptions} value={form.roles} onChange={(roles) => setForm({ ...form, roles })} error={error?.fieldMessage('roles')} />
          <Group>
            <Button type="submit">Add</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
