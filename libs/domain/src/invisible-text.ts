/**
 * Characters that show nothing: Unicode's White_Space, Default_Ignorable_Code_Point and format
 * (Cf) characters, control characters, and the few that render blank without being in those
 * classes (U+2800 BRAILLE PATTERN BLANK, U+1D159 MUSICAL SYMBOL NULL NOTEHEAD, U+16FE4 KHITAN
 * SMALL SCRIPT FILLER). Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), soft hyphen, variation
 * selectors and tag characters are default-ignorable, so they are in already.
 */
const INVISIBLE = String.raw`\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800\u{1D159}\u{16FE4}`;

/**
 * Invisible characters that belong to the visible character before them: joiners, variation
 * selectors (an emoji's presentation), the combining grapheme joiner and tag characters (a
 * subdivision flag ends with them). Kept after a visible character, dropped anywhere else.
 */
const ATTACHED = String.raw`\u034F\u180B-\u180D\u180F\u200C\u200D\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{E0100}-\u{E01EF}`;

/* eslint-disable no-misleading-character-class -- these classes list joiners and combining
   characters one by one on purpose: each is matched on its own, never as part of a sequence. */
const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE}]*$`, 'u');
const INVISIBLE_CHARACTER = new RegExp(`^[${INVISIBLE}]$`, 'u');
const ATTACHED_CHARACTER = new RegExp(`^[${ATTACHED}]$`, 'u');
/* eslint-enable no-misleading-character-class */

/** True when the text shows nothing: empty, or only spaces and invisible characters. */
export function isBlank(text: string | null | undefined): boolean {
  return text == null || ONLY_INVISIBLE.test(text);
}

/**
 * Text as it is stored: NFC, without the invisible characters at either end (those attached to
 * the last visible character stay). Invisible-only text becomes ''. Characters inside are kept:
 * a zero-width non-joiner inside a Persian or Urdu name is part of its spelling.
 */
export function cleanText(text: string): string {
  const characters = Array.from(text.normalize('NFC'));
  const first = characters.findIndex((character) => !INVISIBLE_CHARACTER.test(character));
  if (first === -1) return '';
  let last = characters.length - 1;
  while (INVISIBLE_CHARACTER.test(characters[last]!)) last--;
  let end = last + 1;
  while (end < characters.length && ATTACHED_CHARACTER.test(characters[end]!)) end++;
  return characters.slice(first, end).join('');
}
