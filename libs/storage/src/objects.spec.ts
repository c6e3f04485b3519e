import { attachmentDisposition } from './objects';

describe('attachmentDisposition', () => {
  it('gives a plain name as is, twice', () => {
    expect(attachmentDisposition('certificate.pdf')).toBe(
      `attachment; filename="certificate.pdf"; filename*=UTF-8''certificate.pdf`,
    );
  });

  it('keeps the exact UTF-8 name encoded and an ASCII fallback', () => {
    expect(attachmentDisposition('شهادة وفاة.pdf')).toBe(
      `attachment; filename="_____ ____.pdf"; filename*=UTF-8''%D8%B4%D9%87%D8%A7%D8%AF%D8%A9%20%D9%88%D9%81%D8%A7%D8%A9.pdf`,
    );
  });

  it('keeps quotes, separators and line breaks out of the header', () => {
    const header = attachmentDisposition('a"b\\c/d\r\nX-Evil: 1\t(1)\'s.pdf');
    expect(header).toBe(
      `attachment; filename="a_b_c_dX-Evil: 1(1)'s.pdf"; filename*=UTF-8''a%22b_c_dX-Evil%3A%201%281%29%27s.pdf`,
    );
    expect(header).not.toMatch(/[\r\n\t]/);
  });

  it('names a file without a usable name "download"', () => {
    expect(attachmentDisposition(' \n ')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
