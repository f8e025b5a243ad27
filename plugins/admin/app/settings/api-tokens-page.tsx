/** API tokens: create (its secret is shown once), regenerate (shown once), revoke. */
import { Alert, Button, Code, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '../api';
import { useSession } from '../session';
import { useData } from './use-data';

interface Token {
  id: number;
  name: string;
  description: string;
  type: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

const DAY = 86400000;

export function ApiTokensPage() {
  const session = useSession();
  const tokens = useData<{ data: Token[] }>('/admin/api-tokens');
  const [form, setForm] = useState({ name: '', description: '', type: 'read-only', duration: 'unlimited' });
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: () => Promise<{ data: { accessKey?: string } } | unknown>) => {
    try {
      setError(null);
      const result = (await action()) as { data?: { accessKey?: string } };
      if (result?.data?.accessKey) setSecret(result.data.accessKey);
      await tokens.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The request failed');
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    const lifespan = form.duration === 'unlimited' ? null : Number(form.duration) * DAY;
    void act(() => api.post('/admin/api-tokens', { name: form.name, description: form.description, type: form.type, lifespan }));
  };
  return (
    <Stack>
      <Title order={2}>API tokens</Title>
      {secret && (
        <Alert color="green" title="Copy this token now: it will not be shown again" role="status">
          <Code block>{secret}</Code>
        </Alert>
      )}
      {(error || tokens.error) && (
        <Alert color="red" role="alert">
          {error ?? tokens.error}
        </Alert>
      )}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(tokens.data?.data ?? []).map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>{token.type}</Table.Td>
              <Table.Td>{token.expiresAt ? new Date(token.expiresAt).toLocaleDateString() : 'Never'}</Table.Td>
              <Table.Td>{token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {session.can('admin::api-tokens.regenerate') && (
                    <Button size="compact-xs" variant="subtle" onClick={() => act(() => api.post(`/admin/api-tokens/${token.id}/regenerate`))}>
                      Regenerate
                    </Button>
                  )}
                  {session.can('admin::api-tokens.delete') && (
                    <Button size="compact-xs" color="red" variant="subtle" onClick={() => window.confirm(`Revoke ${token.name}?`) && act(() => api.del(`/admin/api-tokens/${token.id}`))}>
                      Revoke
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {session.can('admin::api-tokens.create') && (
        <Stack component="form" onSubmit={create} maw={520}>
          <Title order={3}>Create an API token</Title>
          <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          <TextInput label="Description" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} />
          <Select label="Token type" data={['read-only', 'full-access']} value={form.type} onChange={(v) => setForm({ ...form, type: v ?? 'read-only' })} />
          <Select
            label="Duration"
            data={[
              { value: '7', label: '7 days' },
              { value: '30', label: '30 days' },
              { value: '90', label: '90 days' },
              { value: 'unlimited', label: 'Unlimited' },
            ]}
            value={form.duration}
            onChange={(v) => setForm({ ...form, duration: v ?? 'unlimited' })}
          />
          <Group>
            <Button type="submit">Create</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
