import { Alert, Button, Stack } from '@mantine/core';
import {
  formatPhone,
  RegistrationMessages,
  RegistrationWizardMessages,
  SignInMessages,
} from '@jibs/domain';
import { useDateFormat, useMessages } from '@jibs/web-data';
import { formatAddress } from '../../../shared/utils/address';
import type { ProfileFragment } from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import { StepButtons } from './step-buttons';

/** Step 1 again, once the account exists: what was given, and on to Verification. */
export function PersonalInfoSummary({
  me,
  onContinue,
}: {
  me: ProfileFragment;
  onContinue: () => void;
}) {
  const {
    RegistrationWizardMessages: wizard,
    RegistrationMessages: registration,
    SignInMessages: signIn,
  } = useMessages({ RegistrationWizardMessages, RegistrationMessages, SignInMessages });
  const formatDate = useDateFormat();
  return (
    <Stack gap="lg">
      <Alert color="jibs" variant="light" title={wizard.accountCreatedTitle}>
        {wizard.accountCreated}
      </Alert>
      <DetailList
        items={[
          { label: wizard.fullName, value: me.fullName },
          { label: signIn.email, value: me.email },
          { label: registration.phone, value: me.phone ? formatPhone(me.phone) : '' },
          { label: registration.dateOfBirth, value: formatDate(me.dateOfBirth) },
          { label: registration.address, value: formatAddress(me) },
        ]}
      />
      <StepButtons>
        <Button onClick={onContinue}>{wizard.continue}</Button>
      </StepButtons>
    </Stack>
  );
}
