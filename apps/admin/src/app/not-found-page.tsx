import { Anchor, Container, Stack, Text } from '@mantine/core';
import { AdminLayoutMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Link } from 'react-router';
import { PageHeader } from '../shared/components/page-header';

export function NotFoundPage() {
  const { AdminLayoutMessages: layout } = useMessages({ AdminLayoutMessages });
  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        <PageHeader title={layout.notFoundTitle} />
        <Text>
          {layout.notFoundText}{' '}
          <Anchor component={Link} to="/">
            {layout.goToDashboard}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
