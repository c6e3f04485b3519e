import { Alert, Stack, Text } from '@mantine/core';
import { StepButtons } from './step-buttons';

/**
 * Steps 3 to 5 until billing builds them (household members, registration payment, membership
 * setup): a calm note that the account is safe and the member may come back later.
 */
export function StepPlaceholder({ onBack }: { onBack: () => void }) {
  return (
    <Stack gap="lg">
      <Alert color="jibs" variant="light">
        <Text>
          This step opens soon. Your account is verified and saved; you can sign out and come back
          at any time.
        </Text>
      </Alert>
      <StepButtons onBack={onBack} />
    </Stack>
  );
}
