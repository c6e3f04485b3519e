import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, type ReactNode } from 'react';
import { MemorialMessages, MemorialPageMessages } from '@jibs/domain';
import { toApiError, useMessages } from '@jibs/web-data';
import { ReorderMemorialPhotosDocument, type MemorialDetailFragment } from '../../../gql/graphql';
import { OutlineSvg } from '@jibs/web-ui';
import { memorialFailureMessage } from '../utils/memorial-format';
import {
  movedOrder,
  photoAnnouncements,
  photoDragInstructions,
  photoName,
} from '../utils/photo-order';
import { useMutation } from '@apollo/client/react';

type Photo = MemorialDetailFragment['photos'][number];

/**
 * The memorial's photos in display order. Editors reorder them by dragging a photo's handle
 * (mouse or touch) or from the keyboard (Space to pick up, arrows, Space to drop), with
 * dnd-kit's spoken announcements. The new order shows at once (`onOrder`, which the page
 * applies to what it shows) and goes back, with a toast, if the service refuses it.
 */
export function PhotoGallery({
  memorial,
  canReorder,
  onImageError,
  onOrder,
}: {
  memorial: Pick<MemorialDetailFragment, 'id' | 'fullName' | 'photos' | 'profilePhotoId'>;
  canReorder: boolean;
  onImageError: () => void;
  /** The photos' ids in the order to show. */
  onOrder: (photoIds: string[]) => void;
}) {
  const { MemorialPageMessages: text, MemorialMessages: memorialMessages } = useMessages({
    MemorialPageMessages,
    MemorialMessages,
  });
  const [reorder] = useMutation(ReorderMemorialPhotosDocument);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle is only a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const photos = memorial.photos;
  const ids = photos.map((photo) => photo.id);
  // Kept across renders during a drag: the announcements remember whether the photo moved.
  const announcements = useMemo(() => photoAnnouncements(photos, text), [photos, text]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedOrder(ids, active.id, over?.id);
    if (!next) return;
    // Shown at once; put back if the service refuses it.
    onOrder(next);
    reorder({ variables: { memorialId: memorial.id, photoIds: next } }).catch((error: unknown) => {
      onOrder(ids);
      notifications.show({
        color: 'red',
        title: text.photosNotReorderedTitle,
        message: memorialFailureMessage(toApiError(error), memorialMessages.photosNotReordered),
      });
    });
  };

  const grid = (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={text.photos}
    >
      {photos.map((photo, index) => (
        <PhotoCard
          key={photo.id}
          photo={photo}
          index={index}
          name={photoName(photos, photo.id, text)}
          fullName={memorial.fullName}
          isProfile={photo.id === memorial.profilePhotoId}
          sortable={canReorder && photos.length > 1}
          onImageError={onImageError}
        />
      ))}
    </SimpleGrid>
  );

  if (!canReorder || photos.length < 2) return grid;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: photoDragInstructions(text),
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {grid}
      </SortableContext>
    </DndContext>
  );
}

function PhotoCard({
  photo,
  index,
  name,
  fullName,
  isProfile,
  sortable,
  onImageError,
}: {
  photo: Photo;
  index: number;
  name: string;
  fullName: string;
  isProfile: boolean;
  sortable: boolean;
  onImageError: () => void;
}) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  const content = (
    <Stack gap={6}>
      <Image
        src={photo.url}
        alt={photo.caption || text.photoNumber(index + 1, fullName)}
        radius="sm"
        h={200}
        fit="cover"
        draggable={false}
        onError={onImageError}
      />
      {photo.caption && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {photo.caption}
        </Text>
      )}
      {isProfile && (
        <Badge variant="light" color="jibs">
          {text.profilePhoto}
        </Badge>
      )}
    </Stack>
  );
  if (!sortable) {
    return (
      <Card component="li" withBorder radius="md" padding="sm">
        {content}
      </Card>
    );
  }
  return <SortablePhotoCard id={photo.id} name={name} content={content} />;
}

function SortablePhotoCard({
  id,
  name,
  content,
}: {
  id: string;
  name: string;
  content: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  return (
    <Card
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="sm"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-lg)' : undefined,
      }}
    >
      {/* The handle sits on the photo's corner, above it in the stacking order. */}
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="default"
        size="lg"
        aria-label={text.move(name)}
        {...attributes}
        {...listeners}
        // Touch: the handle drags; the rest of the card still scrolls the page.
        style={{
          position: 'absolute',
          top: 'calc(var(--mantine-spacing-sm) + 6px)',
          insetInlineEnd: 'calc(var(--mantine-spacing-sm) + 6px)',
          zIndex: 1,
          touchAction: 'none',
          cursor: isDragging ? 'grabbing' : 'grab',
        }}
      >
        <GripIcon />
      </ActionIcon>
      {content}
    </Card>
  );
}

function GripIcon() {
  return (
    <OutlineSvg size={18}>
      <circle cx="9" cy="6" r="1" />
      <circle cx="15" cy="6" r="1" />
      <circle cx="9" cy="12" r="1" />
      <circle cx="15" cy="12" r="1" />
      <circle cx="9" cy="18" r="1" />
      <circle cx="15" cy="18" r="1" />
    </OutlineSvg>
  );
}
