import { Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../shared/components/page-header';

export function NotFoundPage() {
  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        <PageHeader title="Page not found" />
        <Text>
          There is no admin screen at this address.{' '}
          <Anchor component={Link} to="/">
            Go to the admin dashboard
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
