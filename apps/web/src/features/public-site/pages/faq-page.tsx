// Styles of the Mantine components this page shows beyond the first page's
// (styles-first-page.ts): it renders before the client, which brings the others' (styles-screens.ts).
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/List.css';
import { Accordion, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '@jibs/web-ui';
import {
  DashboardMessages,
  LandingMessages,
  PublicFaqMessages,
  PublicSiteMessages,
} from '@jibs/domain';
import { useLanguage, useMessages } from '@jibs/web-data';
import { faqTopics } from '../components/faq-content';
import { QuestionSection } from '../components/question-section';
import { usePublicSettings } from '../hooks/use-public-settings';

export function FaqPage() {
  const {
    PublicSiteMessages: text,
    PublicFaqMessages: faq,
    LandingMessages: landing,
    DashboardMessages: dashboard,
  } = useMessages({ PublicSiteMessages, PublicFaqMessages, LandingMessages, DashboardMessages });
  const { locale } = useLanguage();
  useDocumentTitle(text.faqTitle);
  const topics = faqTopics(usePublicSettings(), { faq, landing, dashboard, locale });
  const location = useLocation();
  const linkedId = location.hash.slice(1);
  const linked = topics.some((topic) => topic.id === linkedId) ? linkedId : null;

  // Answers open and close independently; one linked to (/faq#privacy) opens on arrival.
  const [open, setOpen] = useState<string[]>(linked ? [linked] : []);
  const [arrival, setArrival] = useState(location.key);
  if (arrival !== location.key) {
    setArrival(location.key);
    if (linked && !open.includes(linked)) setOpen([...open, linked]);
  }

  useEffect(() => {
    if (linked) document.getElementById(linked)?.scrollIntoView({ block: 'start' });
  }, [linked, location.key]);

  return (
    <Container size={860} px="lg" py={{ base: 40, md: 64 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{text.faqTitle}</Title>
          <Text size="lg" c="gray.7">
            {text.faqIntro}
          </Text>
        </Stack>

        <Accordion
          multiple
          value={open}
          onChange={setOpen}
          order={2}
          variant="separated"
          radius="lg"
          chevronPosition="right"
          styles={{
            item: {
              backgroundColor: 'var(--mantine-color-white)',
              border: '1px solid var(--mantine-color-gray-3)',
            },
            label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' },
          }}
        >
          {topics.map((topic) => (
            <Accordion.Item key={topic.id} value={topic.id} id={topic.id}>
              <Accordion.Control>{topic.question}</Accordion.Control>
              <Accordion.Panel>{topic.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>

        <QuestionSection />

        <Text c="gray.7">
          {text.faqAlsoContactBefore}{' '}
          <Anchor component={Link} to="/contact">
            {text.faqAlsoContactLink}
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
