import { cleanText, isBlank, optionalText, requiredText } from './blank-text';

/** Characters that show nothing, each alone and as the attacker would send them. */
const INVISIBLE_CHARACTERS: [string, string][] = [
  ['U+0009 CHARACTER TABULATION', '\u0009'],
  ['U+000A LINE FEED', '\n'],
  ['U+0020 SPACE', ' '],
  ['U+0085 NEXT LINE', '\u0085'],
  ['U+00A0 NO-BREAK SPACE', '\u00A0'],
  ['U+00AD SOFT HYPHEN', '\u00AD'],
  ['U+034F COMBINING GRAPHEME JOINER', '\u034F'],
  ['U+061C ARABIC LETTER MARK', '\u061C'],
  ['U+115F HANGUL CHOSEONG FILLER', '\u115F'],
  ['U+1160 HANGUL JUNGSEONG FILLER', '\u1160'],
  ['U+1680 OGHAM SPACE MARK', '\u1680'],
  ['U+17B4 KHMER VOWEL INHERENT AQ', '\u17B4'],
  ['U+17B5 KHMER VOWEL INHERENT AA', '\u17B5'],
  ['U+180B MONGOLIAN FREE VARIATION SELECTOR ONE', '\u180B'],
  ['U+180E MONGOLIAN VOWEL SEPARATOR', '\u180E'],
  ['U+2000 EN QUAD', '\u2000'],
  ['U+200A HAIR SPACE', '\u200A'],
  ['U+200B ZERO WIDTH SPACE', '\u200B'],
  ['U+200C ZERO WIDTH NON-JOINER', '\u200C'],
  ['U+200D ZERO WIDTH JOINER', '\u200D'],
  ['U+200E LEFT-TO-RIGHT MARK', '\u200E'],
  ['U+200F RIGHT-TO-LEFT MARK', '\u200F'],
  ['U+2028 LINE SEPARATOR', '\u2028'],
  ['U+2029 PARAGRAPH SEPARATOR', '\u2029'],
  ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202A'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202E'],
  ['U+202F NARROW NO-BREAK SPACE', '\u202F'],
  ['U+205F MEDIUM MATHEMATICAL SPACE', '\u205F'],
  ['U+2060 WORD JOINER', '\u2060'],
  ['U+2061 FUNCTION APPLICATION', '\u2061'],
  ['U+2064 INVISIBLE PLUS', '\u2064'],
  ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066'],
  ['U+206F NOMINAL DIGIT SHAPES', '\u206F'],
  ['U+2800 BRAILLE PATTERN BLANK', '\u2800'],
  ['U+3000 IDEOGRAPHIC SPACE', '\u3000'],
  ['U+3164 HANGUL FILLER', '\u3164'],
  ['U+FE00 VARIATION SELECTOR-1', '\uFE00'],
  ['U+FE0F VARIATION SELECTOR-16', '\uFE0F'],
  ['U+FEFF ZERO WIDTH NO-BREAK SPACE', '\uFEFF'],
  ['U+FFA0 HALFWIDTH HANGUL FILLER', '\uFFA0'],
  ['U+1BCA0 SHORTHAND FORMAT LETTER OVERLAP', '\u{1BCA0}'],
  ['U+1D159 MUSICAL SYMBOL NULL NOTEHEAD', '\u{1D159}'],
  ['U+1D173 MUSICAL SYMBOL BEGIN BEAM', '\u{1D173}'],
  ['U+E0001 LANGUAGE TAG', '\u{E0001}'],
  ['U+E0020 TAG SPACE', '\u{E0020}'],
  ['U+E007F CANCEL TAG', '\u{E007F}'],
  ['U+E0100 VARIATION SELECTOR-17', '\u{E0100}'],
];

/** Strings an attacker would send as a name: nothing visible in any of them. */
const BLANK_STRINGS: [string, string][] = [
  ['empty', ''],
  ['two zero-width spaces', '\u200B\u200B'],
  ['a Hangul filler between spaces', ' \u3164 '],
  ['braille blanks', '\u2800\u2800\u2800'],
  ['every invisible character at once', INVISIBLE_CHARACTERS.map(([, c]) => c).join('')],
  ['a byte-order mark and a newline', '\uFEFF\n'],
  ['joiners and selectors', '\u200D\u200C\uFE0F\u034F'],
  ['bidi overrides around nothing', '\u202E\u2066\u2069\u202C'],
  ['tag characters', '\u{E0067}\u{E0062}\u{E007F}'],
];

