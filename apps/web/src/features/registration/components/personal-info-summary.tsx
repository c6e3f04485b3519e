import { Alert, Button, Stack } from '@mantine/core';
import {
  formatCalendarDate,
  formatPhone,
  RegistrationMessages,
  MemberFieldMessages,
} from '@jibs/domain';
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
  return (
    <Stack gap="lg">
      <Alert color="jibs" variant="light" title="Your account has been created">
        These are the details you gave. Your phone number and address can be changed on your profile
        once registration is complete.
      </Alert>
      <DetailList
        items={[
          { label: MemberFieldMessages.fullName, value: me.fullName },
          { label: 'Email', value: me.email },
          { label: 'Phone', value: me.phone ? formatPhone(me.phone) : '' },
          { label: RegistrationMessages.dateOfBirth, value: formatCalendarDate(me.dateOfBirth) },
          { label: 'Address', value: formatAddress(me) },
        ]}
      />
      <StepButtons>
        <Button onClick={onContinue}>Continue</Button>
      </StepButtons>
    </Stack>
  );
}
