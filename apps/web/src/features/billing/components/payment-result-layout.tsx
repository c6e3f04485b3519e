import { ActionMessages, RegistrationBillingMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Anchor, Card, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortSessionId } from '../utils/payment-display';

type Tone = 'success' | 'waiting' | 'warning' | 'error' | 'neutral';

const TONE_COLOR: Record<Tone, string> = {
  success: 'green',
  waiting: 'jibs',
  warning: 'yellow',
  error: 'red',
  neutral: 'gray',
};

/** The payment result pages' one centred card: a mark, a heading, words and actions. */
export function PaymentResultLayout({
  tone,
  title,
  children,
  sessionId,
  sessionIdInFull = false,
  actions,
}: {
  tone: Tone;
  title: string;
  children: ReactNode;
  sessionId?: string | null;
  /**
   * Where the member is asked to quote the session to support, it is shown whole: the spec's
   * first 8 characters are only the provider's prefix (`cs_test_`, `cs_live_`).
   */
  sessionIdInFull?: boolean;
  actions?: ReactNode;
}) {
  const { RegistrationBillingMessages: billing } = useMessages({ RegistrationBillingMessages });
  const short = sessionIdInFull ? (sessionId ?? null) : shortSessionId(sessionId ?? null);
  return (
    <Container size={560} px="md" py={{ base: 40, sm: 80 }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack
          gap="md"
          align="center"
          ta="center"
          role={tone === 'waiting' ? 'status' : undefined}
          aria-live="polite"
        >
          {tone === 'waiting' ? (
            <Loader color="jibs" type="dots" size="lg" aria-hidden />
          ) : (
            <ThemeIcon size={48} radius="xl" variant="light" color={TONE_COLOR[tone]} aria-hidden>
              <Text fw={700} fz="xl">
                {tone === 'success' ? '✓' : tone === 'neutral' ? '–' : '!'}
              </Text>
            </ThemeIcon>
          )}
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {short && (
            <Text size="sm" c="gray.7">
              {billing.sessionId}{' '}
              <Text span size="sm" translate="no" style={{ wordBreak: 'break-all' }}>
                {short}
              </Text>
            </Text>
          )}
          {actions && (
            <Stack gap="sm" w="100%" maw={400}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/** 'Please contact support' with the way to do it. */
export function SupportLink() {
  const { ActionMessages: actions } = useMessages({ ActionMessages });
  return (
    <Anchor component={Link} to="/contact">
      {actions.contactSupport}
    </Anchor>
  );
}
