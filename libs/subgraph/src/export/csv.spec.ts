import { csvCell, csvRecord } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends records with CRLF', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'one\ntwo', 'cr\rlf'])).toBe(
      'plain,"a,b","say ""hi""","one\ntwo","cr\rlf"\r\n',
    );
  });

  it('keeps formula-like text as text', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes numbers, booleans, dates and empties as values', () => {
    expect(csvRecord([-2500, true, null, undefined, new Date('2026-01-02T03:04:05Z')])).toBe(
      '-2500,true,,,2026-01-02T03:04:05.000Z\r\n',
    );
  });
});
