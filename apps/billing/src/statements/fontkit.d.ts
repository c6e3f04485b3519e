// fontkit (pdfkit's font engine) ships no types: the one call billing makes. A font it opens is
// what pdfkit's registerFont takes as well as a file (anything with `layout`).
declare module 'fontkit' {
  export interface Font {
    layout(text: string, features?: string[] | Record<string, boolean>): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
