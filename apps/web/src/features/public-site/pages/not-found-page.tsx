import { RegistrationBillingMessages } from '@jibs/domain';
import { SiteMessages, HeaderMessages, LandingMessages } from '@jibs/domain';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@jibs/web-data';

export function NotFoundPage() {
  const { status } = useSession();
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <Text c="jibs.7" fw={700} fz={56} lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{SiteMessages.pageNotFound}</Title>
        <Text c="gray.7" maw={460}>
          We could not find the page you were looking for. It may have moved, or the address may be
          mistyped.
        </Text>
        {status === 'signed-in' ? (
          <Group justify="center">
            <Button component={Link} to="/dashboard">
              {LandingMessages.goToDashboard}
            </Button>
            <Button component={Link} to="/" variant="default">
              {RegistrationBillingMessages.backToHome}
            </Button>
          </Group>
        ) : (
          <Group justify="center">
            <Button component={Link} to="/">
              Return to Home
            </Button>
            <Button component={Link} to="/login" variant="default">
              {HeaderMessages.signIn}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
