import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ErrorCode,
  memorialYears,
  MemorialMessages,
  ClientMessages,
  DashboardMessages,
  RegistrationMessages,
  ActionMessages,
  SignInMessages,
  MemberFieldMessages,
} from '@jibs/domain';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toApiError, useSession } from '@jibs/web-data';
import {
  MemorialDocument,
  MemorialMemoriesDocument,
  UpdateMemorialDocument,
  type MemorialDetailFragment,
  type MemorialInput,
} from '../../../gql/graphql';
import { DetailList, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { AddMemoryDialog } from '../components/add-memory-dialog';
import { AnniversaryReminders } from '../components/anniversary-reminders';
import { InviteDialog } from '../components/invite-dialog';
import { formatBothCalendars } from '@jibs/domain';
import { memorialFailureMessage } from '../utils/memorial-format';
import { MemorialForm, type MemorialFormValues } from '../components/memorial-form';
import { ModerationQueue } from '../components/moderation-queue';
import { MemorialAvatar, MemorialNotFound, PrivacyBadge } from '../components/memorial-parts';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';
import { DeactivateDialog } from '../components/deactivate-dialog';
import { PhotoGallery } from '../components/photo-gallery';
import { PhotoUpload } from '../components/photo-upload';
import { useMutation, useQuery } from '@apollo/client/react';

/** /memorial/:id — public route; the server decides who may see it. */
export function MemorialPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(MemorialDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const memorial = data?.memorial;
  const notFound =
    !memorial && !loading && (!error || toApiError(error).code === ErrorCode.NotFound);
  useDocumentTitle(
    memorial ? memorial.fullName : notFound ? MemorialMessages.notFoundTitle : 'Memorial',
  );

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      {loading && !data ? (
        <PageLoader label="Loading the memorial page…" />
      ) : memorial ? (
        <MemorialView memorial={memorial} refetch={() => void refetch()} />
      ) : error && toApiError(error).code !== ErrorCode.NotFound ? (
        <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
          <Stack gap="sm" align="flex-start">
            <Text>{memorialFailureMessage(toApiError(error), MemorialMessages.unexpected)}</Text>
            <Button variant="light" onClick={() => void refetch()}>
              {ActionMessages.tryAgain}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <MemorialNotFound />
      )}
    </Container>
  );
}

/** Presigned photo links last 5 minutes: a failed image asks for fresh links, once a minute. */
function useFreshLinks(refetch: () => void): () => void {
  const last = useRef(0);
  return () => {
    if (Date.now() - last.current < 60_000) return;
    last.current = Date.now();
    refetch();
  };
}

function toFormValues(memorial: MemorialDetailFragment): MemorialFormValues {
  return {
    fullName: memorial.fullName,
    birthDate: memorial.birthDate ?? '',
    deathDate: memorial.deathDate ?? '',
    birthLocation: memorial.birthLocation ?? '',
    deathLocation: memorial.deathLocation ?? '',
    biography: memorial.biography ?? '',
    privacyLevel: memorial.privacyLevel,
  };
}

function currentInput(memorial: MemorialDetailFragment): MemorialInput {
  return {
    fullName: memorial.fullName,
    birthDate: memorial.birthDate,
    deathDate: memorial.deathDate,
    birthLocation: memorial.birthLocation,
    deathLocation: memorial.deathLocation,
    biography: memorial.biography,
  };
}

