import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { catalogMessagesWrittenIn, PaymentMessages } from '@jibs/domain';

/** The client's own sources (tests and generated documents aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the web client's messages", () => {
  const files = sources(__dirname);

  it('names the catalogue (libs/domain) for every message it shows, never a copy', () => {
    const copies = files.flatMap((file) =>
      catalogMessagesWrittenIn(readFileSync(file, 'utf8')).map(
        (text) => `${relative(__dirname, file)}: '${text}'`,
      ),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(copies).toEqual([]);
  });

  it('finds a copy', () => {
    const copy = `notifications.show({ title: '${PaymentMessages.paymentErrorTitle}' });`;
    expect(catalogMessagesWrittenIn(copy)).toEqual([PaymentMessages.paymentErrorTitle]);
    expect(catalogMessagesWrittenIn(`<Text>${PaymentMessages.noPaymentHistory}</Text>`)).toEqual([
      PaymentMessages.noPaymentHistory,
    ]);
    expect(catalogMessagesWrittenIn(`// '${PaymentMessages.paymentErrorTitle}'`)).toEqual([]);
  });
});
