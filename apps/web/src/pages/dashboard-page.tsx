import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../session/session-context';

/** The member dashboard's first cut; its cards and actions come later. */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <Container size={1200} px="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Welcome, {user?.firstName}</Title>
        <Card withBorder padding="xl">
          <Text c="gray.7">
            This is your member dashboard. Your membership, payments, documents and reports will
            appear here.
          </Text>
        </Card>
      </Stack>
    </Container>
  );
}
