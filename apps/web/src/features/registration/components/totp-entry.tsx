import { PublicTwoStepMessages } from '@jibs/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { TotpSetupInstructions } from '../../../shared/components/totp-setup-instructions';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { EnableAuthenticatorDocument, type TotpSetupFieldsFragment } from '../../../gql/graphql';
import { StepButtons } from './step-buttons';
import { VERIFIED_NOTICE } from '../utils/verification-notices';
import { useMutation } from '@apollo/client/react';

/**
 * Step 2, authenticator setup: scan or type the key, then confirm with the app's code; the
 * recovery codes made then go to `onVerified`, to be shown once.
 */
export function TotpEntry({
  setup,
  headingRef,
  onVerified,
  onBack,
}: {
  setup: TotpSetupFieldsFragment;
  headingRef: Ref<HTMLHeadingElement>;
  onVerified: (recoveryCodes: string[]) => void;
  onBack: () => void;
}) {
  const [confirm, confirming] = useMutation(EnableAuthenticatorDocument);
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await confirm({ variables: { code } });
      if (!data) return;
      notifications.show(VERIFIED_NOTICE);
      onVerified(data.enableAuthenticator.recoveryCodes);
    },
  });

  return (
    <CodeEntryForm
      form={form}
      heading={PublicTwoStepMessages.setUpAuthenticator}
      headingRef={headingRef}
      intro={
        <>
          The app shows a new 6-digit code every 30 seconds. You will also use it when you sign in.
        </>
      }
      before={<TotpSetupInstructions setup={setup} />}
      codeDescription={PublicTwoStepMessages.appCodeHint}
      actions={
        <StepButtons onBack={onBack} backLabel="Choose another way">
          <Button type="submit" loading={confirming.loading}>
            Verify
          </Button>
        </StepButtons>
      }
    />
  );
}
