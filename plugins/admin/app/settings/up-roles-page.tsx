/**
 * The Content API's roles (users-permissions), on the plugin's own routes: each role's
 * permissions per content-type action, as Strapi's page shows them.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { useSession } from '../session';
import { useData } from './use-data';

type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

interface UpRole {
  id: number;
  name: string;
  description: string;
  type: string;
  nb_users?: number;
}

export function UpRolesPage() {
  const session = useSession();
  const roles = useData<{ roles: UpRole[] }>('/api/users-permissions/roles');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [role, setRole] = useState<(UpRole & { permissions: Tree }) | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [newName, setNewName] = useState('');
  useEffect(() => {
    if (!roleId) return;
    void api.get<{ role: UpRole & { permissions: Tree } }>(`/api/users-permissions/roles/${roleId}`).then(({ role: found }) => setRole(found));
  }, [roleId]);
  const canUpdate = session.can('plugin::users-permissions.roles.update');
  const toggle = (namespace: string, controller: string, action: string, enabled: boolean) => {
    if (!role) return;
    const permissions: Tree = structuredClone(role.permissions);
    const entry = permissions[namespace]?.controllers[controller]?.[action];
    if (entry) entry.enabled = enabled;
    setRole({ ...role, permissions });
  };
  const save = async () => {
    if (!role) return;
    try {
      await api.put(`/api/users-permissions/roles/${role.id}`, { name: role.name, description: role.description, permissions: role.permissions });
      setMessage({ ok: true, text: 'Saved' });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : 'The role could not be saved' });
    }
  };
  return (
    <Stack>
      <Title order={2}>Content API roles</Title>
      {roles.error && (
        <Alert color="red" role="alert">
          {roles.error}
        </Alert>
      )}
      <Group align="flex-end">
        <Select label="Role" data={(roles.data?.roles ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.type})` }))} value={roleId} onChange={setRoleId} w={320} />
        {session.can('plugin::users-permissions.roles.create') && (
          <Group align="flex-end">
            <TextInput label="New role" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} />
            <Button
              variant="light"
              disabled={newName.length < 3}
              onClick={async () => {
                await api.post('/api/users-permissions/roles', { name: newName, description: '', permissions: {} });
                setNewName('');
                await roles.reload();
              }}
            >
              Create role
            </Button>
          </Group>
        )}
      </Group>
      {role && (
        <Stack>
          <Text size="sm" c="dimmed">
            {role.description}
          </Text>
          {Object.entries(role.permissions).map(([namespace, { controllers }]) => (
            <Table key={namespace} withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th colSpan={2}>{namespace}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(controllers).map(([controller, actions]) => (
                  <Table.Tr key={controller}>
                    <Table.Td w={200}>{controller}</Table.Td>
                    <Table.Td>
                      <Group>
                        {Object.entries(actions).map(([action, state]) => (
                          <Checkbox key={action} label={action} aria-label={`${controller} ${action}`} disabled={!canUpdate} checked={state.enabled} onChange={(e) => toggle(namespace, controller, action, e.currentTarget.checked)} />
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
          {message && (
            <Alert color={message.ok ? 'green' : 'red'} role="status">
              {message.text}
            </Alert>
          )}
          {canUpdate && (
            <Group>
              <Button onClick={save}>Save</Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
