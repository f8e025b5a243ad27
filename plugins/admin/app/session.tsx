/**
 * Who is signed in: the administrator, its permissions, the schemas it may edit and the
 * enabled plugins, loaded once after sign-in and kept in a React context.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, setToken, token, whenUnauthorized } from './api';
import type { AdminUser, ComponentSchema, ContentType, Permission } from './types';

export interface Session {
  user: AdminUser;
  permissions: Permission[];
  isSuperAdmin: boolean;
  plugins: string[];
  contentTypes: ContentType[];
  components: Map<string, ComponentSchema>;
  can(action: string, subject?: string | null): boolean;
  /** whether any settings page is open to this administrator */
  canOpenSettings: boolean;
  signOut(): void;
  reload(): Promise<void>;
}

interface SessionState {
  status: 'loading' | 'signed-out' | 'signed-in';
  session: Session | null;
  signIn(token: string, remember: boolean): Promise<void>;
}

const Context = createContext<SessionState | null>(null);

const SETTINGS_PREFIXES = ['admin::users.', 'admin::roles.', 'admin::api-tokens.', 'plugin::users-permissions.roles.', 'plugin::i18n.locale.', 'plugin::upload.settings.'];

async function load(signOut: () => void, reload: () => Promise<void>): Promise<Session> {
  const [me, permissions, project, types, components] = await Promise.all([
    api.get<{ data: AdminUser }>('/admin/users/me'),
    api.get<{ data: Permission[] }>('/admin/users/me/permissions'),
    api.get<{ data: { plugins: string[]; isSuperAdmin: boolean } }>('/admin/project-settings'),
    api.get<{ data: ContentType[] }>('/content-manager/content-types'),
    api.get<{ data: ComponentSchema[] }>('/content-manager/components'),
  ]);
  const granted = new Set(permissions.data.map((p) => `${p.action}|${p.subject ?? ''}`));
  const actions = new Set(permissions.data.map((p) => p.action));
  const can = (action: string, subject?: string | null) => project.data.isSuperAdmin || (subject === undefined ? actions.has(action) : granted.has(`${action}|${subject ?? ''}`));
  return {
    user: me.data,
    permissions: permissions.data,
    isSuperAdmin: project.data.isSuperAdmin,
    plugins: project.data.plugins,
    contentTypes: types.data,
    components: new Map(components.data.map((c) => [c.uid, c])),
    can,
    canOpenSettings: project.data.isSuperAdmin || permissions.data.some((p) => SETTINGS_PREFIXES.some((prefix) => p.action.startsWith(prefix))),
    signOut,
    reload,
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionState['status']>(token() ? 'loading' : 'signed-out');
  const [session, setSession] = useState<Session | null>(null);

  const signOut = useCallback(() => {
    setToken(null);
    setSession(null);
    setStatus('signed-out');
  }, []);

  const reload = useCallback(async () => {
    try {
      setSession(await load(signOut, reload));
      setStatus('signed-in');
    } catch {
      signOut();
    }
  }, [signOut]);

  useEffect(() => {
    whenUnauthorized(signOut);
    if (token()) void reload();
  }, [reload, signOut]);

  const value = useMemo<SessionState>(
    () => ({
      status,
      session,
      async signIn(value, remember) {
        setToken(value, remember);
        setStatus('loading');
        await reload();
      },
    }),
    [status, session, reload],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSessionState(): SessionState {
  const state = useContext(Context);
  if (!state) throw new Error('useSessionState outside SessionProvider');
  return state;
}

export function useSession(): Session {
  const { session } = useSessionState();
  if (!session) throw new Error('useSession while signed out');
  return session;
}
