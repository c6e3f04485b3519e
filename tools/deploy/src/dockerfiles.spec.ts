import { execFileSync, execSync } from 'node:child_process';
import {
  accessSync,
  constants,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { instructions, parseDockerfile, type Stage } from './dockerfile';
import { SECRET_VARIABLES, SERVICE_NAMES } from './service-env';

const ROOT = join(__dirname, '..', '..', '..');
const ENTRYPOINT = join(ROOT, 'tools/deploy/docker/entrypoint.sh');

const DOCKERFILE = join(ROOT, 'tools/deploy/docker/Dockerfile');

describe('tools/deploy/docker/Dockerfile (one image definition, the service a build argument)', () => {
  const dockerfile = parseDockerfile(readFileSync(DOCKERFILE, 'utf8'));
  const stage = (name: string): Stage => {
    const found = dockerfile.stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  };
  const service = stage('service');
  const gateway = stage('gateway');
  /** A RUN instruction as the shell runs it: BuildKit's --mount flags removed. */
  const command = (run: string) => run.replace(/--mount=\S+\s+/g, '').trim();

  it('builds on node:24-bookworm-slim, and builds a subgraph by default', () => {
    expect(dockerfile.stages.map((s) => s.from)).toEqual([
      'node:24-bookworm-slim',
      'node:24-bookworm-slim',
      'node:24-bookworm-slim',
      'service',
      'service',
    ]);
    expect(dockerfile.stages[dockerfile.stages.length - 1]?.name).toBe('subgraph');
  });

  it('builds the workspace in a build stage and ships production dependencies only', () => {
    expect(instructions(stage('build'), 'RUN').join('\n')).toMatch(/nx run-many -t build/);
    const copies = instructions(service, 'COPY');
    expect(copies).toContain('--from=prod-deps /app/node_modules ./node_modules');
    expect(copies.filter((copy) => copy.includes('node_modules'))).toHaveLength(1);
    expect(copies).toContain(
      '--from=build /app/dist/server/apps/${SERVICE} ./dist/server/apps/${SERVICE}',
    );
  });

  // What the image really runs, against the committed lock file: `npm ci` installs exactly the
  // lock, and refuses one out of step with package.json.
  it.each(['build', 'prod-deps'])(
    "the %s stage's install command installs from the committed lock file",
    (name) => {
      const [install] = instructions(stage(name), 'RUN').map(command);
      expect(install).toMatch(/^npm ci\b/);
      const dir = mkdtempSync(join(tmpdir(), 'image-install-'));
      try {
        copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
        copyFileSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
        // The stage copies the workspace manifests before installing, as here.
        for (const copy of instructions(stage(name), 'COPY')) {
          const [source] = copy.split(/\s+/);
          if (!source?.endsWith('/package.json') || source.startsWith('--')) continue;
          mkdirSync(join(dir, dirname(source)), { recursive: true });
          copyFileSync(join(ROOT, source), join(dir, source));
        }
        const output = execSync(`${install} --dry-run --ignore-scripts`, {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        expect(output).toMatch(/added \d+ packages/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('runs the service as a non-root numeric user with NODE_ENV=production', () => {
    const users = instructions(service, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(instructions(service, 'ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('exposes the PORT argument, checks /health/live and starts the SERVICE entry point', () => {
    expect(instructions(service, 'ARG')).toEqual(['SERVICE', 'PORT']);
    expect(instructions(service, 'EXPOSE')).toEqual(['${PORT}']);
    const env = instructions(service, 'ENV').join(' ');
    expect(env).toMatch(/\bPORT=\$\{PORT\}/);
    expect(env).toMatch(/\bJIBS_SERVICE=\$\{SERVICE\}/);
    expect(instructions(service, 'HEALTHCHECK')[0]).toMatch(/\/health\/live/);
    expect(instructions(service, 'CMD')).toEqual([
      '["sh", "-c", "exec node --disable-warning=TimeoutNegativeWarning dist/server/apps/$JIBS_SERVICE/src/main.js"]',
    ]);
  });

  it('starts what the build wrote for every service (the entry point the CMD names exists)', () => {
    for (const name of SERVICE_NAMES) {
      expect(() =>
        accessSync(join(ROOT, 'apps', name, 'src', 'main.ts'), constants.R_OK),
      ).not.toThrow();
    }
  });

  it('the gateway target carries the built clients and the supergraph', () => {
    expect(instructions(gateway, 'COPY')).toEqual([
      '--from=build /app/dist/apps ./dist/apps',
      '--from=build /app/apps/gateway/supergraph.graphql ./apps/gateway/supergraph.graphql',
    ]);
    expect(instructions(gateway, 'ENV').join(' ')).toMatch(/WEB_DIST_DIR=\/app\/dist\/apps\/web/);
  });

  it('bakes no secret into the image', () => {
    for (const s of dockerfile.stages) {
      for (const line of [...instructions(s, 'ENV'), ...instructions(s, 'ARG')]) {
        for (const secret of SECRET_VARIABLES)
          expect(line).not.toMatch(new RegExp(`\\b${secret}\\b`));
      }
      for (const copy of instructions(s, 'COPY')) expect(copy).not.toMatch(/\.env|\.pem|secrets/);
    }
  });

  it('is the only Dockerfile: no service keeps its own copy', () => {
    for (const name of SERVICE_NAMES) {
      expect(() => accessSync(join(ROOT, 'apps', name, 'Dockerfile'))).toThrow();
    }
  });
});

describe('.dockerignore', () => {
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps dependencies, build output, git and local secrets out of the build context', () => {
    for (const pattern of ['**/node_modules', 'dist', '.git', '.env', '.env.*', '.data']) {
      expect(patterns).toContain(pattern);
    }
  });

  it('keeps the entry point the images copy', () => {
    expect(patterns).toContain('!tools/deploy/docker/entrypoint.sh');
  });
});

describe('the image entry point', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'entrypoint-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (env: Record<string, string>, command: string[]) =>
    execFileSync('sh', [ENTRYPOINT, ...command], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('is executable', () => {
    expect(() => accessSync(ENTRYPOINT, constants.X_OK)).not.toThrow();
  });

  it('turns NAME_FILE into NAME for the secret variables, keeping newlines inside', () => {
    const key = join(dir, 'key.pem');
    writeFileSync(key, 'line one\nline two\n');
    const output = run({ JWT_PRIVATE_KEY_FILE: key }, [
      'sh',
      '-c',
      'printf "%s|%s" "$JWT_PRIVATE_KEY" "${JWT_PRIVATE_KEY_FILE-unset}"',
    ]);
    expect(output).toBe('line one\nline two|unset');
  });

  it('refuses a variable given both ways, and an unreadable file', () => {
    const key = join(dir, 'key.pem');
    writeFileSync(key, 'x');
    expect(() => run({ SMTP_URL: 'a', SMTP_URL_FILE: key }, ['true'])).toThrow();
    expect(() => run({ SMTP_URL_FILE: join(dir, 'missing') }, ['true'])).toThrow();
  });

  it('leaves other *_FILE variables alone', () => {
    expect(
      run({ SOMETHING_FILE: '/etc/hostname' }, ['sh', '-c', 'printf "%s" "${SOMETHING-unset}"']),
    ).toBe('unset');
  });
});
