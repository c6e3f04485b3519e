// bidi-js ships no types: the part of its API billing's PDFs use (README of lojjic/bidi-js).
declare module 'bidi-js' {
  interface EmbeddingLevels {
    /** One level per UTF-16 code unit: odd is right to left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  interface Bidi {
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl'): EmbeddingLevels;
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}
