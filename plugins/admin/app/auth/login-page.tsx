/** Sign-in, or the first administrator's registration when the database has none (`/admin/init`). */
import { Alert, Button, Center, Checkbox, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../api';
import { useSessionState } from '../session';

export function LoginPage() {
  const { signIn } = useSessionState();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.get<{ data: { hasAdmin: boolean } }>('/admin/init').then(({ data }) => {
      if (!data.hasAdmin) navigate('/auth/register-admin');
    });
  }, [navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<{ data: { token: string } }>('/admin/login', { email, password });
      await signIn(data.token, remember);
      navigate('/');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" component="main">
      <Paper withBorder p="xl" w={400} component="form" onSubmit={submit}>
        <Stack>
          <Title order={1} size="h3">
            Log in to the admin
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <Button type="submit" loading={busy}>
            Log in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
