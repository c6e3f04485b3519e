import { RegistrationWizardMessages, VerificationMessages } from '@jibs/domain';
import { intlLocaleOf } from '@jibs/i18n';
import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type Ref } from 'react';
import {
  toApiError,
  actionErrorNotice,
  useLanguage,
  useMessages,
  useSessionManager,
} from '@jibs/web-data';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { describeCountdownIn, formatCountdown } from '../utils/countdown';
import { Emphasized } from './emphasized';
import { StepButtons } from './step-buttons';
import { useCountdown } from '../hooks/use-countdown';
import { codeSentNotice, verifiedNotice, type CodeSent } from '../utils/verification-notices';
import { useMutation } from '@apollo/client/react';
import { SendVerificationCodeDocument, VerifyCodeDocument } from '../../../gql/graphql';

/** Step 2, code entry: the code sent by email or text message, and sending another. */
export function CodeEntry({
  sent: firstSent,
  headingRef,
  onVerified,
  onBack,
  verifying: finishing = false,
}: {
  sent: CodeSent;
  headingRef: Ref<HTMLHeadingElement>;
  onVerified: () => void;
  onBack: () => void;
  /** The caller is still finishing after the code was accepted. */
  verifying?: boolean;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const { locale } = useLanguage();
  const intlLocale = intlLocaleOf(locale);
  const clock = new Intl.DateTimeFormat(intlLocale, { hour: 'numeric', minute: '2-digit' });
  const session = useSessionManager();
  const [sent, setSent] = useState(firstSent);
  const [verify, verifying] = useMutation(VerifyCodeDocument);
  const [resend, resending] = useMutation(SendVerificationCodeDocument);
  const resendIn = useCountdown(sent.resendAvailableAt);
  const form = useCodeForm({
    send: async (code) => {
      await verify({ variables: { method: sent.method, code } });
      // An emailed code proves the address: a new token says so (email_verified), which
      // billing's checkouts need. A failed refresh leaves the current session to its schedule.
      if (sent.method === 'EMAIL') await session.refresh().catch(() => false);
      notifications.show(verifiedNotice());
      onVerified();
    },
  });

  const sendAgain = async () => {
    form.setFailure(null);
    try {
      const { data } = await resend({ variables: { method: sent.method } });
      if (!data) return;
      setSent(data.sendVerificationCode);
      form.reset();
      notifications.show(codeSentNotice(data.sendVerificationCode));
      form.firstBox.current?.focus();
    } catch (error) {
      form.setFailure(actionErrorNotice(VerificationMessages.sendFailedTitle, toApiError(error)));
    }
  };

  const expires = clock.format(new Date(sent.expiresAt));
  const intro =
    sent.method === 'EMAIL'
      ? wizard.codeSentByEmail(sent.sentTo, expires)
      : wizard.codeSentBySms(sent.sentTo, expires);

  return (
    <CodeEntryForm
      form={form}
      heading={wizard.enterCodeHeading}
      headingRef={headingRef}
      intro={<Emphasized text={intro} value={sent.sentTo} />}
      after={
        <Stack gap={6}>
          <Text c="gray.7">
            {wizard.didntGetIt}{' '}
            {resendIn > 0 ? (
              <span data-testid="resend-countdown">
                <span aria-hidden>{wizard.newCodeIn(formatCountdown(resendIn))}</span>
                <VisuallyHidden>
                  {wizard.newCodeIn(describeCountdownIn(intlLocale, resendIn))}
                </VisuallyHidden>
              </span>
            ) : (
              <Anchor
                component="button"
                type="button"
                fw={600}
                fz="inherit"
                onClick={sendAgain}
                disabled={resending.loading}
              >
                {resending.loading ? wizard.sendingNewCode : wizard.sendNewCode}
              </Anchor>
            )}
          </Text>
          {sent.method === 'EMAIL' && (
            <Text size="sm" c="gray.7">
              {wizard.emailsTakeAMinute}
            </Text>
          )}
        </Stack>
      }
      actions={
        <StepButtons onBack={onBack} backLabel={wizard.chooseAnotherWay}>
          <Button type="submit" loading={verifying.loading || finishing}>
            {wizard.verify}
          </Button>
        </StepButtons>
      }
    />
  );
}
