import type { DataSource } from 'typeorm';
import type { Logger } from '@jibs/observability';
import type { PdfDocumentText } from './statement-pdf';
import { StatementsService } from './statements.service';
import type { PdfWording } from './statement-words';

describe('a PDF that cannot be laid out right to left', () => {
  it('reaches the reader in English, and the log says so', async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const service = new StatementsService({} as DataSource, logger);
    const compose = (words: PdfWording): PdfDocumentText => {
      if (words.reader.locale !== 'en') throw new Error('a glyph the font cannot lay out');
      return {
        locale: 'en',
        title: words.say.receiptTitle,
        organisation: 'JIBS',
        facts: [],
        columns: { date: 'Date', description: 'Description', amount: 'Amount', total: 'Total' },
        rows: [],
        total: '$0.00',
        footer: '',
      };
    };
    const render = (
      service as unknown as {
        render(reader: { locale: 'ar'; hijri: boolean }, c: typeof compose): Promise<Buffer>;
      }
    ).render.bind(service);

    const pdf = await render({ locale: 'ar', hijri: false }, compose);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // English's title, in pdfkit's Helvetica: no Arabic font in it.
    expect(pdf.toString('latin1')).toContain('(Payment receipt)');
    expect(pdf.toString('latin1')).not.toMatch(/Naskh/);
    expect(warnings).toHaveLength(1);
  });
});
