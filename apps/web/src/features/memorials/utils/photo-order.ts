import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { MemorialPageMessages } from '@jibs/domain';
import type { MemorialDetailFragment } from '../../../gql/graphql';

type Texts = typeof MemorialPageMessages;

export interface OrderedPhoto {
  id: string;
  caption: string | null;
}

/** How a photo is named to a screen reader: its caption, else 'photo 2' by its place. */
export function photoName(
  photos: readonly OrderedPhoto[],
  id: string | number,
  text: Texts = MemorialPageMessages,
): string {
  const index = photos.findIndex((photo) => photo.id === id);
  const photo = photos[index];
  if (!photo) return text.thePhoto;
  return photo.caption?.trim() || text.photoInPlace(index + 1);
}

/**
 * The order after dropping `activeId` on `overId` (the dropped photo takes the place of the
 * one it is over, the others shift), or null when nothing moves.
 */
export function movedOrder(
  ids: readonly string[],
  activeId: string | number,
  overId: string | number | null | undefined,
): string[] | null {
  if (overId === null || overId === undefined || activeId === overId) return null;
  const from = ids.indexOf(String(activeId));
  const to = ids.indexOf(String(overId));
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** What a keyboard user hears before picking a photo up (dnd-kit's hidden instructions). */
export function photoDragInstructions(
  text: Texts = MemorialPageMessages,
): ScreenReaderInstructions {
  return { draggable: text.dragInstructions };
}

/**
 * dnd-kit's live announcements in the words of this page: which photo, and its place among
 * the photos (positions count from 1 in the order shown when the drag began). A drag starts
 * over its own place: that first "over" is not announced, or it would replace "Picked up"
 * before a screen reader says it (the live region holds one message).
 */
export function photoAnnouncements(
  photos: readonly OrderedPhoto[],
  text: Texts = MemorialPageMessages,
): Announcements {
  const total = photos.length;
  const place = (id: string | number) => photos.findIndex((photo) => photo.id === id) + 1;
  const name = (id: string | number) => capitalised(photoName(photos, id, text));
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return text.pickedUp(photoName(photos, active.id, text), place(active.id), total);
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      return over
        ? text.isOver(name(active.id), place(over.id), total)
        : text.notOver(name(active.id));
    },
    onDragEnd: ({ active, over }) =>
      over
        ? text.dropped(name(active.id), place(over.id), total)
        : text.droppedInPlace(name(active.id)),
    onDragCancel: ({ active }) => text.cancelled(name(active.id), place(active.id), total),
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The memorial with its photos in the order of `photoIds` (those it does not name keep their
 * place after them), each photo's `displayOrder` its new place.
 */
export function withPhotoOrder(
  memorial: MemorialDetailFragment,
  photoIds: readonly string[],
): MemorialDetailFragment {
  const place = new Map(photoIds.map((id, index) => [id, index]));
  const rank = (id: string) => place.get(id) ?? photoIds.length;
  const photos = [...memorial.photos]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((photo, displayOrder) => ({ ...photo, displayOrder }));
  return { ...memorial, photos };
}
