/**
 * Webhooks (the webhooks plugin's admin API, `/admin/webhooks`), as Strapi v4's settings page:
 * the list, where the switch saves at once and delete asks first; `/create` and `/:id` open
 * the form (./webhook-form.tsx).
 */
import { Alert, Anchor, Button, Group, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { api, ApiError } from '../api';
import type { PageProps } from '../registry';
import { useSession } from '../session';
import { useData } from './use-data';
import { type Webhook, WebhookForm, webhookBody } from './webhook-form';

export const WEBHOOKS_PATH = '/settings/webhooks';

export function WebhooksPage({ rest }: PageProps) {
  const id = rest.replace(/^\//, '');
  if (id === 'create') return <WebhookForm key="create" id={null} />;
  if (id !== '') return <WebhookForm key={id} id={id} />;
  return <WebhookList />;
}

function WebhookList() {
  const session = useSession();
  const webhooks = useData<{ data: Webhook[] }>('/admin/webhooks');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    try {
      setError(null);
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The request failed');
    }
    await webhooks.reload();
  };
  // Strapi's update takes the whole webhook: the switch sends it back with the new state
  const toggle = (webhook: Webhook, isEnabled: boolean) => act(() => api.put(`/admin/webhooks/${webhook.id}`, { ...webhookBody(webhook), isEnabled }));
  const remove = (webhook: Webhook) => {
    setDeleting(null);
    void act(() => api.del(`/admin/webhooks/${webhook.id}`));
  };
  const list = webhooks.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Webhooks</Title>
        {session.can('admin::webhooks.create') && (
          <Button component={Link} href={`${WEBHOOKS_PATH}/create`}>
            Create new webhook
          </Button>
        )}
      </Group>
      {(error || webhooks.error) && (
        <Alert color="red" role="alert">
          {error ?? webhooks.error}
        </Alert>
      )}
      {webhooks.data && list.length === 0 && <Text>No webhook yet.</Text>}
      {list.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((webhook) => (
              <Table.Tr key={webhook.id}>
                <Table.Td>{webhook.name}</Table.Td>
                <Table.Td>{webhook.url}</Table.Td>
                <Table.Td>
                  <Switch
                    label={webhook.isEnabled ? 'Enabled' : 'Disabled'}
                    aria-label={`Enable ${webhook.name}`}
                    checked={webhook.isEnabled}
                    disabled={!session.can('admin::webhooks.update')}
                    onChange={(e) => void toggle(webhook, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} href={`${WEBHOOKS_PATH}/${webhook.id}`} aria-label={`Edit ${webhook.name}`}>
                      Edit
                    </Anchor>
                    {session.can('admin::webhooks.delete') && (
                      <Button size="compact-xs" color="red" variant="subtle" aria-label={`Delete ${webhook.name}`} onClick={() => setDeleting(webhook)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this webhook?" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{deleting ? `${deleting.name} stops receiving events. This cannot be undone.` : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => deleting && remove(deleting)}>
              Confirm delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
