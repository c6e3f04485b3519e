import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase, startEmbeddedServer } from '@jibs/database';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs `fn` against a throwaway real Postgres; returns a database URL maker. */
export async function withTempPostgres<T>(
  fn: (databaseUrl: (name: string) => Promise<string>) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'jibs-gen-pg-'));
  const server = await startEmbeddedServer({
    dataDir: dir,
    port: await freePort(),
    password: 'generate',
  });
  try {
    return await fn(async (name) => {
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      await ensureDatabase(url.toString());
      return url.toString();
    });
  } finally {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
