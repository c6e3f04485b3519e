import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  ClientMessages,
  DashboardMessages,
  MemorialMessages,
  MemorialPageMessages,
  SignInMessages,
} from '@jibs/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { toApiError, useMessages, useSession } from '@jibs/web-data';
import { MemorialMemoriesDocument, type MemorialDetailFragment } from '../../../gql/graphql';
import { memorialFailureMessage } from '../utils/memorial-format';
import { useMemorialDate } from '../utils/use-memorial-date';

const AddMemoryDialog = lazy(() =>
  import('./add-memory-dialog').then((m) => ({ default: m.AddMemoryDialog })),
);
const ModerationQueue = lazy(() =>
  import('./moderation-queue').then((m) => ({ default: m.ModerationQueue })),
);

/**
 * The Memories tab: the memories the viewer may read (with Apollo's query, loaded when the tab
 * shows), a contributor's form and the creator's moderation. A memory added or moderated changes
 * the memorial's counts and timeline too: `onChanged` has the page read it again.
 */
export function MemorialMemories({
  memorial,
  onChanged,
}: {
  memorial: Pick<MemorialDetailFragment, 'id' | 'viewerPermissions'>;
  onChanged: () => void;
}) {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    ClientMessages: client,
    DashboardMessages: dashboard,
    SignInMessages: signIn,
  } = useMessages({
    MemorialPageMessages,
    MemorialMessages,
    ClientMessages,
    DashboardMessages,
    SignInMessages,
  });
  const formatDate = useMemorialDate();
  const permissions = memorial.viewerPermissions;
  const { status } = useSession();
  const [adding, setAdding] = useState(false);
  const memories = useQuery(MemorialMemoriesDocument, {
    variables: { memorialId: memorial.id },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = () => {
    onChanged();
    void memories.refetch();
  };
  const list = memories.data?.memories ?? [];

  return (
    <>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {text.memories}
          </Title>
          {permissions.canAddMemory && (
            <Button onClick={() => setAdding(true)}>{text.addMemory}</Button>
          )}
        </Group>
        {!permissions.canAddMemory && status !== 'signed-in' && (
          <Text c="gray.7">
            <Anchor component={Link} to="/login" state={{ from: `/memorial/${memorial.id}` }}>
              {signIn.signIn}
            </Anchor>{' '}
            {text.signInToShare}
          </Text>
        )}
        {permissions.canModerate && (
          <Suspense fallback={null}>
            <ModerationQueue memorialId={memorial.id} onModerated={refresh} />
          </Suspense>
        )}
        {memories.error && !memories.data ? (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            {memorialFailureMessage(toApiError(memories.error), memorialMessages.unexpected)}
          </Alert>
        ) : list.length === 0 ? (
          <Text c="gray.7">{text.noMemories}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((memory) => (
              <Card component="li" key={memory.id} withBorder radius="md" padding="lg">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {memory.title}
                    </Text>
                    {memory.status !== 'APPROVED' && (
                      <Badge
                        variant="light"
                        color={memory.status === 'PENDING' ? 'yellow' : 'gray'}
                      >
                        {memory.status === 'PENDING'
                          ? dashboard.awaitingApproval
                          : text.notApproved}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="gray.7">
                    {text.by(memory.contributorName)}
                    {memory.memoryDate ? ` · ${formatDate(memory.memoryDate)}` : ''}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {memory.content}
                  </Text>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      {permissions.canAddMemory && (
        <Suspense fallback={null}>
          <AddMemoryDialog
            memorialId={memorial.id}
            opened={adding}
            onClose={() => setAdding(false)}
            onAdded={refresh}
          />
        </Suspense>
      )}
    </>
  );
}
