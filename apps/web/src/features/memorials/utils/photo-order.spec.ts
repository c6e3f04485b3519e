import type { Active, Over } from '@dnd-kit/core';
import { movedOrder, photoAnnouncements, photoName } from './photo-order';

const PHOTOS = [
  { id: 'a', caption: 'In the garden' },
  { id: 'b', caption: null },
  { id: 'c', caption: '  ' },
];

const active = (id: string) => ({ id }) as unknown as Active;
const over = (id: string) => ({ id }) as unknown as Over;

describe('photo order', () => {
  it('moves the dropped photo into the place of the one it is over, the others shifting', () => {
    expect(movedOrder(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(movedOrder(['a', 'b', 'c'], 'b', 'c')).toEqual(['a', 'c', 'b']);
  });

  it('moves nothing when dropped on itself, outside the list or on an unknown id', () => {
    expect(movedOrder(['a', 'b'], 'a', 'a')).toBeNull();
    expect(movedOrder(['a', 'b'], 'a', null)).toBeNull();
    expect(movedOrder(['a', 'b'], 'a', undefined)).toBeNull();
    expect(movedOrder(['a', 'b'], 'a', 'z')).toBeNull();
  });

  it('names a photo by its caption, else by its place', () => {
    expect(photoName(PHOTOS, 'a')).toBe('In the garden');
    expect(photoName(PHOTOS, 'b')).toBe('photo 2');
    expect(photoName(PHOTOS, 'c')).toBe('photo 3');
    expect(photoName(PHOTOS, 'z')).toBe('the photo');
  });

  it('announces each step with the photo and its place', () => {
    const say = photoAnnouncements(PHOTOS);
    expect(say.onDragStart({ active: active('b') })).toBe('Picked up photo 2, in position 2 of 3.');
    // The drag starts over its own place: not announced, so "Picked up" is heard.
    expect(say.onDragOver({ active: active('b'), over: over('b') })).toBeUndefined();
    expect(say.onDragOver({ active: active('b'), over: over('a') })).toBe(
      'Photo 2 is over position 1 of 3.',
    );
    expect(say.onDragOver({ active: active('b'), over: null })).toBe(
      'Photo 2 is no longer over a place in the list.',
    );
    // Back over its own place, once it has moved: announced.
    expect(say.onDragOver({ active: active('b'), over: over('b') })).toBe(
      'Photo 2 is over position 2 of 3.',
    );
    expect(say.onDragEnd({ active: active('a'), over: over('c') })).toBe(
      'In the garden was dropped in position 3 of 3.',
    );
    expect(say.onDragEnd({ active: active('a'), over: null })).toBe(
      'In the garden was dropped where it was.',
    );
    expect(say.onDragCancel({ active: active('a'), over: null })).toBe(
      'Moving was cancelled. In the garden is back in position 1 of 3.',
    );
    // A new drag starts afresh.
    say.onDragStart({ active: active('c') });
    expect(say.onDragOver({ active: active('c'), over: over('c') })).toBeUndefined();
  });
});
