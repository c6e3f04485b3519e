import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { PageBreadcrumbs } from '../layout/page-breadcrumbs';
import { useDocumentTitle } from '../layout/use-document-title';
import { useSession } from '../session/session-context';

/** The member dashboard's first cut; billing builds its cards and actions. */
export function DashboardPage() {
  const { user } = useSession();
  useDocumentTitle('Dashboard');
  return (
    <Container size={1200} px="lg" py="xl">
      <Stack gap="lg">
        <PageBreadcrumbs current="Dashboard" />
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
