import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  ErrorCode,
  memorialYears,
  MemorialMessages,
  ClientMessages,
  DashboardMessages,
  RegistrationMessages,
  ActionMessages,
  SignInMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toApiError, useMessages, useSession } from '@jibs/web-data';
import {
  MemorialDocument,
  MemorialMemoriesDocument,
  UpdateMemorialDocument,
  type MemorialDetailFragment,
  type MemorialInput,
} from '../../../gql/graphql';
import { DetailList, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { useMemorialDate } from '../utils/use-memorial-date';
import { memorialFailureMessage } from '../utils/memorial-format';
import { MemorialAvatar, MemorialNotFound, PrivacyBadge } from '../components/memorial-parts';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';
import { useMutation, useQuery } from '@apollo/client/react';

// A visitor reads the page: what only its owner, its family or a signed-in member uses (the
// dialogs, the forms, moderation, reminders, uploads) and the Photos tab's gallery (with its
// drag-and-drop) load when they show, after the page's first render.
const EditMemorialDialog = lazy(() =>
  import('../components/edit-memorial-dialog').then((m) => ({ default: m.EditMemorialDialog })),
);
const DeactivateDialog = lazy(() =>
  import('../components/deactivate-dialog').then((m) => ({ default: m.DeactivateDialog })),
);
const InviteDialog = lazy(() =>
  import('../components/invite-dialog').then((m) => ({ default: m.InviteDialog })),
);
const AddMemoryDialog = lazy(() =>
  import('../components/add-memory-dialog').then((m) => ({ default: m.AddMemoryDialog })),
);
const ModerationQueue = lazy(() =>
  import('../components/moderation-queue').then((m) => ({ default: m.ModerationQueue })),
);
const AnniversaryReminders = lazy(() =>
  import('../components/anniversary-reminders').then((m) => ({
    default: m.AnniversaryReminders,
  })),
);
const PhotoGallery = lazy(() =>
  import('../components/photo-gallery').then((m) => ({ default: m.PhotoGallery })),
);
const PhotoUpload = lazy(() =>
  import('../components/photo-upload').then((m) => ({ default: m.PhotoUpload })),
);

/** /memorial/:id — public route; the server decides who may see it. */
export function MemorialPage() {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({ MemorialPageMessages, MemorialMessages, ClientMessages, ActionMessages });
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(MemorialDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const memorial = data?.memorial;
  const notFound =
    !memorial && !loading && (!error || toApiError(error).code === ErrorCode.NotFound);
  useDocumentTitle(
    memorial ? memorial.fullName : notFound ? memorialMessages.notFoundTitle : text.memorial,
  );

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      {loading && !data ? (
        <PageLoader label={text.loadingMemorial} />
      ) : memorial ? (
        <MemorialView memorial={memorial} refetch={() => void refetch()} />
      ) : error && toApiError(error).code !== ErrorCode.NotFound ? (
        <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
          <Stack gap="sm" align="flex-start">
            <Text>{memorialFailureMessage(toApiError(error), memorialMessages.unexpected)}</Text>
            <Button variant="light" onClick={() => void refetch()}>
              {actions.tryAgain}
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
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
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
                {text.bornIn(memorial.birthLocation)}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {permissions.canInvite && (
              <Button variant="default" onClick={() => setInviting(true)}>
                {text.inviteFamily}
              </Button>
            )}
            {permissions.canEdit && (
              <Button onClick={() => setEditing(true)}>{text.editMemorial}</Button>
            )}
            {permissions.canDeactivate && (
              <Button variant="outline" color="red" onClick={() => setDeactivating(true)}>
                {text.deactivate}
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      {memorial.biography && (
        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="bio-title">
          <Title order={2} size="h3" id="bio-title" mb="sm">
            {text.biography}
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

      <Suspense fallback={null}>
        {permissions.canEdit && (
          <EditMemorialDialog
            memorial={memorial}
            opened={editing}
            onClose={() => setEditing(false)}
            onSaved={refetch}
          />
        )}
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
      </Suspense>
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
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    ClientMessages: client,
    DashboardMessages: dashboard,
    RegistrationMessages: registration,
    SignInMessages: signIn,
  } = useMessages({
    MemorialPageMessages,
    MemorialMessages,
    ClientMessages,
    DashboardMessages,
    RegistrationMessages,
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
    refetch();
    void memories.refetch();
  };
  const list = memories.data?.memories ?? [];

  return (
    <Tabs defaultValue="about" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="about">{text.about}</Tabs.Tab>
        <Tabs.Tab value="memories">{text.memoriesTab(memorial.memoryCount)}</Tabs.Tab>
        <Tabs.Tab value="photos">{text.photosTab(memorial.photoCount)}</Tabs.Tab>
        <Tabs.Tab value="timeline">{text.timeline}</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="about" pt="lg">
        <Card withBorder radius="md" padding="lg">
          <DetailList
            items={[
              { label: text.fullName, value: memorial.fullName },
              {
                label: registration.dateOfBirth,
                value: formatDate(memorial.birthDate) || '—',
              },
              { label: text.placeOfBirth, value: memorial.birthLocation || '—' },
              { label: text.dateOfDeath, value: formatDate(memorial.deathDate) || '—' },
              { label: text.placeOfDeath, value: memorial.deathLocation || '—' },
            ]}
          />
        </Card>
        {permissions.canRemind && memorial.deathDate && (
          <Stack mt="md">
            <Suspense fallback={null}>
              <AnniversaryReminders memorialId={memorial.id} />
            </Suspense>
          </Stack>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="memories" pt="lg">
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
      </Tabs.Panel>

      <Tabs.Panel value="photos" pt="lg">
        <Stack gap="lg">
          {memorial.photos.length === 0 ? (
            <Text c="gray.7">{text.noPhotos}</Text>
          ) : (
            <>
              {permissions.canEdit && memorial.photos.length > 1 && (
                <Text size="sm" c="gray.7">
                  {text.dragHint}
                </Text>
              )}
              <Suspense fallback={<PageLoader />}>
                <PhotoGallery
                  memorial={memorial}
                  canReorder={permissions.canEdit}
                  onImageError={refreshLinks}
                />
              </Suspense>
            </>
          )}
          {permissions.canEdit && (
            <Card withBorder radius="md" padding="lg">
              <Suspense fallback={null}>
                <PhotoUpload
                  memorialId={memorial.id}
                  hasProfilePhoto={Boolean(memorial.profilePhotoId)}
                  onUploaded={async (photoId, useAsProfile) => {
                    if (useAsProfile) await setProfilePhoto(photoId);
                    refetch();
                  }}
                />
              </Suspense>
            </Card>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="timeline" pt="lg">
        {memorial.timeline.length === 0 ? (
          <Text c="gray.7">{text.noDates}</Text>
        ) : (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={text.timeline}
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
                        <Text fw={700}>{text.memory}</Text>
                        <Text style={{ overflowWrap: 'anywhere' }}>{entry.title}</Text>
                      </>
                    ) : (
                      // The service words birth and death in English; the page in the reader's words.
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {lifeEventTitle(entry.kind, memorial, text)}
                      </Text>
                    )}
                  </Stack>
                  <Text size="sm" c="gray.7">
                    {formatDate(entry.date)}
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

/** 'Born in Cairo', 'Passed away': the timeline's birth and death, as the service words them. */
function lifeEventTitle(
  kind: MemorialDetailFragment['timeline'][number]['kind'],
  memorial: MemorialDetailFragment,
  text: typeof MemorialPageMessages,
): string {
  if (kind === 'BIRTH')
    return memorial.birthLocation ? text.bornIn(memorial.birthLocation) : text.born;
  return memorial.deathLocation ? text.passedAwayIn(memorial.deathLocation) : text.passedAway;
}
