/**
 * The shell: a navigation bar (content-types, the main pages, settings) beside the page, with
 * a skip link and labelled landmarks for keyboard and screen-reader users.
 */
import { Anchor, AppShell, Burger, Button, Divider, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AdminPage } from './registry';
import { useSession } from './session';

export function Layout({ pages, children }: { pages: AdminPage[]; children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const [opened, setOpened] = useState(false);
  const readable = session.contentTypes.filter((type) => session.can('plugin::content-manager.explorer.read', type.uid));
  const link = (href: string, label: string) => (
    <NavLink key={href} component={Link} href={href} label={label} variant="filled" active={location === href || location.startsWith(`${href}/`)} onClick={() => setOpened(false)} />
  );
  const mainPages = pages.filter((p) => p.section === 'main');
  const settingsPages = pages.filter((p) => p.section === 'settings');
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={() => setOpened((o) => !o)} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor href="#main" className="skip-link">
              Skip to content
            </Anchor>
            <Title order={1} size="h4">
              <Link href="/">Admin</Link>
            </Title>
          </Group>
          <Group>
            <Text size="sm">{[session.user.firstname, session.user.lastname].filter(Boolean).join(' ') || session.user.email}</Text>
            <Button variant="subtle" size="xs" onClick={session.signOut}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          <Text size="xs" fw={700} c="dimmed" px="sm" pt="xs">
            CONTENT MANAGER
          </Text>
          {readable.filter((t) => t.kind === 'collectionType').map((t) => link(`/content-manager/collection-types/${t.uid}`, t.info.displayName))}
          {readable.some((t) => t.kind === 'singleType') && <Divider my={4} label="Single types" labelPosition="left" />}
          {readable.filter((t) => t.kind === 'singleType').map((t) => link(`/content-manager/single-types/${t.uid}`, t.info.displayName))}
          {mainPages.length > 0 && <Divider my="xs" />}
          {mainPages.map((p) => link(p.path, p.label))}
          {settingsPages.length > 0 && (
            <>
              <Divider my="xs" />
              <Text size="xs" fw={700} c="dimmed" px="sm">
                SETTINGS
              </Text>
              {settingsPages.map((p) => link(p.path, p.label))}
            </>
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
