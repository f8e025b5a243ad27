/** The first visit on a database without administrators: the first Super Admin. */
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../api';
import { useSessionState } from '../session';

export function RegisterPage() {
  const { signIn } = useSessionState();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ firstname: '', lastname: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<ApiError | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMismatch(form.password !== form.confirm);
    if (form.password !== form.confirm) return;
    setBusy(true);
    setError(null);
    try {
      const { confirm: _confirm, ...body } = form;
      const { data } = await api.post<{ data: { token: string } }>('/admin/register-admin', body);
      await signIn(data.token, true);
      navigate('/');
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" component="main">
      <Paper withBorder p="xl" w={440} component="form" onSubmit={submit}>
        <Stack>
          <Title order={1} size="h3">
            Welcome! Create the first administrator
          </Title>
          <Text size="sm" c="dimmed">
            This account is a Super Admin: it manages every setting and every administrator.
          </Text>
          {error && !error.issues.length && (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          )}
          <TextInput label="First name" required value={form.firstname} onChange={set('firstname')} error={error?.fieldMessage('firstname')} />
          <TextInput label="Last name" value={form.lastname} onChange={set('lastname')} error={error?.fieldMessage('lastname')} />
          <TextInput label="Email" type="email" required value={form.email} onChange={set('email')} error={error?.fieldMessage('email')} />
          <PasswordInput
            label="Password"
            description="At least 8 characters, with a lower-case and an upper-case letter and a digit"
            required
            value={form.password}
            onChange={set('password')}
            error={error?.fieldMessage('password')}
          />
          <PasswordInput label="Confirm password" required value={form.confirm} onChange={set('confirm')} error={mismatch ? 'The passwords differ' : undefined} />
          <Button type="submit" loading={busy}>
            Let's start
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
