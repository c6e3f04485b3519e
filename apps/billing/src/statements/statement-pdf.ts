import PDFDocument from 'pdfkit';
import { formatCents } from '@jibs/domain';

/** One line of a statement or receipt. */
export interface StatementRow {
  date: string;
  description: string;
  amount: number;
}

export interface PdfDocumentText {
  title: string;
  organisation: string;
  /** Label and value pairs under the title (member, period, payment id...). */
  facts: readonly [string, string][];
  rows: readonly StatementRow[];
  total: number;
  footer: string;
}

/**
 * Renders a receipt or statement as a PDF (pdfkit, its built-in Helvetica: no font files). Text
 * streams are left uncompressed: the files are small and their text stays searchable.
 */
export function renderPdf(text: PdfDocumentText): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress: false,
    info: { Title: text.title, Author: text.organisation, Producer: text.organisation },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
  row('Date', 'Description', 'Amount', true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  for (const item of text.rows) row(item.date, item.description, formatCents(item.amount));
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  row('', 'Total', formatCents(text.total), true);
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(9)
    .text(text.footer, left, doc.y, {
      width: right - left,
    });
  doc.end();
  return done;
}
