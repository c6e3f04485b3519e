import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mutationFieldsOf, mutationOwners } from './refused-request-relay';

describe("the refused request relay's reading", () => {
  it('names the subgraph owning each mutation of the committed supergraph', () => {
    const owners = mutationOwners(readFileSync(join(__dirname, '../supergraph.graphql'), 'utf8'));
    expect(owners.get('confirmDocumentUpload')).toEqual(['documents']);
    expect(owners.get('confirmMemorialPhotoUpload')).toEqual(['memorials']);
    expect(owners.get('signIn')).toEqual(['identity']);
    expect([...owners.values()].every((names) => names.length === 1)).toBe(true);
  });

  it('reads the root fields of the mutation a refused body would run, bad text and all', () => {
    const confirm = `mutation Confirm { confirmDocumentUpload(input: { key: "k", fileName: "a\ud800.pdf" }) { id } }`;
    expect(mutationFieldsOf({ query: confirm })).toEqual(['confirmDocumentUpload']);
    expect(
      mutationFieldsOf({
        query: `mutation { a: signOut b: confirmDocumentUpload(input: $i) { id } }`,
      }),
    ).toEqual(['signOut', 'confirmDocumentUpload']);
    expect(
      mutationFieldsOf({ query: `query Q { me { id } } ${confirm}`, operationName: 'Confirm' }),
    ).toEqual(['confirmDocumentUpload']);
    expect(mutationFieldsOf({ query: `query Q { me { id } } ${confirm}` })).toEqual([]);
    expect(mutationFieldsOf({ query: '{ me { id } }' })).toEqual([]);
    expect(mutationFieldsOf({ query: 'mutation {' })).toEqual([]);
    expect(
      mutationFieldsOf({ query: `mutation { a ${'{ a '.repeat(5000)}${'}'.repeat(5000)} }` }),
    ).toEqual([]);
    expect(mutationFieldsOf([{ query: confirm }])).toEqual([]);
  });
});
