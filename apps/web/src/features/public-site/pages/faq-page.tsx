import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '@jibs/web-ui';
import {
  DashboardMessages,
  LandingQuestionMessages,
  PublicFaqMessages,
  PublicSiteMessages,
} from '@jibs/domain';
import { useLanguage, useMessages, useCentsFormat } from '@jibs/web-data';
import { FaqAccordion } from '../components/faq-accordion';
import { faqTopics } from '../components/faq-content';
import { QuestionSection } from '../components/question-section';
import { usePublicSettings } from '../hooks/use-public-settings';
import { useBrowserValue } from '../../../shared/utils/browser-value';

export function FaqPage() {
  const {
    PublicSiteMessages: text,
    PublicFaqMessages: faq,
    LandingQuestionMessages: landing,
    DashboardMessages: dashboard,
  } = useMessages({
    PublicSiteMessages,
    PublicFaqMessages,
    LandingQuestionMessages,
    DashboardMessages,
  });
  const { locale } = useLanguage();
  useDocumentTitle(text.faqTitle);
  const topics = faqTopics(usePublicSettings(), {
    faq,
    landing,
    dashboard,
    locale,
    money: useCentsFormat(),
  });
  const location = useLocation();
  // The server never sees a link's #topic: a prerendered page is rendered, and hydrated, with
  // none open, and the linked answer opens straight after (useBrowserValue).
  const linkedId = useBrowserValue(() => location.hash.slice(1));
  const linked = topics.some((topic) => topic.id === linkedId) ? linkedId : null;

  // Answers open and close independently; one linked to (/faq#privacy) opens on arrival.
  const [open, setOpen] = useState<string[]>(linked ? [linked] : []);
  const arrivedAt = `${location.key}#${linked}`;
  const [arrival, setArrival] = useState(arrivedAt);
  if (arrival !== arrivedAt) {
    setArrival(arrivedAt);
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

        <FaqAccordion items={topics} open={open} onChange={setOpen} />

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
