/** The first page after sign-in: a greeting and the content-types to start from. */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useSession } from './session';

export function HomePage() {
  const session = useSession();
  const types = session.contentTypes.filter((t) => session.can('plugin::content-manager.explorer.read', t.uid));
  return (
    <Stack>
      <Title order={2}>Welcome{session.user.firstname ? `, ${session.user.firstname}` : ''}</Title>
      <Text c="dimmed">Pick a content-type to edit its entries.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {types.map((t) => (
          <Card key={t.uid} withBorder component={Link} href={`/content-manager/${t.kind === 'singleType' ? 'single-types' : 'collection-types'}/${t.uid}`}>
            <Text fw={600}>{t.info.displayName}</Text>
            <Text size="sm" c="dimmed">
              {t.kind === 'singleType' ? 'Single type' : 'Collection type'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