function MemorialView({
  memorial,
  refetch,
}: {
  memorial: MemorialDetailFragment;
  refetch: () => void;
}) {
  const permissions = memorial.viewerPermissions;
  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const [updateMemorial] = useMutation(UpdateMemorialDocument);
  const refreshLinks = useFreshLinks(refetch);
  const years = memorialYears(memorial.birthDate, memorial.deathDate);

  const setProfilePhoto = async (photoId: string) => {
    await updateMemorial({
      variables: { id: memorial.id, input: { ...currentInput(memorial), profilePhotoId: photoId } },
    });
  };

  return (
    <Stack gap="lg">
      <MemorialBreadcrumbs current={memorial.fullName} />
      <Card withBorder radius="lg" padding="xl">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <MemorialAvatar
            fullName={memorial.fullName}
            imageUrl={memorial.profileImageUrl}
            size={120}
            onImageError={refreshLinks}
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {memorial.fullName}
            </Title>
            {years && (
              <Text fz="lg" c="gray.7">
                {years}
              </Text>
            )}
            <Group gap="xs">
              <PrivacyBadge privacy={memorial.privacyLevel} />
            </Group>
            {memorial.birthLocation && (
              <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                Born in {memorial.birthLocation}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {permissions.canInvite && (
              <Button variant="default" onClick={() => setInviting(true)}>
                Invite Family
              </Button>
            )}
            {permissions.canEdit && <Button onClick={() => setEditing(true)}>Edit Memorial</Button>}
            {permissions.canDeactivate && (
              <Button variant="outline" color="red" onClick={() => setDeactivating(true)}>
                Deactivate
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      {memorial.biography && (
        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="bio-title">
          <Title order={2} size="h3" id="bio-title" mb="sm">
            Biography
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {memorial.biography}
          </Text>
        </Card>
      )}

      <MemorialTabs
        memorial={memorial}
        refetch={refetch}
        refreshLinks={refreshLinks}
        setProfilePhoto={setProfilePhoto}
      />

      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit Memorial"
        size="lg"
        centered
      >
        <MemorialForm
          initialValues={toFormValues(memorial)}
          submitLabel="Save Changes"
          failureFallback={MemorialMessages.unexpected}
          biographyRows={6}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            await updateMemorial({ variables: { id: memorial.id, input } });
            notifications.show({
              color: 'green',
              title: 'Memorial Updated',
              message: 'Your changes have been saved.',
            });
            setEditing(false);
            refetch();
          }}
        />
      </Modal>
      {permissions.canDeactivate && (
        <DeactivateDialog
          memorial={memorial}
          opened={deactivating}
          onClose={() => setDeactivating(false)}
        />
      )}
      {permissions.canInvite && (
        <InviteDialog
          memorialId={memorial.id}
          opened={inviting}
          onClose={() => setInviting(false)}
        />
      )}
    </Stack>
  );
}

function MemorialTabs({
  memorial,
  refetch,
  refreshLinks,
  setProfilePhoto,
}: {
  memorial: MemorialDetailFragment;
  refetch: () => void;
  refreshLinks: () => void;
  setProfilePhoto: (photoId: string) => Promise<void>;
}) {
  const permissions = memorial.viewerPermissions;
  const { status } = useSession();
  const [adding, setAdding] = useState(false);
  const memories = useQuery(MemorialMemoriesDocument, {
    variables: { memorialId: memorial.id },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = () => {
    refetch();
    void memories.refetch();
  };
  const list = memories.data?.memories ?? [];

  return (
    <Tabs defaultValue="about" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="about">About</Tabs.Tab>
        <Tabs.Tab value="memories">Memories ({memorial.memoryCount})</Tabs.Tab>
        <Tabs.Tab value="photos">Photos ({memorial.photoCount})</Tabs.Tab>
        <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="about" pt="lg">
        <Card withBorder radius="md" padding="lg">
          <DetailList
            items={[
              { label: MemberFieldMessages.fullName, value: memorial.fullName },
              {
                label: RegistrationMessages.dateOfBirth,
                value: formatBothCalendars(memorial.birthDate) || '—',
              },
              { label: 'Place of birth', value: memorial.birthLocation || '—' },
              { label: 'Date of death', value: formatBothCalendars(memorial.deathDate) || '—' },
              { label: 'Place of death', value: memorial.deathLocation || '—' },
            ]}
          />
        </Card>
        {permissions.canRemind && memorial.deathDate && (
          <Stack mt="md">
            <AnniversaryReminders memorialId={memorial.id} />
          </Stack>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="memories" pt="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              Memories
            </Title>
            {permissions.canAddMemory && (
              <Button onClick={() => setAdding(true)}>Add Memory</Button>
            )}
          </Group>
          {!permissions.canAddMemory && status !== 'signed-in' && (
            <Text c="gray.7">
              <Anchor component={Link} to="/login" state={{ from: `/memorial/${memorial.id}` }}>
                {SignInMessages.signIn}
              </Anchor>{' '}
              to share a memory.
            </Text>
          )}
          {permissions.canModerate && (
            <ModerationQueue memorialId={memorial.id} onModerated={refresh} />
          )}
          {memories.error && !memories.data ? (
            <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
              {memorialFailureMessage(toApiError(memories.error), MemorialMessages.unexpected)}
            </Alert>
          ) : list.length === 0 ? (
            <Text c="gray.7">No memories have been shared yet.</Text>
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
                            ? DashboardMessages.awaitingApproval
                            : 'Not approved'}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="gray.7">
                      By {memory.contributorName}
                      {memory.memoryDate ? ` · ${formatBothCalendars(memory.memoryDate)}` : ''}
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
          <AddMemoryDialog
            memorialId={memorial.id}
            opened={adding}
            onClose={() => setAdding(false)}
            onAdded={refresh}
          />
        )}
      </Tabs.Panel>

      <Tabs.Panel value="photos" pt="lg">
        <Stack gap="lg">
          {memorial.photos.length === 0 ? (
            <Text c="gray.7">No photos have been added yet.</Text>
          ) : (
            <>
              {permissions.canEdit && memorial.photos.length > 1 && (
                <Text size="sm" c="gray.7">
                  Drag a photo by its handle to change the order, or focus the handle and press
                  Space.
                </Text>
              )}
              <PhotoGallery
                memorial={memorial}
                canReorder={permissions.canEdit}
                onImageError={refreshLinks}
              />
            </>
          )}
          {permissions.canEdit && (
            <Card withBorder radius="md" padding="lg">
              <PhotoUpload
                memorialId={memorial.id}
                hasProfilePhoto={Boolean(memorial.profilePhotoId)}
                onUploaded={async (photoId, useAsProfile) => {
                  if (useAsProfile) await setProfilePhoto(photoId);
                  refetch();
                }}
              />
            </Card>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="timeline" pt="lg">
        {memorial.timeline.length === 0 ? (
          <Text c="gray.7">No dates have been added yet.</Text>
        ) : (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Timeline"
          >
            {memorial.timeline.map((entry, index) => (
              <Card
                component="li"
                key={`${entry.kind}-${entry.memoryId ?? index}`}
                withBorder
                radius="md"
                padding="md"
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    {entry.kind === 'MEMORY' ? (
                      <>
                        <Text fw={700}>Memory</Text>
                        <Text style={{ overflowWrap: 'anywhere' }}>{entry.title}</Text>
                      </>
                    ) : (
                      // The service words birth and death ('Born in Cairo', 'Passed away').
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {entry.title}
                      </Text>
                    )}
                  </Stack>
                  <Text size="sm" c="gray.7">
                    {formatBothCalendars(entry.date)}
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
