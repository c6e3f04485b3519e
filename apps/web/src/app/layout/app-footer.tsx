import {
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PRIVACY_TOPIC_ID, TERMS_TOPIC_ID } from '../../features/public-site/utils/faq-topic-ids';
import {
  MailIcon,
  PhoneIcon,
  PlaceIcon,
} from '../../features/public-site/components/contact-icons';
import { CONTACT_DETAILS } from '../../features/public-site/utils/site-config';
import { WithApollo } from '../../shared/apollo/with-apollo';
import { HijriToggle, usePageLoading } from '@jibs/web-ui';
import { HeaderMessages, PublicLayoutMessages } from '@jibs/domain';
import { useMessages, useSession, useSessionManager } from '@jibs/web-data';

/**
 * The site footer: help and policy links, contact details, copyright. The written Privacy
 * Policy and Terms of Service do not exist yet: their links open the FAQ answers that say so
 * and summarise what applies today.
 */
// The name comes from the server's settings, through Apollo: loaded with it, not before the page.
const LiveSiteName = lazy(() => import('./site-name'));

/** Until the settings are in, a space keeps the line's height, so nothing moves when they are. */
function SiteName() {
  return (
    <WithApollo fallback={'\u00a0'}>
      <LiveSiteName />
    </WithApollo>
  );
}

/** `year`: the visitor's, once the page runs in their browser (AppLayout reads it). */
export function AppFooter({ year }: { year: number | null }) {
  // Hidden, in its place, while the page shows a loader: it would otherwise move when the
  // screen arrives (see page-loading.ts).
  const loading = usePageLoading();
  const { PublicLayoutMessages: text, HeaderMessages: header } = useMessages({
    PublicLayoutMessages,
    HeaderMessages,
  });
  const { user } = useSession();
  const session = useSessionManager();
  // A signed-in member's choice is stored on their profile too.
  const saveHijri = (showHijri: boolean) => user && void session.saveLanguageChoice({ showHijri });

  return (
    <Box
      component="footer"
      bg="white"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-2)',
        visibility: loading ? 'hidden' : undefined,
      }}
    >
      <Container size={1200} px="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl" verticalSpacing="xl">
          <Stack gap="xs">
            <Text fw={700} fz="xl" c="jibs.8" style={{ letterSpacing: '0.06em' }}>
              <SiteName />
            </Text>
            <Text size="sm" c="gray.7">
              {text.footerTagline}
            </Text>
          </Stack>

          <FooterSection title={text.help} navigation>
            <FooterLink to="/faq">{header.faq}</FooterLink>
            <FooterLink to="/contact">{header.contact}</FooterLink>
          </FooterSection>

          <FooterSection title={text.policies} navigation>
            <FooterLink to={`/faq#${PRIVACY_TOPIC_ID}`}>{text.privacyPolicy}</FooterLink>
            <FooterLink to={`/faq#${TERMS_TOPIC_ID}`}>{text.termsOfService}</FooterLink>
          </FooterSection>

          <FooterSection title={text.contactUs}>
            <ContactLine icon={<PhoneIcon size={18} />}>
              <Anchor href={CONTACT_DETAILS.phone.href} c="gray.8">
                <bdi>{CONTACT_DETAILS.phone.display}</bdi>
              </Anchor>
            </ContactLine>
            <ContactLine icon={<MailIcon size={18} />}>
              <Anchor href={`mailto:${CONTACT_DETAILS.email}`} c="gray.8">
                <bdi>{CONTACT_DETAILS.email}</bdi>
              </Anchor>
            </ContactLine>
            <ContactLine icon={<PlaceIcon size={18} />}>
              <Text component="address" size="sm" c="gray.8" fs="normal">
                {CONTACT_DETAILS.address.map((line) => (
                  <span key={line}>
                    <bdi>{line}</bdi>
                    <br />
                  </span>
                ))}
              </Text>
            </ContactLine>
          </FooterSection>
        </SimpleGrid>

        <Divider my="lg" color="gray.2" />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7">
            &copy; {year}{' '}
            <bdi>
              <SiteName />
            </bdi>
          </Text>
          <Text component="div" size="sm" c="gray.8">
            <HijriToggle onChosen={saveHijri} />
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

function FooterSection({
  title,
  navigation = false,
  children,
}: {
  title: string;
  /** Link lists are navigation landmarks; other sections are not. */
  navigation?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      component={navigation ? 'nav' : 'div'}
      aria-label={navigation ? title : undefined}
      gap="xs"
    >
      <Title order={2} size="h6" c="gray.9" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="gray.8" w="fit-content">
      {children}
    </Anchor>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" fz="sm">
      <Box c="jibs.7" mt={3} style={{ flexShrink: 0 }}>
        {icon}
      </Box>
      {children}
    </Group>
  );
}
