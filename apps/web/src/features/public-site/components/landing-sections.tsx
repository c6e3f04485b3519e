import {
  Anchor,
  Button,
  Card,
  Container,
  Flex,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LandingQuestionMessages, LandingSectionMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { HouseholdIcon, MemorialIcon, ReportIcon, SupportIcon } from './public-icons';

const NextJanazahNotices = lazy(() => import('../../janazah/components/next-janazah-notices'));

type SectionKey = keyof typeof LandingSectionMessages;

const FEATURES = [
  { title: 'membershipTitle', description: 'membershipText', icon: <HouseholdIcon /> },
  { title: 'reportingTitle', description: 'reportingText', icon: <ReportIcon /> },
  { title: 'memorialPagesTitle', description: 'memorialPagesText', icon: <MemorialIcon /> },
  { title: 'supportTitle', description: 'supportText', icon: <SupportIcon /> },
] as const satisfies readonly { title: SectionKey; description: SectionKey; icon: ReactNode }[];

const FAQ_EXCERPT = [
  { question: 'reportQuestion', answer: 'reportAnswer' },
  { question: 'missedPaymentQuestion', answer: 'missedPaymentAnswer' },
  { question: 'safetyQuestion', answer: 'safetyAnswer' },
] as const satisfies readonly {
  question: keyof typeof LandingQuestionMessages;
  answer: SectionKey;
}[];

/** The landing page below its first screen (landing-page.tsx shows the hero at once). */
export default function LandingSections() {
  const { LandingSectionMessages: text, LandingQuestionMessages: questions } = useMessages({
    LandingSectionMessages,
    LandingQuestionMessages,
  });
  return (
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
                  {questions[item.question]}
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
  );
}
