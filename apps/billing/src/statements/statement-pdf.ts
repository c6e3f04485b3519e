import { readFileSync } from 'node:fs';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { directionOf, type Locale } from '@jibs/i18n';
import { visualPieces, wrapWords } from './bidi-line';
import { woffToSfnt } from './woff-to-sfnt';

/** One line of a statement or receipt, its date and amount already in the reader's words. */
export interface StatementRow {
  date: string;
  description: string;
  amount: string;
}

export interface PdfDocumentText {
  locale: Locale;
  title: string;
  organisation: string;
  /** Label and value pairs under the title (member, period, payment id...). */
  facts: readonly [string, string][];
  /** The table's headings. */
  columns: { date: string; description: string; amount: string; total: string };
  rows: readonly StatementRow[];
  total: string;
  footer: string;
}

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Renders a receipt or statement as a PDF. English in pdfkit's built-in Helvetica (no font
 * files); Arabic and Urdu right to left in Noto Naskh Arabic (below). Text streams are left
 * uncompressed: the files are small and their text stays searchable.
 */
export function renderPdf(text: PdfDocumentText): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress: false,
    lang: text.locale,
    info: { Title: text.title, Author: text.organisation, Producer: text.organisation },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (directionOf(text.locale) === 'rtl') drawRightToLeft(doc, text);
  else drawLeftToRight(doc, text);
  doc.end();
  return done;
}

