import { RegistrationWizardMessages } from '@jibs/domain';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Profile, while the registration fee is unpaid: the way back to the payment step. */
export function RegistrationPaymentPanel() {
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="membership">
      <Stack gap="md">
        <Title order={2} size="h3" id="membership">
          {RegistrationWizardMessages.stepRegistrationPayment}
        </Title>
        <Alert color="yellow" variant="light">
          <Text>Your one-time registration fee has not been paid yet.</Text>
        </Alert>
        <div>
          <Button component={Link} to="/register?step=registration-payment">
            Continue Registration
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
