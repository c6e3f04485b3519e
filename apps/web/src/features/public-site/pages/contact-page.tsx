// Styles of the Mantine components this page shows beyond the first page's
// (styles-first-page.ts): it renders before the client, which brings the others' (styles-screens.ts).
import '@mantine/core/styles/Grid.css';
import { PublicContactMessages, RegistrationMessages, SignInMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Anchor, Box, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { WithSessionData } from '../../session/components/with-session-data';
import { MailIcon, PhoneIcon, PlaceIcon } from '../components/contact-icons';
import { CONTACT_DETAILS } from '../utils/site-config';

// The form (its schema, @mantine/form, the subject's Select, the mutation) loads after the page's
// first render: the details beside it show at once.
const ContactForm = lazy(() => import('../components/contact-form'));

export function ContactPage() {
  const {
    PublicContactMessages: text,
    RegistrationMessages: registration,
    SignInMessages: signIn,
  } = useMessages({ PublicContactMessages, RegistrationMessages, SignInMessages });
  useDocumentTitle(text.contactTitle);
  return (
    <Container size={1200} px="lg" py={{ base: 40, md: 64 }}>
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{text.contactTitle}</Title>
          <Text size="lg" c="gray.7">
            {text.contactIntro}
          </Text>
        </Stack>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Paper
                component="section"
                aria-labelledby="contact-details-title"
                withBorder
                bg="white"
                radius="lg"
                p={{ base: 'lg', sm: 'xl' }}
              >
                <Title order={2} size="h3" id="contact-details-title" mb="md">
                  {text.getInTouch}
                </Title>
                <Stack gap="md">
                  <Detail icon={<PhoneIcon />} label={registration.phone}>
                    <Anchor href={CONTACT_DETAILS.phone.href}>
                      <bdi>{CONTACT_DETAILS.phone.display}</bdi>
                    </Anchor>
                  </Detail>
                  <Detail icon={<MailIcon />} label={signIn.email}>
                    <Anchor href={`mailto:${CONTACT_DETAILS.email}`}>
                      <bdi>{CONTACT_DETAILS.email}</bdi>
                    </Anchor>
                  </Detail>
                  <Detail icon={<PlaceIcon />} label={registration.address}>
                    <Text component="address" fs="normal">
                      {CONTACT_DETAILS.address.map((line) => (
                        <span key={line}>
                          <bdi>{line}</bdi>
                          <br />
                        </span>
                      ))}
                    </Text>
                  </Detail>
                </Stack>
              </Paper>

              <Paper
                component="section"
                aria-labelledby="urgent-title"
                radius="lg"
                p={{ base: 'lg', sm: 'xl' }}
                bg="jibs.0"
              >
                <Title order={2} size="h4" id="urgent-title" mb="xs">
                  {text.whenDeathOccurred}
                </Title>
                <Stack gap="xs">
                  <Text c="gray.8">
                    {text.callRightAway}{' '}
                    <Anchor href={CONTACT_DETAILS.urgentPhone.href} fw={600}>
                      <bdi>{CONTACT_DETAILS.urgentPhone.display}</bdi>
                    </Anchor>
                    .
                  </Text>
                  <Text c="gray.8">
                    {text.membersCanAlso}{' '}
                    <Anchor component={Link} to="/submit-death">
                      {text.submitDeathReportLink}
                    </Anchor>{' '}
                    {text.reportOnline}
                  </Text>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              component="section"
              aria-labelledby="contact-form-title"
              withBorder
              bg="white"
              radius="lg"
              p={{ base: 'lg', sm: 'xl' }}
            >
              <Title order={2} size="h3" id="contact-form-title" mb={4}>
                {text.sendUsAMessage}
              </Title>
              <Text c="gray.7" mb="lg">
                {registration.allRequired}
              </Text>
              <WithSessionData fallback={<PageLoader label={text.loadingForm} />}>
                <ContactForm />
              </WithSessionData>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Box c="jibs.7" mt={2} style={{ flexShrink: 0 }}>
        {icon}
      </Box>
      <Stack gap={0}>
        <Text size="sm" c="gray.7" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
