import { visualPieces, wrapWords, type LinePiece } from './bidi-line';

/** The line as drawn, left to right, a script piece shown in the order its letters are read. */
const drawn = (pieces: LinePiece[]) =>
  pieces.map((piece) => (piece.script ? `[${piece.text}]` : piece.text)).join('|');

describe('visualPieces', () => {
  it('leaves a left-to-right line as it is', () => {
    expect(visualPieces('Payment receipt: $25.00', 'ltr')).toEqual([
      { script: false, text: 'Payment receipt: $25.00' },
    ]);
  });

  it('puts the label at the right and the amount after it, its digits in their own order', () => {
    // An amount set apart (first-strong isolate) reads as one unit...
    expect(drawn(visualPieces('المبلغ: \u2068$25.00\u2069', 'rtl'))).toBe('$25.00 :|[المبلغ]');
    // ...where the bidi algorithm alone moves its "$" after Arabic letters (digits are Arabic
    // numbers there, and a neutral "$" takes the paragraph's direction).
    expect(drawn(visualPieces('المبلغ: $25.00', 'rtl'))).toBe('25.00$ :|[المبلغ]');
  });

  it('keeps a Latin name and an id left to right inside Arabic', () => {
    expect(drawn(visualPieces('العضو: Khadija Ahmed', 'rtl'))).toBe('Khadija Ahmed :|[العضو]');
    expect(drawn(visualPieces('معرّف الدفعة: pi_3N-123', 'rtl'))).toBe('pi_3N-123 :|[معرّف الدفعة]');
  });

  it('mirrors brackets in right-to-left text', () => {
    expect(drawn(visualPieces('حضوريًا (بشيك)', 'rtl'))).toBe('(|[بشيك]|)|[حضوريًا ]');
  });

  it('reads numbers between Arabic words from right to left, each number left to right', () => {
    expect(drawn(visualPieces('من 1 يناير 2026', 'rtl'))).toBe('2026|[ يناير ]|1|[من ]');
  });

  it('keeps an Arabic name inside a left-to-right line in its own order', () => {
    expect(drawn(visualPieces('Member: خديجة أحمد', 'ltr'))).toBe('Member: |[خديجة أحمد]');
  });

  it('draws no bidi marks and keeps an isolated currency after the amount', () => {
    const pieces = visualPieces('\u200F175.00\u00A0\u2066US$\u2069', 'rtl');
    expect(drawn(pieces)).toBe('US$\u00A0175.00');
  });
});

describe('wrapWords', () => {
  const measure = (text: string) => text.length;
  it('wraps by words in reading order', () => {
    expect(wrapWords('one two three four', 9, measure)).toEqual(['one two', 'three', 'four']);
  });
  it('gives a word wider than the line a line of its own, and an empty text one empty line', () => {
    expect(wrapWords('a extraordinarily b', 5, measure)).toEqual(['a', 'extraordinarily', 'b']);
    expect(wrapWords('', 5, measure)).toEqual(['']);
  });
});
