import { LandingMessages, HeaderMessages } from '@jibs/domain';
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@jibs/web-ui';
import { useMessages, useSession } from '@jibs/web-data';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { FeeSummary } from '../components/fee-summary';
import { HouseholdIcon, MemorialIcon, ReportIcon, SupportIcon } from '../components/public-icons';

// The fees come from the server through Apollo: the card's placeholders show until it is loaded.
const LiveFeeSummary = lazy(() => import('../components/live-fee-summary'));
const NextJanazahNotices = lazy(() => import('../../janazah/components/next-janazah-notices'));

type LandingKey = keyof typeof LandingMessages;

const FEATURES = [
  { title: 'membershipTitle', description: 'membershipText', icon: <HouseholdIcon /> },
  { title: 'reportingTitle', description: 'reportingText', icon: <ReportIcon /> },
  { title: 'memorialPagesTitle', description: 'memorialPagesText', icon: <MemorialIcon /> },
  { title: 'supportTitle', description: 'supportText', icon: <SupportIcon /> },
] as const satisfies readonly { title: LandingKey; description: LandingKey; icon: ReactNode }[];

const FAQ_EXCERPT = [
  { question: 'reportQuestion', answer: 'reportAnswer' },
  { question: 'missedPaymentQuestion', answer: 'missedPaymentAnswer' },
  { question: 'safetyQuestion', answer: 'safetyAnswer' },
] as const satisfies readonly { question: LandingKey; answer: LandingKey }[];

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

      <Container size={1200} px="lg" py={{ base: 48, md: 72 }}>
        <Stack gap={64}>
          <Stack component="section" aria-labelledby="features-title" gap="lg">
            <Title order={2} id="features-title">
              {text.howJibsHelps}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
              {FEATURES.map((feature) => (
                <Card key={feature.title} withBorder radius="lg" padding="lg">
                  <Stack gap="sm">
                    <ThemeIcon size={44} radius="md" variant="light" color="jibs">
                      {feature.icon}
                    </ThemeIcon>
                    <Title order={3} size="h4">
                      {text[feature.title]}
                    </Title>
                    <Text c="gray.7">{text[feature.description]}</Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>

          <WithApollo>
            <NextJanazahNotices />
          </WithApollo>

          <Paper
            component="section"
            aria-labelledby="memorials-title"
            radius="lg"
            p={{ base: 'lg', sm: 40 }}
            bg="jibs.0"
          >
            <Flex
              direction={{ base: 'column', md: 'row' }}
              justify="space-between"
              align={{ base: 'stretch', md: 'center' }}
              gap="xl"
            >
              <Stack gap="xs" maw={620}>
                <Title order={2} id="memorials-title">
                  {text.rememberTitle}
                </Title>
                <Text c="gray.8">{text.rememberText}</Text>
              </Stack>
              <Flex direction={{ base: 'column', xs: 'row' }} gap="md" style={{ flexShrink: 0 }}>
                <Button component={Link} to="/memorials" variant="default">
                  {text.browseMemorials}
                </Button>
                <Button component={Link} to="/memorials/create">
                  {text.createMemorial}
                </Button>
              </Flex>
            </Flex>
          </Paper>

          <Stack component="section" aria-labelledby="faq-excerpt-title" gap="lg">
            <Title order={2} id="faq-excerpt-title">
              {text.commonQuestions}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {FAQ_EXCERPT.map((item) => (
                <Stack key={item.question} gap={6}>
                  <Title order={3} size="h4">
                    {text[item.question]}
                  </Title>
                  <Text c="gray.7">{text[item.answer]}</Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Anchor component={Link} to="/faq" fw={600}>
              {text.allQuestions}
            </Anchor>
          </Stack>
        </Stack>
      </Container>
    </>
  );
}

/** The service's fees, from the live settings (standard values if they cannot be loaded). */
