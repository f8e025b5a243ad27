/**
 * Administrator roles and their permissions: per content-type, each content action, with
 * "own entries only" (Strapi's `admin::is-creator`); then the plugin and settings actions.
 * The Super Admin's permissions are all of them and are not edited.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { useSession } from '../session';
import type { Permission } from '../types';
import { useData } from './use-data';

interface Role {
  id: number;
  name: string;
  code: string;
  description: string | null;
  usersCount: number;
}

interface Catalogue {
  sections: {
    contentTypes: { actions: Array<{ actionId: string; label: string; subjects: string[] }>; subjects: Array<{ uid: string; label: string }> };
    plugins: Array<{ action: string; displayName: string; plugin: string; subCategory?: string }>;
    settings: Array<{ action: string; displayName: string; category: string }>;
  };
}

const IS_CREATOR = 'admin::is-creator';
const key = (action: string, subject: string | null) => `${action}|${subject ?? ''}`;

export function AdminRolesPage() {
  const session = useSession();
  const roles = useData<{ data: Role[] }>('/admin/roles');
  const catalogue = useData<{ data: Catalogue }>('/admin/permissions');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [granted, setGranted] = useState<Map<string, Permission>>(new Map());
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [name, setName] = useState('');
  const role = roles.data?.data.find((r) => String(r.id) === roleId);
  const locked = role?.code === 'strapi-super-admin' || !session.can('admin::roles.update');

  useEffect(() => {
    if (!roleId) return;
    void api.get<{ data: Permission[] }>(`/admin/roles/${roleId}/permissions`).then(({ data }) => setGranted(new Map(data.map((p) => [key(p.action, p.subject), p]))));
  }, [roleId]);

  const toggle = (action: string, subject: string | null, on: boolean) => {
    const next = new Map(granted);
    if (on) next.set(key(action, subject), { action, subject, properties: {}, conditions: [] });
    else next.delete(key(action, subject));
    setGranted(next);
  };
  const ownOnly = (subject: string) => [...granted.values()].some((p) => p.subject === subject && p.conditions.includes(IS_CREATOR));
  const setOwnOnly = (subject: string, on: boolean) => {
    const next = new Map(granted);
    for (const [k, p] of next) if (p.subject === subject) next.set(k, { ...p, conditions: on ? [IS_CREATOR] : [] });
    setGranted(next);
  };
  const save = async () => {
    try {
      await api.put(`/admin/roles/${roleId}/permissions`, { permissions: [...granted.values()] });
      setMessage({ ok: true, text: 'Saved' });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : 'The permissions could not be saved' });
    }
  };
  const sections = catalogue.data?.data.sections;
  return (
    <Stack>
      <Title order={2}>Administrator roles</Title>
      {(roles.error || catalogue.error) && (
        <Alert color="red" role="alert">
          {roles.error ?? catalogue.error}
        </Alert>
      )}
      <Group align="flex-end">
        <Select label="Role" data={(roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.usersCount} users)` }))} value={roleId} onChange={setRoleId} w={320} />
        {session.can('admin::roles.create') && (
          <Group align="flex-end">
            <TextInput label="New role" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button
              variant="light"
              disabled={!name}
              onClick={async () => {
                await api.post('/admin/roles', { name });
                setName('');
                await roles.reload();
              }}
            >
              Create role
            </Button>
          </Group>
        )}
      </Group>
      {role && sections && (
        <Stack>
          <Text size="sm" c="dimmed">
            {role.description}
          </Text>
          {locked && role.code === 'strapi-super-admin' && <Alert>A Super Admin may do everything; its permissions are not edited.</Alert>}
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Content-type</Table.Th>
                {sections.contentTypes.actions.map((a) => (
                  <Table.Th key={a.actionId}>{a.label}</Table.Th>
                ))}
                <Table.Th>Own entries only</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sections.contentTypes.subjects.map((subject) => (
                <Table.Tr key={subject.uid}>
                  <Table.Td>{subject.label}</Table.Td>
                  {sections.contentTypes.actions.map((a) => (
                    <Table.Td key={a.actionId}>
                      {a.subjects.includes(subject.uid) && (
                        <Checkbox
                          aria-label={`${a.label} ${subject.label}`}
                          disabled={locked}
                          checked={role.code === 'strapi-super-admin' || granted.has(key(a.actionId, subject.uid))}
                          onChange={(e) => toggle(a.actionId, subject.uid, e.currentTarget.checked)}
                        />
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Switch aria-label={`${subject.label}: own entries only`} disabled={locked} checked={ownOnly(subject.uid)} onChange={(e) => setOwnOnly(subject.uid, e.currentTarget.checked)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3}>Plugins and settings</Title>
          {[...sections.plugins.map((p) => ({ action: p.action, label: `${p.plugin}${p.subCategory ? ` (${p.subCategory})` : ''}: ${p.displayName}` })), ...sections.settings.map((s) => ({ action: s.action, label: `${s.category}: ${s.displayName}` }))].map((a) => (
            <Checkbox key={a.action} label={a.label} disabled={locked} checked={role.code === 'strapi-super-admin' || granted.has(key(a.action, null))} onChange={(e) => toggle(a.action, null, e.currentTarget.checked)} />
          ))}
          {message && (
            <Alert color={message.ok ? 'green' : 'red'} role="status">
              {message.text}
            </Alert>
          )}
          {!locked && (
            <Group>
              <Button onClick={save}>Save</Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
