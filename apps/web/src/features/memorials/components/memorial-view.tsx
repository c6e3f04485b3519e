import '../../../shared/apollo/styles-screens';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memorialYears, RegistrationMessages, MemorialPageMessages } from '@jibs/domain';
import { lazy, useRef, useState } from 'react';
import { useMessages } from '@jibs/web-data';
import type { MemorialDetailFragment } from '../../../gql/graphql';
import { DetailList, PageLoader } from '@jibs/web-ui';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { useMemorialDate } from '../utils/use-memorial-date';
import { withPhotoOrder } from '../utils/photo-order';
import type { MemorialReadHandle } from '../utils/use-memorial-read';
import { MemorialAvatar, PrivacyBadge } from './memorial-parts';
import { MemorialBreadcrumbs } from './memorial-breadcrumbs';
import { MemorialTabs } from './memorial-tabs';

// The memorial as shown once read (memorial-page.tsx reads it, and starts loading this file as
// it loads, so the two arrive side by side): with Mantine's styles for the screens (Avatar,
// Badge…), which its import waits for. What needs the Apollo client waits for it (`WithApollo`):
// what only its owner, its family or a signed-in member uses (the dialogs, the forms,
// moderation, reminders, uploads), the Memories tab's list and the Photos tab's gallery (with
// its drag-and-drop) load when they show. Each tells the page to read again after a change, or
// gives it the change (the photos' order), as the page's data is not in Apollo's cache.
const EditMemorialDialog = lazy(() =>
  import('./edit-memorial-dialog').then((m) => ({ default: m.EditMemorialDialog })),
);
const DeactivateDialog = lazy(() =>
  import('./deactivate-dialog').then((m) => ({ default: m.DeactivateDialog })),
);
const InviteDialog = lazy(() =>
  import('./invite-dialog').then((m) => ({ default: m.InviteDialog })),
);
const MemorialMemories = lazy(() =>
  import('./memorial-memories').then((m) => ({ default: m.MemorialMemories })),
);
const AnniversaryReminders = lazy(() =>
  import('./anniversary-reminders').then((m) => ({
    default: m.AnniversaryReminders,
  })),
);
const PhotoGallery = lazy(() =>
  import('./photo-gallery').then((m) => ({ default: m.PhotoGallery })),
);
const PhotoUpload = lazy(() => import('./photo-upload').then((m) => ({ default: m.PhotoUpload })));

/** Presigned photo links last 5 minutes: a failed image asks for fresh links, once a minute. */
function useFreshLinks(refetch: () => void): () => void {
  const last = useRef(0);
  return () => {
    if (Date.now() - last.current < 60_000) return;
    last.current = Date.now();
    refetch();
  };
}

export default function MemorialView({
  memorial,
  read,
}: {
  memorial: MemorialDetailFragment;
  read: Pick<MemorialReadHandle, 'reload' | 'update'>;
}) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  const permissions = memorial.viewerPermissions;
  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const refetch = () => void read.reload();
  const refreshLinks = useFreshLinks(refetch);
  const years = memorialYears(memorial.birthDate, memorial.deathDate);
  const ownerTools = permissions.canEdit || permissions.canDeactivate || permissions.canInvite;

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

      <MemorialSections
        memorial={memorial}
        refetch={refetch}
        refreshLinks={refreshLinks}
        setPhotoOrder={(photoIds) => read.update((shown) => withPhotoOrder(shown, photoIds))}
      />

      {ownerTools && (
        <WithApollo>
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
        </WithApollo>
      )}
    </Stack>
  );
}

function MemorialSections({
  memorial,
  refetch,
  refreshLinks,
  setPhotoOrder,
}: {
  memorial: MemorialDetailFragment;
  refetch: () => void;
  refreshLinks: () => void;
  setPhotoOrder: (photoIds: string[]) => void;
}) {
  const { MemorialPageMessages: text, RegistrationMessages: registration } = useMessages({
    MemorialPageMessages,
    RegistrationMessages,
  });
  const formatDate = useMemorialDate();
  const permissions = memorial.viewerPermissions;

  return (
    <MemorialTabs
      defaultValue="about"
      tabs={[
        {
          value: 'about',
          label: text.about,
          panel: (
            <>
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
                  <WithApollo>
                    <AnniversaryReminders memorialId={memorial.id} />
                  </WithApollo>
                </Stack>
              )}
            </>
          ),
        },
        {
          value: 'memories',
          label: text.memoriesTab(memorial.memoryCount),
          panel: (
            <>
              <WithApollo fallback={<PageLoader />}>
                <MemorialMemories memorial={memorial} onChanged={refetch} />
              </WithApollo>
            </>
          ),
        },
        {
          value: 'photos',
          label: text.photosTab(memorial.photoCount),
          panel: (
            <>
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
                    <WithApollo fallback={<PageLoader />}>
                      <PhotoGallery
                        memorial={memorial}
                        canReorder={permissions.canEdit}
                        onImageError={refreshLinks}
                        onOrder={setPhotoOrder}
                      />
                    </WithApollo>
                  </>
                )}
                {permissions.canEdit && (
                  <Card withBorder radius="md" padding="lg">
                    <WithApollo>
                      <PhotoUpload memorial={memorial} onUploaded={refetch} />
                    </WithApollo>
                  </Card>
                )}
              </Stack>
            </>
          ),
        },
        {
          value: 'timeline',
          label: text.timeline,
          panel: (
            <>
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
            </>
          ),
        },
      ]}
    />
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
