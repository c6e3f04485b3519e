import { refusedConfirmKeys } from './refused-confirms';

const KEY = 'incoming/user-1/1700000000000-0123456789abcdef.pdf';
const CONFIRM =
  'mutation($input: ConfirmDocumentUploadInput!) { confirmDocumentUpload(input: $input) { id } }';

describe('refusedConfirmKeys', () => {
  it('finds the key of a confirm in its variables, with the owner it is under', () => {
    const body = { query: CONFIRM, variables: { input: { key: KEY, fileName: 'a\u0000.pdf' } } };
    expect(refusedConfirmKeys(body, ['confirmDocumentUpload'])).toEqual([
      { key: KEY, ownerId: 'user-1' },
    ]);
  });

  it('finds a key written as a literal in the query', () => {
    const body = {
      query: `mutation($n: String!) { confirmDocumentUpload(input: { key: "${KEY}", fileName: $n }) { id } }`,
      variables: { n: 'a\u0000.pdf' },
    };
    expect(refusedConfirmKeys(body, ['confirmDocumentUpload'])).toEqual([
      { key: KEY, ownerId: 'user-1' },
    ]);
  });

  it('finds nothing for another operation, a key not in the upload shape, or no query', () => {
    const variables = { input: { key: KEY } };
    expect(
      refusedConfirmKeys({ query: 'mutation { signOut }', variables }, ['confirmDocumentUpload']),
    ).toEqual([]);
    expect(
      refusedConfirmKeys({ query: CONFIRM, variables }, ['confirmMemorialPhotoUpload']),
    ).toEqual([]);
    for (const key of [
      'incoming/user-1/../user-2/1700000000000-0123456789abcdef.pdf',
      'user-1/1700000000000-0123456789abcdef.pdf',
      'incoming/user-1/1700000000000-0123456789abcdef.pdf\u0000',
      'incoming/user\u0000/1700000000000-0123456789abcdef.pdf',
      42,
    ]) {
      expect(
        refusedConfirmKeys({ query: CONFIRM, variables: { input: { key } } }, [
          'confirmDocumentUpload',
        ]),
      ).toEqual([]);
    }
    expect(refusedConfirmKeys({ variables }, ['confirmDocumentUpload'])).toEqual([]);
    expect(refusedConfirmKeys(null, ['confirmDocumentUpload'])).toEqual([]);
  });

  it('keeps at most a few keys from one request', () => {
    const keys = Array.from(
      { length: 10 },
      (_, i) => `incoming/user-1/170000000000${i}-0123456789abcdef.pdf`,
    );
    const body = keys.map((key) => ({ query: CONFIRM, variables: { input: { key } } }));
    expect(refusedConfirmKeys(body, ['confirmDocumentUpload'])).toHaveLength(4);
  });
});
