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
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { HouseholdIcon, MemorialIcon, ReportIcon, SupportIcon } from './public-icons';

const NextJanazahNotices = lazy(() => import('../../janazah/components/next-janazah-notices'));

const FEATURES: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'Membership burial assistance',
    description:
      'Register your household once and keep a modest monthly membership. When a loved one passes away, your family can ask the community for help with the burial.',
    icon: <HouseholdIcon />,
  },
  {
    title: 'Death reporting and case management',
    description:
      'Report a death online whenever you are ready. Our team reviews each report, contacts your family within 24–48 hours and keeps you informed of its status.',
    icon: <ReportIcon />,
  },
  {
    title: 'Memorial pages',
    description:
      'Create a page to remember someone dear: their story, photos and the memories family and friends share. You choose who can see it.',
    icon: <MemorialIcon />,
  },
  {
    title: 'Education and member support',
    description:
      'Clear guidance on what to do when a death occurs, answers to common questions, and a team you can contact about anything to do with your membership.',
    icon: <SupportIcon />,
  },
];

const FAQ_EXCERPT = [
  {
    question: 'How do I report a death?',
    answer:
      'Sign in and choose Submit Death Report from your dashboard. Our team reviews every report and contacts your family within 24–48 hours.',
  },
  {
    question: 'What happens if I miss a payment?',
    answer:
      'If three consecutive monthly payments are missed, the membership becomes inactive. Paying the overdue dues makes it active again.',
  },
  {
    question: 'Is my information safe?',
    answer:
      'You see only your own household’s information, and everything travels over an encrypted connection.',
  },
];

/** The landing page below its first screen (landing-page.tsx shows the hero at once). */
export default function LandingSections() {
  return (
    <Container size={1200} px="lg" py={{ base: 48, md: 72 }}>
      <Stack gap={64}>
        <Stack component="section" aria-labelledby="features-title" gap="lg">
          <Title order={2} id="features-title">
            How JIBS helps
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Card key={feature.title} withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light" color="jibs">
                    {feature.icon}
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {feature.title}
                  </Title>
                  <Text c="gray.7">{feature.description}</Text>
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
                Remember a loved one
              </Title>
              <Text c="gray.8">
                Honour the memory of a loved one with a page for their story, their photos and the
                memories shared by the people who knew them.
              </Text>
            </Stack>
            <Flex direction={{ base: 'column', xs: 'row' }} gap="md" style={{ flexShrink: 0 }}>
              <Button component={Link} to="/memorials" variant="default">
                Browse Memorial Pages
              </Button>
              <Button component={Link} to="/memorials/create">
                Create a Memorial
              </Button>
            </Flex>
          </Flex>
        </Paper>

        <Stack component="section" aria-labelledby="faq-excerpt-title" gap="lg">
          <Title order={2} id="faq-excerpt-title">
            Common questions
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {FAQ_EXCERPT.map((item) => (
              <Stack key={item.question} gap={6}>
                <Title order={3} size="h4">
                  {item.question}
                </Title>
                <Text c="gray.7">{item.answer}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Anchor component={Link} to="/faq" fw={600}>
            Read all frequently asked questions
          </Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}
