import { readFileSync } from 'node:fs';
import { create as openFont } from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt';

const ARABIC = readFileSync(
  require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff'),
);
const LATIN = readFileSync(
  require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-latin-400-normal.woff'),
);

interface Laid {
  glyphs: { id: number }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}

function laidOut(font: Buffer, text: string) {
  const run = openFont(font).layout(text) as Laid;
  return {
    glyphs: run.glyphs.map((glyph) => glyph.id),
    positions: run.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]),
  };
}

describe('woffToSfnt', () => {
  it('gives the font WOFF wraps: the same glyphs and positions, shaped and joined', () => {
    for (const [font, text] of [
      [ARABIC, 'صندوق الجنازة الإسلامي: اشتراك شهري'],
      [ARABIC, 'بِسْمِ ٱللَّٰهِ'],
      [LATIN, 'Statement 2026, $25.00'],
    ] as const) {
      const sfnt = woffToSfnt(font);
      expect(sfnt.readUInt32BE(0)).toBe(font.readUInt32BE(4));
      expect(laidOut(sfnt, text)).toEqual(laidOut(font, text));
    }
  });

  it('refuses what is not a whole WOFF font', () => {
    expect(() =>
      woffToSfnt(Buffer.from('not a font at all, but long enough to have a header')),
    ).toThrow('Not a WOFF 1.0 font');
    expect(() => woffToSfnt(ARABIC.subarray(0, 60))).toThrow('cut short');
    expect(() => woffToSfnt(ARABIC.subarray(0, ARABIC.length - 100))).toThrow('past the file');
  });
});
