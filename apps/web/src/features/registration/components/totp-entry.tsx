import { RegistrationWizardMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { TotpSetupInstructions } from '../../../shared/components/totp-setup-instructions';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { EnableAuthenticatorDocument, type TotpSetupFieldsFragment } from '../../../gql/graphql';
import { StepButtons } from './step-buttons';
import { verifiedNotice } from '../utils/verification-notices';
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
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const [confirm, confirming] = useMutation(EnableAuthenticatorDocument);
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await confirm({ variables: { code } });
      if (!data) return;
      notifications.show(verifiedNotice());
      onVerified(data.enableAuthenticator.recoveryCodes);
    },
  });

  return (
    <CodeEntryForm
      form={form}
      heading={wizard.totpHeading}
      headingRef={headingRef}
      intro={wizard.totpIntro}
      before={<TotpSetupInstructions setup={setup} />}
      codeDescription={wizard.totpCodeHint}
      actions={
        <StepButtons onBack={onBack} backLabel={wizard.chooseAnotherWay}>
          <Button type="submit" loading={confirming.loading}>
            {wizard.verify}
          </Button>
        </StepButtons>
      }
    />
  );
}
