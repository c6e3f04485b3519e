import { useMutation } from '@apollo/client/react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeInput } from '../../../shared/components/code-input';
import { TotpSetupInstructions } from '../../../shared/components/totp-setup-instructions';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { ConfirmTotpDocument, type TotpSetupFieldsFragment } from '../../../gql/graphql';
import { StepButtons } from './step-buttons';
import { VERIFIED_NOTICE } from '../utils/verification-notices';

/** Step 2, authenticator setup: scan or type the key, then confirm with the app's code. */
export function TotpEntry({
  setup,
  headingRef,
  onVerified,
  onBack,
}: {
  setup: TotpSetupFieldsFragment;
  headingRef: Ref<HTMLHeadingElement>;
  onVerified: () => void;
  onBack: () => void;
}) {
  const [confirm, confirming] = useMutation(ConfirmTotpDocument);
  const form = useCodeForm({
    send: async (code) => {
      await confirm({ variables: { code } });
      notifications.show(VERIFIED_NOTICE);
      onVerified();
    },
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
            Set up your authenticator app
          </Title>
          <Text c="gray.7">
            The app shows a new 6-digit code every 30 seconds. You will also use it when you sign
            in.
          </Text>
        </Stack>

        <TotpSetupInstructions setup={setup} />

        {form.failure && (
          <Alert color="red" variant="light" title={form.failure.title} role="alert">
            {form.failure.message}
          </Alert>
        )}

        <CodeInput
          value={form.code}
          onChange={form.setCode}
          description="The code your app shows for JIBS"
          error={form.fieldError}
          invalid={form.invalid}
          inputRef={form.firstBox}
        />

        <StepButtons onBack={onBack} backLabel="Choose another way">
          <Button type="submit" loading={confirming.loading}>
            Verify
          </Button>
        </StepButtons>
      </Stack>
    </form>
  );
}
