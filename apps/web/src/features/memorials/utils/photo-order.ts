import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

export interface OrderedPhoto {
  id: string;
  caption: string | null;
}

/** How a photo is named to a screen reader: its caption, else 'photo 2' by its place. */
export function photoName(photos: readonly OrderedPhoto[], id: string | number): string {
  const index = photos.findIndex((photo) => photo.id === id);
  const photo = photos[index];
  if (!photo) return 'the photo';
  return photo.caption?.trim() || `photo ${index + 1}`;
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
export const PHOTO_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a photo, press Space or Enter to pick it up. Use the arrow keys to move it, ' +
    'then press Space or Enter to drop it in its new place, or Escape to cancel.',
};

/**
 * dnd-kit's live announcements in the words of this page: which photo, and its place among
 * the photos (positions count from 1 in the order shown when the drag began). A drag starts
 * over its own place: that first "over" is not announced, or it would replace "Picked up"
 * before a screen reader says it (the live region holds one message).
 */
export function photoAnnouncements(photos: readonly OrderedPhoto[]): Announcements {
  const total = photos.length;
  const place = (id: string | number) => photos.findIndex((photo) => photo.id === id) + 1;
  const name = (id: string | number) => capitalised(photoName(photos, id));
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${photoName(photos, active.id)}, in position ${place(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      return over
        ? `${name(active.id)} is over position ${place(over.id)} of ${total}.`
        : `${name(active.id)} is no longer over a place in the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped in position ${place(over.id)} of ${total}.`
        : `${name(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${name(active.id)} is back in position ${place(active.id)} of ${total}.`,
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
