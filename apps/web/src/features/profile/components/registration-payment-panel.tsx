import { AccountSessionMessages, RegistrationWizardMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Profile, while the registration fee is unpaid: the way back to the payment step. */
export function RegistrationPaymentPanel() {
  const { AccountSessionMessages: text, RegistrationWizardMessages: wizard } = useMessages({
    AccountSessionMessages,
    RegistrationWizardMessages,
  });
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="membership">
      <Stack gap="md">
        <Title order={2} size="h3" id="membership">
          {wizard.stepRegistrationPayment}
        </Title>
        <Alert color="yellow" variant="light">
          <Text>{text.feeUnpaid}</Text>
        </Alert>
        <div>
          <Button component={Link} to="/register?step=registration-payment">
            {text.continueRegistration}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
