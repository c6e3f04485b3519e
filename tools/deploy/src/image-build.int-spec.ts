import ignore from '@balena/dockerignore';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { instructions, parseDockerfile, type Stage } from './dockerfile';
import { SERVICE_NAMES } from './service-env';

/**
 * The images, built as Docker would build them from a clean checkout, without a Docker engine:
 * the build context is `git ls-files` less what `.dockerignore` excludes (Docker's own matching
 * rules, @balena/dockerignore), and the Dockerfile's build stage runs there instruction by
 * instruction: COPY from the context, ENV, and each RUN as the shell runs it. The one step
 * replaced is `npm ci`, whose result is the repository's installed node_modules, hard-linked in
 * (the lock-file install itself is checked in dockerfiles.spec.ts). Then each runtime image's
 * files are assembled as its COPY lines say, and every module its entry point loads must be in
 * them or among the production dependencies.
 */
const ROOT = join(__dirname, '..', '..', '..');
const DOCKERFILE = 'tools/deploy/docker/Dockerfile';

const dockerfile = parseDockerfile(readFileSync(join(ROOT, DOCKERFILE), 'utf8'));
const stage = (name: string): Stage => {
  const found = dockerfile.stages.find((s) => s.name === name);
  if (!found) throw new Error(`${DOCKERFILE} has no stage ${name}`);
  return found;
};

/** Copies a file or a tree by hard links (one filesystem, so instant and no extra space). */
function link(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  execFileSync('cp', ['-al', '--no-target-directory', from, to]);
}

/** The build context: every committed file that .dockerignore lets through. */
function buildContext(dir: string): string[] {
  const files = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)));
  const rules = readFileSync(join(ROOT, '.dockerignore'), 'utf8');
  const sent = ignore().add(rules).filter(files);
  for (const path of sent) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    linkSync(join(ROOT, path), join(dir, path));
  }
  return sent;
}

/** `COPY [--flags] src... dest` split into its flags, sources and destination. */
function parseCopy(args: string) {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths[paths.length - 1] };
}

const substitute = (text: string, args: Record<string, string>) =>
  text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (match, a?: string, b?: string) => args[a ?? b ?? ''] ?? match,
  );

/** A RUN instruction as the shell runs it: BuildKit's --mount flags removed. */
const shellCommand = (run: string) => run.replace(/--mount=\S+\s+/g, '').trim();

/** `ENV A=1 B=2` as a record. */
function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
    env[key] = value.replace(/^"|"$/g, '');
  return env;
}

/** Where a stage's WORKDIR puts a path of the image (`/app/x` or `./x` under /app). */
const inImage = (root: string, path: string) =>
  join(root, posix.normalize(path.startsWith('/app') ? path.slice('/app'.length) : path));

