import { ClientMessages, MemorialPageMessages, ReviewNotifications } from '@jibs/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { toApiError, useMessages } from '@jibs/web-data';
import {
  MemorialModerationQueueDocument,
  ModerateMemoryDocument,
  type MemoryDecision,
} from '../../../gql/graphql';
import { useMemorialDate } from '../utils/use-memorial-date';
import { memorialFailureMessage } from '../utils/memorial-format';
import { useMutation, useQuery } from '@apollo/client/react';

/** Memories waiting for approval: the creator and editors approve or reject each. */
export function ModerationQueue({
  memorialId,
  onModerated,
}: {
  memorialId: string;
  onModerated: () => void;
}) {
  const {
    MemorialPageMessages: text,
    ReviewNotifications: review,
    ClientMessages: client,
  } = useMessages({ MemorialPageMessages, ReviewNotifications, ClientMessages });
  const formatDate = useMemorialDate();
  const { data, refetch } = useQuery(MemorialModerationQueueDocument, {
    variables: { memorialId },
    fetchPolicy: 'cache-and-network',
  });
  const [moderate, { loading }] = useMutation(ModerateMemoryDocument);
  const queue = data?.moderationQueue ?? [];

  const decide = async (id: string, decision: MemoryDecision) => {
    try {
      await moderate({ variables: { id, decision } });
      notifications.show({
        color: 'green',
        title: decision === 'APPROVED' ? review.memoryApprovedTitle : text.memoryRejectedTitle,
        message: decision === 'APPROVED' ? text.memoryApproved : text.memoryRejected,
      });
      await refetch();
      onModerated();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message: memorialFailureMessage(toApiError(error), text.moderateFailed),
      });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="queue-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="queue-title">
          {text.waiting(queue.length)}
        </Title>
        {queue.length === 0 ? (
          <Text c="gray.7">{text.noneWaiting}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {queue.map((memory) => (
              <Card component="li" key={memory.id} withBorder radius="sm" padding="md">
                <Stack gap={6}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {memory.title}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {text.by(memory.contributorName)}
                    {memory.memoryDate ? ` · ${formatDate(memory.memoryDate)}` : ''}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {memory.content}
                  </Text>
                  <Group gap="sm">
                    <Button
                      size="sm"
                      disabled={loading}
                      onClick={() => void decide(memory.id, 'APPROVED')}
                      aria-label={text.approveMemory(memory.title)}
                    >
                      {text.approve}
                    </Button>
                    <Button
                      size="sm"
                      variant="default"
                      disabled={loading}
                      onClick={() => void decide(memory.id, 'REJECTED')}
                      aria-label={text.rejectMemory(memory.title)}
                    >
                      {text.reject}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
