import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../layout/page-breadcrumbs';
import { useDocumentTitle } from '../layout/use-document-title';

/** A screen that is planned but not built yet, behind the same guard it will have. */
export function ComingSoonPage({
  title,
  withBreadcrumbs = false,
}: {
  title: string;
  /** The member screens under Home › Dashboard (spec 2). */
  withBreadcrumbs?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        {withBreadcrumbs && <PageBreadcrumbs current={title} />}
        <Title order={1}>{title}</Title>
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="md" align="flex-start">
            <Text fw={600}>Coming soon</Text>
            <Text c="gray.7">
              This part of JIBS is being prepared and will open here soon. If you need help now,
              please contact us.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/dashboard" variant="default">
                Back to Dashboard
              </Button>
              <Button component={Link} to="/contact" variant="subtle">
                Contact us
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