describe('the images, built from the build context a clean checkout sends', () => {
  let scratch: string;
  let context: string;
  let app: string;
  const missing: string[] = [];

  // About a minute on an idle machine; minutes more when the cores are shared.
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'image-build-'));
    context = join(scratch, 'context');
    app = join(scratch, 'app');
    mkdirSync(context);
    mkdirSync(app);
    buildContext(context);

    const build = stage('build');
    let env: Record<string, string> = {};
    for (const { keyword, args } of build.instructions) {
      if (keyword === 'ENV') env = { ...env, ...parseEnv(args) };
      if (keyword === 'COPY') {
        const { sources, dest } = parseCopy(args);
        for (const source of sources) {
          if (!existsSync(join(context, source))) {
            missing.push(`COPY ${source}: not in the build context`);
            continue;
          }
          const target = dest.endsWith('/')
            ? source === '.'
              ? inImage(app, dest)
              : join(inImage(app, dest), posix.basename(source))
            : inImage(app, dest);
          if (source === '.') execFileSync('cp', ['-al', `${context}/.`, target]);
          else link(join(context, source), target);
        }
      }
      if (keyword === 'RUN') {
        const command = shellCommand(args);
        if (/^npm ci\b/.test(command)) {
          // What `npm ci` leaves: node_modules at the root and in each workspace that has one.
          for (const dir of [
            '',
            ...((
              JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
                workspaces?: string[];
              }
            ).workspaces ?? []),
          ]) {
            if (existsSync(join(ROOT, dir, 'node_modules')))
              link(join(ROOT, dir, 'node_modules'), join(app, dir, 'node_modules'));
          }
          continue;
        }
        try {
          execFileSync('sh', ['-c', command], {
            cwd: app,
            env: { ...process.env, ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
            maxBuffer: 64 * 1024 * 1024,
          });
        } catch (error) {
          const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
          const tail = `${stdout}\n${stderr}`.split('\n').filter(Boolean).slice(-40).join('\n');
          throw new Error(`RUN ${command} failed in the build context:\n${tail}`);
        }
      }
    }
  }, 400_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('the build stage finds every file it copies, and its build succeeds (beforeAll ran it)', () => {
    expect(missing).toEqual([]);
  });

  it('every stage finds in the context the files it copies from it', () => {
    const sources = dockerfile.stages
      .flatMap((s) => instructions(s, 'COPY').map(parseCopy))
      .filter((copy) => copy.from === undefined)
      .flatMap((copy) => copy.sources);
    expect(sources.filter((source) => !existsSync(join(context, source)))).toEqual([]);
  });

  it('leaves tests, local data and secrets out of the context', () => {
    const sent = execFileSync('find', ['.', '-type', 'f'], { cwd: context, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(sent.filter((path) => /\.(int-|e2e-)?spec\.ts$/.test(path))).toEqual([]);
    expect(
      sent.filter((path) => /(^|\/)(\.env|\.data\/|node_modules\/)|\.pem$/.test(path)),
    ).toEqual([]);
  });

  const productionDependencies = new Set(
    Object.keys(
      (
        JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    ),
  );

  /** The files of a runtime image (stage `target`, built for `service`), by their /app path. */
  function runtimeFiles(target: string, service: string): Map<string, string> {
    const args = { SERVICE: service, JIBS_SERVICE: service };
    const files = new Map<string, string>();
    const chain: Stage[] = [];
    for (let s: Stage | undefined = stage(target); s;) {
      chain.unshift(s);
      s = dockerfile.stages.find((other) => other.name === s?.from);
    }
    for (const s of chain) {
      for (const copy of instructions(s, 'COPY').map((c) => parseCopy(substitute(c, args)))) {
        if (copy.from !== 'build') continue;
        for (const source of copy.sources) {
          const from = inImage(app, source);
          expect({ copy: source, exists: existsSync(from) }).toEqual({
            copy: source,
            exists: true,
          });
          const list = statSync(from).isDirectory()
            ? execFileSync('find', ['.', '-type', 'f'], { cwd: from, encoding: 'utf8' })
                .split('\n')
                .filter(Boolean)
                .map((file) => posix.join(copy.dest, file))
            : [copy.dest];
          for (const file of list)
            files.set(posix.normalize(file), join(from, posix.relative(copy.dest, file)));
        }
      }
    }
    return files;
  }

  /** Walks `require` from the entry point: what is loaded but not in the image. */
  function unresolved(files: Map<string, string>, entry: string) {
    const problems: string[] = [];
    const seen = new Set<string>();
    const queue = [entry];
    const resolve = (from: string, request: string) =>
      ['', '.js', '.json', '/index.js']
        .map((suffix) => posix.normalize(posix.join(posix.dirname(from), request + suffix)))
        .find((candidate) => files.has(candidate));
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      if (!file.endsWith('.js')) continue;
      const text = readFileSync(files.get(file) as string, 'utf8');
      const requires = text
        .split('\n')
        .flatMap((line) =>
          [...line.matchAll(/\brequire\(["'`]([^"'`$]+)["'`]\)/g)].map((m) => [line, m[1]]),
        );
      for (const [line, request] of requires) {
        if (request.startsWith('.')) {
          const found = resolve(file, request);
          if (found) queue.push(found);
          else problems.push(`${file} requires ${request}: not in the image`);
          continue;
        }
        const name = request.startsWith('@')
          ? request.split('/').slice(0, 2).join('/')
          : request.split('/')[0];
        if (request.startsWith('node:') || builtinModules.includes(name)) continue;
        // A package required inside a function (indented in the compiled module) loads only on
        // a path that needs it, such as the local stack's embedded Postgres and s3rver; one
        // required at the top loads at boot and must be installed.
        const atBoot = !/^\s/.test(line);
        if (atBoot && !productionDependencies.has(name))
          problems.push(`${file} requires ${name}: not a production dependency`);
      }
    }
    return { problems, loaded: seen };
  }

  it.each([...SERVICE_NAMES])(
    'the %s image holds what its entry point loads, and no test code',
    (service) => {
      const target = service === 'gateway' ? 'gateway' : 'subgraph';
      const files = runtimeFiles(target, service);
      const [command] = instructions(stage('service'), 'CMD');
      const entry = /node (?:--\S+ )*(\S+)"\]$/.exec(command)?.[1];
      expect(entry).toBeDefined();
      const main = posix.normalize(substitute(entry as string, { JIBS_SERVICE: service }));
      expect(files.has(main)).toBe(true);
      const { problems } = unresolved(files, main);
      expect(problems).toEqual([]);
      expect(
        [...files.keys()].filter((path) => /\.(int-)?spec\.js$|\/testing\//.test(path)),
      ).toEqual([]);
      if (service === 'gateway') {
        for (const path of ['dist/apps/web/index.html', 'dist/apps/admin/index.html'])
          expect(files.has(path)).toBe(true);
        expect(files.has('apps/gateway/supergraph.graphql')).toBe(true);
      }
    },
  );
});
