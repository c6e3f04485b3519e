import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixture = (name: string) =>
  readFileSync(join(__dirname, '../../../../libs/storage/src/fixtures', name));

/** Real files (the storage library's fixtures) and a renamed executable. */
export const DocumentHarnessFixtures = {
  PDF: fixture('certificate.pdf'),
  JPEG: fixture('photo.jpg'),
  PNG: fixture('photo.png'),
  // A Windows executable's header ("MZ") with some padding: what a renamed .exe looks like.
  EXE: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200)]),
};
