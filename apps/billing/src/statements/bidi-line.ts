import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';

/**
 * A piece of a line as it is drawn, pieces left to right. A script piece (Arabic letters) is
 * given in reading order and drawn with the script's font, which shapes it and lays it out right
 * to left (fontkit); any other piece (digits, Latin names, punctuation) is already in the order
 * it is drawn, left to right.
 */
export interface LinePiece {
  text: string;
  script: boolean;
}

const bidi = bidiFactory();

/** The Arabic script's blocks (Arabic, Supplement, Extended-A, Presentation Forms A and B). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Marks and isolates that steer the bidi algorithm and draw nothing. */
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/;

export const isArabicScript = (char: string): boolean => ARABIC.test(char);

interface Run {
  level: number;
  text: string;
}

/**
 * One line in visual order (the Unicode bidi algorithm, bidi-js): runs of one embedding level,
 * the runs reordered (rule L2), a right-to-left run's pieces reversed and its brackets mirrored.
 * Latin words, ids, digits and amounts inside right-to-left text keep their own order.
 */
export function visualPieces(
  line: string,
  base: Direction,
  isScript: (char: string) => boolean = isArabicScript,
): LinePiece[] {
  const { levels } = bidi.getEmbeddingLevels(line, base);
  const runs: Run[] = [];
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (CONTROLS.test(char)) continue;
    const level = levels[i]!;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.text += char;
    else runs.push({ level, text: char });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at
  // that level or higher.
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(
    ...runs.map((run) => (run.level % 2 ? run.level : run.level + 1)),
    highest + 1,
  );
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  const pieces: LinePiece[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    const segments = scriptSegments(run.text, isScript);
    for (const segment of rtl ? segments.reverse() : segments) {
      pieces.push(
        rtl && !segment.script
          ? { script: false, text: mirrored([...segment.text].reverse()).join('') }
          : segment,
      );
    }
  }
  // Neighbouring pieces of the same kind are one drawing (a script piece only when it is one
  // run: two right-to-left runs side by side are already in visual order).
  return pieces.reduce<LinePiece[]>((joined, piece) => {
    const last = joined[joined.length - 1];
    if (last && !last.script && !piece.script) last.text += piece.text;
    else joined.push({ ...piece });
    return joined;
  }, []);
}

/** A run cut where the font changes: script letters, everything else; spaces go with either. */
function scriptSegments(text: string, isScript: (char: string) => boolean): LinePiece[] {
  const segments: LinePiece[] = [];
  let pendingSpaces = '';
  for (const char of text) {
    if (char === ' ') {
      if (segments.length) segments[segments.length - 1]!.text += char;
      else pendingSpaces += char;
      continue;
    }
    const script = isScript(char);
    const last = segments[segments.length - 1];
    if (last && last.script === script) last.text += char;
    else segments.push({ script, text: pendingSpaces + char });
    pendingSpaces = '';
  }
  if (pendingSpaces) segments.push({ script: false, text: pendingSpaces });
  return segments;
}

function mirrored(chars: string[]): string[] {
  return chars.map((char) => bidi.getMirroredCharacter(char) ?? char);
}

/**
 * Words of a line in reading order, wrapped to `width` before they are reordered: each wrapped
 * line is laid out on its own. `measure` is asked for single words and the space only (letters
 * do not join across a space, so a line is as wide as its words and spaces), so that each word
 * is shaped once. A word wider than the line has a line of its own.
 */
export function wrapWords(
  text: string,
  width: number,
  measure: (word: string) => number,
): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = measure(word);
    if (line.length && lineWidth + space + wordWidth > width) {
      lines.push(line.join(' '));
      line = [];
      lineWidth = 0;
    }
    lineWidth += (line.length ? space : 0) + wordWidth;
    line.push(word);
  }
  if (line.length || !lines.length) lines.push(line.join(' '));
  return lines;
}
