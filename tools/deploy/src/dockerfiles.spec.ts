import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instructions, parseDockerfile, type Stage } from './dockerfile';
import { SECRET_VARIABLES, SERVICE_NAMES, SERVICES } from './service-env';

const ROOT = join(__dirname, '..', '..', '..');
const ENTRYPOINT = join(ROOT, 'tools/deploy/docker/entrypoint.sh');

describe.each(SERVICE_NAMES)('apps/%s/Dockerfile', (service) => {
  const dockerfile = parseDockerfile(
    readFileSync(join(ROOT, 'apps', service, 'Dockerfile'), 'utf8'),
  );
  const stage = (name: string): Stage => {
    const found = dockerfile.stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  };
  const runtime = dockerfile.stages[dockerfile.stages.length - 1];

  it('builds on node:24-bookworm-slim in every stage', () => {
    expect(dockerfile.stages.map((s) => s.from)).toEqual(
      dockerfile.stages.map(() => 'node:24-bookworm-slim'),
    );
  });

  it('installs with npm ci and builds the workspace in a build stage', () => {
    const run = instructions(stage('build'), 'RUN').join('\n');
    expect(run).toMatch(/npm ci\b/);
    expect(run).toMatch(/nx run-many -t build/);
  });

  it('ships production dependencies only', () => {
    expect(instructions(stage('prod-deps'), 'RUN').join('\n')).toMatch(/npm ci --omit=dev/);
    const copies = instructions(runtime, 'COPY');
    expect(copies).toContain('--from=prod-deps /app/node_modules ./node_modules');
    expect(copies.filter((copy) => copy.includes('node_modules'))).toHaveLength(1);
  });

  it('runs the service as a non-root numeric user with NODE_ENV=production', () => {
    const users = instructions(runtime, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(instructions(runtime, 'ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('exposes its port, checks /health/live and starts its entry point', () => {
    expect(instructions(runtime, 'EXPOSE')).toEqual([String(SERVICES[service].port)]);
    expect(instructions(runtime, 'ENV').join(' ')).toMatch(
      new RegExp(`\\bPORT=${SERVICES[service].port}\\b`),
    );
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/\/health\/live/);
    expect(instructions(runtime, 'CMD')).toEqual([
      `["node", "dist/server/apps/${service}/src/main.js"]`,
    ]);
    expect(instructions(runtime, 'COPY')).toContain(
      `--from=build /app/dist/server/apps/${service} ./dist/server/apps/${service}`,
    );
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

  if (service === 'gateway') {
    it('carries the built web client and serves it from WEB_DIST_DIR', () => {
      expect(instructions(runtime, 'COPY')).toContain('--from=build /app/dist/apps ./dist/apps');
      expect(instructions(runtime, 'ENV').join(' ')).toMatch(/WEB_DIST_DIR=\/app\/dist\/apps\/web/);
    });
  }
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
