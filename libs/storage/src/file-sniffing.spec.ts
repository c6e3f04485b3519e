import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNIFF_BYTES, sniffFileType } from './file-sniffing';

const head = (name: string) =>
  readFileSync(join(__dirname, 'fixtures', name)).subarray(0, SNIFF_BYTES);
const bytes = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex');

describe('sniffFileType', () => {
  it('recognises real PDF, JPEG and PNG files by their first bytes', () => {
    expect(sniffFileType(head('certificate.pdf'))).toBe('pdf');
    expect(sniffFileType(head('photo.jpg'))).toBe('jpeg');
    expect(sniffFileType(head('photo.png'))).toBe('png');
  });

  it('needs the whole signature', () => {
    expect(sniffFileType(Buffer.from('%PDF-'))).toBe('pdf');
    expect(sniffFileType(Buffer.from('%PDF'))).toBeUndefined();
    expect(sniffFileType(bytes('ffd8ff'))).toBe('jpeg');
    expect(sniffFileType(bytes('ffd8'))).toBeUndefined();
    expect(sniffFileType(bytes('89504e470d0a1a0a'))).toBe('png');
    expect(sniffFileType(bytes('89504e470d0a1a'))).toBeUndefined();
    expect(sniffFileType(bytes('89504e470d0a1a0b'))).toBeUndefined();
  });

  it.each([
    ['an executable', bytes('4d5a9000')],
    ['a ZIP (docx)', bytes('504b0304')],
    ['a GIF', Buffer.from('GIF89a')],
    ['HTML', Buffer.from('<html><script>')],
    ['a PDF signature not at the start', Buffer.from(' %PDF-1.7')],
    ['nothing', new Uint8Array()],
  ])('answers undefined for %s', (_label, content) => {
    expect(sniffFileType(content)).toBeUndefined();
  });
});
