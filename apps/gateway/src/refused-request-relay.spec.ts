import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mutationOwners } from './refused-request-relay';

describe('mutationOwners', () => {
  it('names the subgraph owning each mutation of the committed supergraph', () => {
    const owners = mutationOwners(readFileSync(join(__dirname, '../supergraph.graphql'), 'utf8'));
    expect(owners.get('confirmDocumentUpload')).toEqual(['documents']);
    expect(owners.get('confirmMemorialPhotoUpload')).toEqual(['memorials']);
    expect(owners.get('signIn')).toEqual(['identity']);
    expect([...owners.values()].every((names) => names.length === 1)).toBe(true);
  });
});
