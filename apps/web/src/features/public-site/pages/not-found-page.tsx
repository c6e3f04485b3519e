import { SiteMessages, HeaderMessages, LandingMessages, PublicSiteMessages } from '@jibs/domain';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMessages, useSession } from '@jibs/web-data';

export function NotFoundPage() {
  const { status } = useSession();
  const {
    SiteMessages: site,
    HeaderMessages: header,
    LandingMessages: landing,
    PublicSiteMessages: text,
  } = useMessages({ SiteMessages, HeaderMessages, LandingMessages, PublicSiteMessages });
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <Text c="jibs.7" fw={700} fz={56} lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{site.pageNotFound}</Title>
        <Text c="gray.7" maw={460}>
          {text.notFoundText}
        </Text>
        {status === 'signed-in' ? (
          <Group justify="center">
            <Button component={Link} to="/dashboard">
              {landing.goToDashboard}
            </Button>
            <Button component={Link} to="/" variant="default">
              {text.backToHome}
            </Button>
          </Group>
        ) : (
          <Group justify="center">
            <Button component={Link} to="/">
              {text.returnToHome}
            </Button>
            <Button component={Link} to="/login" variant="default">
              {header.signIn}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
