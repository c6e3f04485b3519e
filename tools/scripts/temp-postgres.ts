import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freeLocalPort, scratchDir } from '@jibs/config';
import { ensureDatabase, startEmbeddedServer } from '@jibs/database';

/** Runs `fn` against a throwaway real Postgres; returns a database URL maker. */
export async function withTempPostgres<T>(
  fn: (databaseUrl: (name: string) => Promise<string>) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(scratchDir(), 'jibs-gen-pg-'));
  const server = await startEmbeddedServer({
    dataDir: dir,
    port: await freeLocalPort(),
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
