/**
 * A webhook's form, as Strapi v4's: name, url, headers as name/value rows, the events as a grid
 * (entry and media, by action), and on a saved webhook the "Trigger" button, which sends the
 * test event now and shows what the receiver answered. The API's field errors show next to
 * their fields.
 */
import { Alert, Anchor, Button, Checkbox, CloseButton, Group, Input, Stack, Table, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, ApiError } from '../api';
import { useSession } from '../session';

export interface Webhook {
  id: number;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
}

interface Trigger {
  statusCode: number;
  message?: string;
}

const ACTIONS = ['create', 'update', 'delete', 'publish', 'unpublish'] as const;
/** the events the plugin fires, by the grid's rows (media is neither published nor unpublished) */
const GROUPS = [
  { label: 'Entry', prefix: 'entry', actions: ACTIONS },
  { label: 'Media', prefix: 'media', actions: ['create', 'update', 'delete'] as readonly string[] },
];
const LIST = '/settings/webhooks';

/** what the API takes back: the webhook without its id */
export function webhookBody(webhook: Webhook): Omit<Webhook, 'id'> {
  return { name: webhook.name, url: webhook.url, headers: webhook.headers, events: webhook.events, isEnabled: webhook.isEnabled };
}

interface Form {
  name: string;
  url: string;
  headers: Array<{ key: string; value: string }>;
  events: string[];
  isEnabled: boolean;
}

const EMPTY: Form = { name: '', url: '', headers: [{ key: '', value: '' }], events: [], isEnabled: true };

function toForm(webhook: Webhook): Form {
  const headers = Object.entries(webhook.headers).map(([key, value]) => ({ key, value }));
  return { name: webhook.name, url: webhook.url, headers: headers.length > 0 ? headers : [{ key: '', value: '' }], events: webhook.events, isEnabled: webhook.isEnabled };
}

export function WebhookForm({ id }: { id: string | null }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [loaded, setLoaded] = useState(id === null);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const [trigger, setTrigger] = useState<Trigger | 'sending' | null>(null);
  useEffect(() => {
    if (id === null) return;
    api
      .get<{ data: Webhook }>(`/admin/webhooks/${id}`)
      .then((res) => {
        setForm(toForm(res.data));
        setLoaded(true);
      })
      .catch((e) => setError(e instanceof ApiError ? e : new ApiError(0, 'The request failed')));
  }, [id]);

  const editable = session.can(id === null ? 'admin::webhooks.create' : 'admin::webhooks.update');
  const fail = (e: unknown) => setError(e instanceof ApiError ? e : new ApiError(0, 'The request failed'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    // a row without a name is an unused row; one with a name is sent as it is, for the API to judge
    const headers = Object.fromEntries(form.headers.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]));
    const body = { name: form.name, url: form.url, headers, events: form.events };
    try {
      if (id === null) {
        const created = await api.post<{ data: Webhook }>('/admin/webhooks', body);
        navigate(`${LIST}/${created.data.id}`);
      } else {
        const updated = await api.put<{ data: Webhook }>(`/admin/webhooks/${id}`, { ...body, isEnabled: form.isEnabled });
        setForm(toForm(updated.data));
        setSaved(true);
      }
    } catch (e) {
      fail(e);
    }
  };
  const sendTrigger = async () => {
    setTrigger('sending');
    try {
      setTrigger((await api.post<{ data: Trigger }>(`/admin/webhooks/${id}/trigger`)).data);
    } catch (e) {
      setTrigger(null);
      fail(e);
    }
  };
  const setRow = (index: number, change: Partial<{ key: string; value: string }>) =>
    setForm({ ...form, headers: form.headers.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  const toggleEvent = (event: string, on: boolean) => setForm({ ...form, events: on ? [...form.events, event] : form.events.filter((e) => e !== event) });

  return (
    <Stack>
      <Anchor component={Link} href={LIST}>
        ← Back to webhooks
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{id === null ? 'Create a webhook' : `Webhook: ${form.name}`}</Title>
        {id !== null && loaded && session.can('admin::webhooks.update') && (
          <Button variant="default" onClick={() => void sendTrigger()} loading={trigger === 'sending'}>
            Trigger
          </Button>
        )}
      </Group>
      {trigger !== null && trigger !== 'sending' && (
        <Alert role="status" color={trigger.statusCode >= 200 && trigger.statusCode < 300 ? 'green' : 'red'} title={trigger.statusCode >= 200 && trigger.statusCode < 300 ? 'Trigger succeeded' : 'Trigger failed'}>
          {`The receiver answered ${trigger.statusCode}${trigger.message ? `: ${trigger.message}` : ''}`}
        </Alert>
      )}
      {saved && (
        <Alert color="green" role="status">
          Saved
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {loaded && (
        <Stack component="form" onSubmit={submit} maw={720}>
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={error?.fieldMessage('name')} />
              <TextInput label="Url" required type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.currentTarget.value })} error={error?.fieldMessage('url')} />
              <Input.Wrapper label="Headers" error={error?.fieldMessage('headers')}>
                <Stack gap="xs">
                  {form.headers.map((row, index) => (
                    // rows have no identity of their own beyond their place
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Group key={index} gap="xs" wrap="nowrap">
                      <TextInput aria-label={`Header ${index + 1} name`} placeholder="Name" value={row.key} onChange={(e) => setRow(index, { key: e.currentTarget.value })} />
                      <TextInput aria-label={`Header ${index + 1} value`} placeholder="Value" value={row.value} onChange={(e) => setRow(index, { value: e.currentTarget.value })} />
                      <CloseButton aria-label={`Remove header ${index + 1}`} onClick={() => setForm({ ...form, headers: form.headers.filter((_, i) => i !== index) })} />
                    </Group>
                  ))}
                  <Group>
                    <Button variant="subtle" size="compact-sm" onClick={() => setForm({ ...form, headers: [...form.headers, { key: '', value: '' }] })}>
                      Add a header
                    </Button>
                  </Group>
                </Stack>
              </Input.Wrapper>
              <Input.Wrapper label="Events" error={error?.fieldMessage('events')}>
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Event</Table.Th>
                      {ACTIONS.map((action) => (
                        <Table.Th key={action}>{action}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {GROUPS.map((group) => (
                      <Table.Tr key={group.prefix}>
                        <Table.Th scope="row">{group.label}</Table.Th>
                        {ACTIONS.map((action) => {
                          const event = `${group.prefix}.${action}`;
                          return (
                            <Table.Td key={action}>
                              {group.actions.includes(action) && (
                                <Checkbox aria-label={`${group.label} ${action}`} checked={form.events.includes(event)} onChange={(e) => toggleEvent(event, e.currentTarget.checked)} />
                              )}
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Input.Wrapper>
              {editable && (
                <Group>
                  <Button type="submit">Save</Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </Stack>
      )}
    </Stack>
  );
}
