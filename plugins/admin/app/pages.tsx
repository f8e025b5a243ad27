/** Which registered pages an administrator sees (plugin enabled, one of the page's permissions held). */
import { Alert } from '@mantine/core';
import type { AdminPage } from './registry';
import type { Session } from './session';

export function visiblePages(session: Session, pages: AdminPage[]): AdminPage[] {
  return pages.filter((page) => (page.plugin === null || session.plugins.includes(page.plugin)) && (page.permissions.length === 0 || page.permissions.some((action) => session.can(action))));
}

export function ForbiddenPage() {
  return (
    <Alert color="red" title="Not allowed" role="alert">
      You do not have the permissions to open this page.
    </Alert>
  );
}