function drawLeftToRight(doc: Doc, text: PdfDocumentText): void {
  doc.font('Helvetica-Bold').fontSize(18).text(text.organisation);
  doc.moveDown(0.3).fontSize(14).text(text.title);
  doc.moveDown().font('Helvetica').fontSize(10);
  for (const [label, value] of text.facts) doc.text(`${label}: ${value}`);
  doc.moveDown();
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const row = (date: string, description: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(date, left, y, { width: 90 });
    doc.text(description, left + 95, y, { width: right - left - 195 });
    const end = doc.y;
    doc.text(amount, right - 95, y, { width: 95, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  const { columns } = text;
  row(columns.date, columns.description, columns.amount, true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  for (const item of text.rows) row(item.date, item.description, item.amount);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  row('', columns.total, text.total, true);
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(9)
    .text(text.footer, left, doc.y, {
      width: right - left,
    });
}

/**
 * The faces of a right-to-left PDF, from node_modules (@fontsource, dependencies of the service
 * image): Arabic letters in Noto Naskh Arabic's Arabic subset, digits, Latin names and
 * punctuation in its Latin subset. WOFF (zlib), which fontkit opens without a Brotli decoder;
 * inflated to plain OpenType once as a face is first opened (woff-to-sfnt.ts).
 * Urdu is in Naskh too: fontkit fails on about one Urdu word in ten in Noto Nastaliq Urdu (a
 * GPOS anchor it cannot read: 101 of the 1,130 words of the Urdu catalogue) and shapes it four
 * times slower (README, decisions).
 */
const FONT_FILES = {
  script: () =>
    require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff'),
  scriptBold: () =>
    require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff'),
  latin: () =>
    require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-latin-400-normal.woff'),
  latinBold: () =>
    require.resolve('@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-latin-700-normal.woff'),
} as const;

type Face = keyof typeof FONT_FILES;
const fonts = new Map<Face, Font>();

/**
 * A face, opened once (the first PDF that needs it) and shared by every PDF after it: fontkit
 * keeps what it has read of the font's tables and glyphs, so later PDFs do not parse it again.
 * It is opened from the font's tables inflated (woffToSfnt): fontkit inflates a WOFF's table on
 * every read of it.
 */
function fontOf(name: Face): Font {
  let font = fonts.get(name);
  if (!font) {
    font = openFont(woffToSfnt(readFileSync(FONT_FILES[name]())));
    fonts.set(name, font);
  }
  return font;
}

/** Lines drawn right to left: each in visual order (bidi-line), each piece in its face. */
class RightToLeftWriter {
  /** Widths by face, size and text: shaping is the costly part of a page. */
  private readonly widths = new Map<string, number>();

  constructor(private readonly doc: Doc) {
    for (const face of Object.keys(FONT_FILES) as Face[]) {
      // pdfkit takes an opened fontkit font as well as a file (its types know only files).
      doc.registerFont(face, fontOf(face) as unknown as Buffer);
    }
  }

  private pieceWidth(text: string, face: Face, size: number): number {
    const key = `${face}|${size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(face).fontSize(size).widthOfString(text, { features: [] });
      this.widths.set(key, width);
    }
    return width;
  }

  private faceOf(script: boolean, bold: boolean): Face {
    if (script) return bold ? 'scriptBold' : 'script';
    return bold ? 'latinBold' : 'latin';
  }

  /** A line's width (the same in any order). */
  width(line: string, size: number, bold = false): number {
    return visualPieces(line, 'rtl').reduce(
      (sum, piece) => sum + this.pieceWidth(piece.text, this.faceOf(piece.script, bold), size),
      0,
    );
  }

  /** The height of a line of this size: the faces' tallest letters and deepest descenders. */
  lineHeight(size: number): number {
    return this.ascent(size) + this.descent(size);
  }

  private ascent(size: number): number {
    return Math.max(
      ...(['script', 'latin'] as const).map((face) => this.metric(face, 'ascender', size)),
    );
  }

  private descent(size: number): number {
    return Math.max(
      ...(['script', 'latin'] as const).map((face) => -this.metric(face, 'descender', size)),
    );
  }

  private metric(face: Face, which: 'ascender' | 'descender', size: number): number {
    this.doc.font(face).fontSize(size);
    // pdfkit's font object: its metrics per 1000 units of the size.
    const font = (this.doc as unknown as { _font: Record<typeof which, number> })._font;
    return (font[which] / 1000) * size;
  }

  /** A text's width on one line as `wrap` measures it (its words and spaces). */
  unwrappedWidth(text: string, size: number, bold = false): number {
    const words = text.split(/\s+/).filter(Boolean);
    const space = this.width(' ', size, bold);
    return (
      words.reduce((sum, word) => sum + this.width(word, size, bold), 0) +
      space * Math.max(0, words.length - 1)
    );
  }

  /** Wraps a text to `width`, by words in reading order. */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    return wrapWords(text, width, (word) => this.width(word, size, bold));
  }

  /**
   * Draws one line at `top`, ending at `right` (right-aligned) or starting at `left`. Features are passed so that pdfkit shapes each piece whole (fontkit then lays a
   * right-to-left piece out right to left), not word by word left to right.
   */
  line(
    line: string,
    top: number,
    size: number,
    at: { right: number } | { left: number },
    bold = false,
  ): void {
    const pieces = visualPieces(line, 'rtl');
    let x = 'left' in at ? at.left : at.right - this.width(line, size, bold);
    const baseline = top + this.ascent(size);
    for (const piece of pieces) {
      const face = this.faceOf(piece.script, bold);
      const width = this.pieceWidth(piece.text, face, size);
      this.doc.font(face).fontSize(size).text(piece.text, x, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        features: [],
      });
      x += width;
    }
  }
}

/** A value set apart from the words around it (first strong isolate): an amount, a name, an id. */
const isolate = (value: string) => `\u2068${value}\u2069`;

function drawRightToLeft(doc: Doc, text: PdfDocumentText): void {
  const writer = new RightToLeftWriter(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = doc.page.margins.top;
  const lines = (content: string, size: number, bold = false) => {
    for (const line of writer.wrap(content, right - left, size, bold)) {
      writer.line(line, y, size, { right }, bold);
      y += writer.lineHeight(size);
    }
  };
  lines(isolate(text.organisation), 18, true);
  y += 2;
  lines(text.title, 14, true);
  y += 10;
  for (const [label, value] of text.facts) lines(`${label}: ${isolate(value)}`, 11);
  y += 12;

  // The table mirrors: the date at the right, the amount at the left.
  const size = 10.5;
  // As wide as the widest date (both calendars need more), at most two fifths of the line.
  const dateWidth = Math.min(
    ((right - left) * 2) / 5,
    Math.max(90, ...text.rows.map((item) => writer.unwrappedWidth(item.date, size) + 1)),
  );
  const amountWidth = 95;
  const gap = 8;
  const descriptionRight = right - dateWidth - gap;
  const descriptionWidth = descriptionRight - (left + amountWidth + gap);
  const rule = () => {
    doc.moveTo(left, y).lineTo(right, y).stroke();
    y += 4;
  };
  const row = (date: string, description: string, amount: string, bold = false) => {
    const dates = date ? writer.wrap(date, dateWidth, size, bold) : [];
    const descriptions = writer.wrap(description, descriptionWidth, size, bold);
    const height = Math.max(dates.length, descriptions.length, 1) * writer.lineHeight(size);
    if (y + height > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    dates.forEach((line, index) =>
      writer.line(line, y + index * writer.lineHeight(size), size, { right }, bold),
    );
    descriptions.forEach((line, index) =>
      writer.line(
        line,
        y + index * writer.lineHeight(size),
        size,
        { right: descriptionRight },
        bold,
      ),
    );
    writer.line(isolate(amount), y, size, { left }, bold);
    y += height + 2;
  };
  const { columns } = text;
  row(columns.date, columns.description, columns.amount, true);
  rule();
  for (const item of text.rows) row(item.date, item.description, item.amount);
  rule();
  row('', columns.total, text.total, true);
  y += 24;
  if (y + 3 * writer.lineHeight(10) > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  lines(text.footer, 10);
}
