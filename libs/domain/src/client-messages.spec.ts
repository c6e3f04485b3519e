import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PaymentMessages } from './payment-messages';
import { catalogMessagesWrittenIn } from './spec-wording';

/**
 * The browser clients show the spec's messages by naming this catalogue, never by writing a
 * copy (a copy would drift from the spec without failing `spec-messages.spec.ts`). Reads their
 * sources as text, as a lint rule would; tests and generated documents aside.
 */
const repository = resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the clients name the catalogue for every message they show', () => {
  it.each([
    ['the member client', 'apps/web/src', 50],
    ['the admin console', 'apps/admin/src', 30],
  ])('%s writes no copy', (_client, folder, atLeast) => {
    const files = sources(join(repository, folder));
    const copies = files.flatMap((file) =>
      catalogMessagesWrittenIn(readFileSync(file, 'utf8')).map(
        (text) => `${relative(repository, file)}: '${text}'`,
      ),
    );
    expect(files.length).toBeGreaterThan(atLeast);
    expect(copies).toEqual([]);
  });

  it('finds a copy, in code or in JSX text, and not in a comment', () => {
    const copy = `notifications.show({ title: '${PaymentMessages.paymentErrorTitle}' });`;
    expect(catalogMessagesWrittenIn(copy)).toEqual([PaymentMessages.paymentErrorTitle]);
    expect(catalogMessagesWrittenIn(`<Text>${PaymentMessages.noPaymentHistory}</Text>`)).toEqual([
      PaymentMessages.noPaymentHistory,
    ]);
    expect(catalogMessagesWrittenIn(`// '${PaymentMessages.paymentErrorTitle}'`)).toEqual([]);
  });
});
