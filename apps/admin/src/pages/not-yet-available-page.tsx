import { Alert, Container, Stack, Text } from '@mantine/core';
import { PageHeader } from '../layout/page-header';

/** An admin screen that is not built yet: says so plainly (no placeholder numbers). */
export function NotYetAvailablePage({ title }: { title: string }) {
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={title} />
        <Alert color="blue" variant="light" title="Not yet available">
          <Text>
            This part of the admin console is not available yet. Death reports and documents can be
            reviewed now from the sidebar.
          </Text>
        </Alert>
      </Stack>
    </Container>
  );
}
