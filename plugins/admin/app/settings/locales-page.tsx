/** Locales (i18n): the list, a new locale, the default one. */
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '../api';
import { useSession } from '../session';
import type { Locale } from '../content/use-locales';
import { useData } from './use-data';

export function LocalesPage() {
  const session = useSession();
  const locales = useData<{ data: Locale[] }>('/i18n/locales');
  const [form, setForm] = useState({ code: '', name: '', isDefault: false });
  const [error, setError] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    try {
      setError(null);
      await action();
      await locales.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The request failed');
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api.post('/i18n/locales', form);
      setForm({ code: '', name: '', isDefault: false });
    });
  };
  return (
    <Stack>
      <Title order={2}>Locales</Title>
      {(error || locales.error) && (
        <Alert color="red" role="alert">
          {error ?? locales.error}
        </Alert>
      )}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Default</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(locales.data?.data ?? []).map((locale) => (
            <Table.Tr key={locale.id}>
              <Table.Td>{locale.code}</Table.Td>
              <Table.Td>{locale.name}</Table.Td>
              <Table.Td>
                {locale.isDefault ? (
                  <Badge>Default</Badge>
                ) : (
                  session.can('plugin::i18n.locale.update') && (
                    <Button size="compact-xs" variant="subtle" onClick={() => act(() => api.put('/i18n/locales/default', { code: locale.code }))}>
                      Make default
                    </Button>
                  )
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {session.can('plugin::i18n.locale.create') && (
        <Stack component="form" onSubmit={create} maw={420}>
          <Title order={3}>Add a locale</Title>
          <TextInput label="Code" description="An ISO code such as fr or pt-BR" required value={form.code} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} />
          <TextInput label="Display name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          <Checkbox label="Default locale" checked={form.isDefault} onChange={(e) => setForm({ ...form, isDefault: e.currentTarget.checked })} />
          <Group>
            <Button type="submit">Add</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
