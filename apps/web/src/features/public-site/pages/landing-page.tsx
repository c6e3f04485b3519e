import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle, useMarksPageLoading } from '@jibs/web-ui';
import { LandingMessages, HeaderMessages } from '@jibs/domain';
import { useMessages, useSession } from '@jibs/web-data';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { FeeSummary } from '../components/fee-summary';

// The fees come from the server through Apollo: the card's placeholders show until it is loaded.
const LiveFeeSummary = lazy(() => import('../components/live-fee-summary'));
// What is below the first screen (the features, the next janazah notices, memorials, the FAQ's
// excerpt) loads after it: the hero and the fee card are what every first page shows.
const LandingSections = lazy(() => import('../components/landing-sections'));

/** Until the sections are in, the footer stays hidden (it would move down when they arrive). */
function SectionsPending() {
  useMarksPageLoading();
  return <Box mih="100vh" />;
}

export function LandingPage() {
  const { LandingMessages: text, HeaderMessages: header } = useMessages({
    LandingMessages,
    HeaderMessages,
  });
  const { status } = useSession();
  useDocumentTitle('');

  return (
    <>
      <Box component="section" aria-labelledby="landing-title" bg="white">
        <Container size={1200} px="lg" py={{ base: 48, md: 88 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} verticalSpacing={40}>
            <Stack gap="xl" align="flex-start">
              <Text
                c="jibs.8"
                fw={600}
                tt="uppercase"
                size="sm"
                style={{ letterSpacing: '0.08em' }}
              >
                {text.eyebrow}
              </Text>
              <Title order={1} id="landing-title">
                {text.title}
              </Title>
              <Text size="lg" c="gray.7">
                {text.intro}
              </Text>
              {status === 'signed-in' ? (
                <Button component={Link} to="/dashboard" size="lg">
                  {text.goToDashboard}
                </Button>
              ) : (
                // Until the session is known, the buttons keep their place but do not show, so
                // a member who is signed in is not offered 'Log In' for a moment.
                <Group
                  gap="md"
                  aria-hidden={status === 'loading' || undefined}
                  style={status === 'loading' ? { visibility: 'hidden' } : undefined}
                >
                  <Button component={Link} to="/login" size="lg" variant="default">
                    {text.logIn}
                  </Button>
                  <Button component={Link} to="/register" size="lg">
                    {header.register}
                  </Button>
                </Group>
              )}
            </Stack>
            <WithApollo fallback={<FeeSummary settings={null} />}>
              <LiveFeeSummary />
            </WithApollo>
          </SimpleGrid>
        </Container>
      </Box>

      <Suspense fallback={<SectionsPending />}>
        <LandingSections />
      </Suspense>
    </>
  );
}
