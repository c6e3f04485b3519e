import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../layout/use-document-title';

/** /admin and /admin/*: a placeholder until the admin console is built. */
export function AdminPage() {
  useDocumentTitle('Admin console');
  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Title order={1}>Admin console</Title>
        <Card withBorder radius="lg" padding="xl">
          <Text c="gray.7">
            The admin console (users, death reports, documents and settings) is being built and will
            open here.
          </Text>
        </Card>
      </Stack>
    </Container>
  );
}
