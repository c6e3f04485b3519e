/**
 * Names that look empty, as an attacker would send them: each made only of spaces and
 * characters that render nothing. Every required text field must refuse each one with its own
 * "is required" message and store nothing. The helper's own table test (libs/domain
 * blank-text.spec.ts) covers every character class; these are the ones seen in the wild.
 */
export const INVISIBLE_NAMES: readonly (readonly [label: string, text: string])[] = [
  ['zero-width spaces (U+200B)', '\u200B\u200B'],
  ['braille pattern blanks (U+2800)', '\u2800\u2800\u2800'],
  ['a Hangul filler between spaces (U+3164)', ' \u3164 '],
  ['Hangul choseong and jungseong fillers (U+115F, U+1160)', '\u115F\u1160'],
  ['a halfwidth Hangul filler (U+FFA0)', '\uFFA0'],
  ['a byte-order mark and a word joiner (U+FEFF, U+2060)', '\uFEFF\u2060'],
  ['line and paragraph separators (U+2028, U+2029)', '\u2028\u2029'],
  ['a Mongolian vowel separator and a soft hyphen (U+180E, U+00AD)', '\u180E\u00AD'],
  ['joiners and a variation selector (U+200C, U+200D, U+FE0F)', '\u200C\u200D\uFE0F'],
  ['right-to-left override and marks (U+202E, U+200F)', '\u202E\u200F\u200E'],
  ['tag characters (U+E0020, U+E007F)', '\u{E0020}\u{E007F}'],
  ['an ideographic space and a no-break space (U+3000, U+00A0)', '\u3000\u00A0'],
];
