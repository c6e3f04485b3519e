import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The deployment files this project commits (and what a leak would most likely hide in). */
function deploymentFiles(): string[] {
  const files: string[] = ['docker-compose.yml', '.dockerignore', 'docs/deploy.md'].map((f) =>
    join(ROOT, f),
  );
  for (const service of readdirSync(join(ROOT, 'apps'))) {
    const dockerfile = join(ROOT, 'apps', service, 'Dockerfile');
    if (statSync(join(ROOT, 'apps', service)).isDirectory() && exists(dockerfile))
      files.push(dockerfile);
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // tools/deploy/secrets is git-ignored: that is where the local key lives.
      if (entry.isDirectory() && !['secrets', 'schemas', 'node_modules'].includes(entry.name))
        walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk(join(ROOT, 'k8s'));
  walk(join(ROOT, 'tools/deploy'));
  return files;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

// Built from parts so that this file does not match itself.
const PRIVATE_KEY = new RegExp('-----BEGIN [A-Z ]*' + 'PRIVATE KEY-----');
const AWS_ACCESS_KEY = new RegExp('\\b(AKIA|ASIA)' + '[0-9A-Z]{16}\\b');
/** A URL with a password written out in it (rather than ${VAR}, <placeholder> or $(cmd)). */
const URL_CREDENTIAL = /[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:([^\s@/'"]+)@/gi;

describe('committed deployment files', () => {
  const files = deploymentFiles();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s holds no secret value',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(PRIVATE_KEY);
      expect(text).not.toMatch(AWS_ACCESS_KEY);
      for (const match of text.matchAll(URL_CREDENTIAL)) {
        expect(match[1]).toMatch(/^(\$\{|\$\(|\$[A-Z_]|<|\*+$)/);
      }
    },
  );
});
