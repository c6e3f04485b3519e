import { VerificationMessages } from '@jibs/domain';
import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type Ref } from 'react';
import { toApiError, actionErrorNotice, useSessionManager } from '@jibs/web-data';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { describeCountdown, formatCountdown } from '../utils/countdown';
import { StepButtons } from './step-buttons';
import { useCountdown } from '../hooks/use-countdown';
import { codeSentNotice, VERIFIED_NOTICE, type CodeSent } from '../utils/verification-notices';
import { useMutation } from '@apollo/client/react';
import { SendVerificationCodeDocument, VerifyCodeDocument } from '../../../gql/graphql';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

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
      notifications.show(VERIFIED_NOTICE);
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

  const by = sent.method === 'EMAIL' ? 'email' : 'text message';

  return (
    <CodeEntryForm
      form={form}
      heading="Enter your verification code"
      headingRef={headingRef}
      intro={
        <>
          We sent a 6-digit code by {by} to <strong>{sent.sentTo}</strong>. It can be used until{' '}
          {clock.format(new Date(sent.expiresAt))}.
        </>
      }
      after={
        <Stack gap={6}>
          <Text c="gray.7">
            Didn&apos;t get it?{' '}
            {resendIn > 0 ? (
              <span data-testid="resend-countdown">
                <span aria-hidden>You can ask for a new code in {formatCountdown(resendIn)}.</span>
                <VisuallyHidden>
                  You can ask for a new code in {describeCountdown(resendIn)}.
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
                {resending.loading ? 'Sending a new code…' : 'Send a new code'}
              </Anchor>
            )}
          </Text>
          {sent.method === 'EMAIL' && (
            <Text size="sm" c="gray.7">
              Emails can take a minute to arrive. Please also look in your spam or junk folder.
            </Text>
          )}
        </Stack>
      }
      actions={
        <StepButtons onBack={onBack} backLabel="Choose another way">
          <Button type="submit" loading={verifying.loading || finishing}>
            Verify
          </Button>
        </StepButtons>
      }
    />
  );
}