/** Visible text: never blank, and cleaned as shown. */
const VISIBLE_STRINGS: [string, string, string][] = [
  ['a letter before a zero-width space', 'A\u200B', 'A'],
  ['a letter after invisible characters', '\u3164\u200BAmina', 'Amina'],
  ['a name between spaces', '  Aisha Rahman  ', 'Aisha Rahman'],
  ['a name between braille blanks', '\u2800Yusuf\u2800', 'Yusuf'],
  ['an Arabic name', 'عبد الله', 'عبد الله'],
  // ZWNJ inside Persian and Urdu names is part of the spelling.
  ['a Persian name with ZWNJ inside', 'محمد\u200Cرضا', 'محمد\u200Cرضا'],
  ['an Urdu name with ZWNJ inside', 'عبد\u200Cالرحمٰن', 'عبد\u200Cالرحمٰن'],
  ['a decomposed name (NFD)', 'Jose\u0301 Nun\u0303ez', 'Jos\u00E9 Nu\u00F1ez'],
  ['an emoji with its presentation selector', 'Rose \u2764\uFE0F', 'Rose \u2764\uFE0F'],
  [
    'a flag ending in tag characters',
    '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  ],
  ['a joiner after a space at the end', 'Ali \u200D', 'Ali'],
  ['a dot', '.', '.'],
  ['a combining accent alone', '\u0301', '\u0301'],
];

describe('isBlank', () => {
  it.each(INVISIBLE_CHARACTERS)('%s alone is blank', (_, character) => {
    expect(isBlank(character)).toBe(true);
    expect(isBlank(character.repeat(3))).toBe(true);
    expect(cleanText(character)).toBe('');
  });

  it.each(BLANK_STRINGS)('%s is blank', (_, text) => {
    expect(isBlank(text)).toBe(true);
    expect(cleanText(text)).toBe('');
  });

  it.each(VISIBLE_STRINGS)('%s is not blank', (_, text) => {
    expect(isBlank(text)).toBe(false);
  });

  it('takes a missing value as blank', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
  });
});

describe('cleanText', () => {
  it.each(VISIBLE_STRINGS)('%s is stored as shown', (_, text, stored) => {
    expect(cleanText(text)).toBe(stored);
    expect(cleanText(text)).toBe(cleanText(text).normalize('NFC'));
  });

  it('keeps invisible characters between visible ones', () => {
    expect(cleanText(' A\u200BB ')).toBe('A\u200BB');
  });

  it('takes linear time on a long run of invisible characters', () => {
    const text = `${'\u200B'.repeat(200_000)}x${'\u200B'.repeat(200_000)}`;
    const started = Date.now();
    expect(cleanText(text)).toBe('x');
    expect(isBlank(text)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('requiredText', () => {
  const name = requiredText('Deceased name is required').max(10, 'Too long');

  it.each([...BLANK_STRINGS, ...INVISIBLE_CHARACTERS])(
    'refuses %s with the message given',
    (_, text) => {
      const result = name.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Deceased name is required');
    },
  );

  it('refuses a missing or non-text value with the message given', () => {
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Deceased name is required');
    expect(name.safeParse(null).error?.issues[0]?.message).toBe('Deceased name is required');
    expect(name.safeParse(12).error?.issues[0]?.message).toBe('Deceased name is required');
  });

  it('stores the cleaned text and measures it after cleaning', () => {
    expect(name.parse('\u200B José\u0301 \u3164')).toBe('José\u0301'.normalize('NFC'));
    expect(name.parse(` ${'a'.repeat(10)}\u200B\u200B `)).toBe('a'.repeat(10));
    expect(name.safeParse('a'.repeat(11)).error?.issues[0]?.message).toBe('Too long');
  });
});

describe('optionalText', () => {
  const notes = optionalText(5, 'Too long');

  it.each([
    ...BLANK_STRINGS,
    ['null', null] as [string, null],
    ['absent', undefined] as [string, undefined],
  ])('%s becomes null', (_, text) => {
    expect(notes.parse(text)).toBeNull();
  });

  it('keeps visible text, cleaned, and refuses it over the limit', () => {
    expect(notes.parse('\u200B ok \u2800')).toBe('ok');
    expect(notes.safeParse('toolong').error?.issues[0]?.message).toBe('Too long');
  });
});
