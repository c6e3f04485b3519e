import { ActionMessages, SessionNoticeMessages } from '@jibs/domain';
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useMessages } from '@jibs/web-data';

/** Billing could not be reached, so nothing can say whether the member may see this screen. */
export function MembershipUnavailable({ retry }: { retry: () => void }) {
  const { SessionNoticeMessages: notice, ActionMessages: actions } = useMessages({
    SessionNoticeMessages,
    ActionMessages,
  });
  return (
    <Container size={640} py={48}>
      <Alert color="red" variant="light" title={notice.membershipUnavailableTitle} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{notice.membershipUnavailableBody}</Text>
          <Button variant="light" onClick={retry}>
            {actions.tryAgain}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
