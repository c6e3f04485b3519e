import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freeLocalPort, scratchDir } from '@jibs/config';
import { clusterTemplatePath, startEmbeddedServer, type EmbeddedServer } from './embedded-server';

/**
 * A throwaway cluster with databases is a copy of a cached one: it must have them, answer only
 * to its own password (not the cached cluster's) and leave the cache as it found it.
 */
describe('startEmbeddedServer with throwaway databases', () => {
  // Names only this spec uses: its cached cluster is its own.
  const databases = ['embedded_spec_a', 'embedded_spec_b'];
  const folders: string[] = [];
  const servers: EmbeddedServer[] = [];

  async function start(password: string): Promise<{ server: EmbeddedServer; port: number }> {
    const folder = mkdtempSync(join(scratchDir(), 'jibs-embedded-spec-'));
    // As the stack does: Postgres may run as its own user, which must pass through.
    chmodSync(folder, 0o711);
    folders.push(folder);
    const port = await freeLocalPort();
    const server = await startEmbeddedServer({
      dataDir: join(folder, 'postgres'),
      port,
      password,
      throwaway: true,
      databases,
    });
    servers.push(server);
    return { server, port };
  }

  const connect = (port: number, password: string, database = 'postgres') =>
    new Client({ host: '127.0.0.1', port, user: 'postgres', password, database });

  // Another build's cached clusters: one made two hours ago, one just now.
  const oldTemplate = join(scratchDir(), 'jibs-pg-template-ffffffffffff0001');
  const newTemplate = join(scratchDir(), 'jibs-pg-template-ffffffffffff0002');

  beforeAll(() => {
    // The first start makes the cached cluster, the others copy it.
    rmSync(clusterTemplatePath(databases), { recursive: true, force: true });
    for (const folder of [oldTemplate, newTemplate]) mkdirSync(folder, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(oldTemplate, twoHoursAgo, twoHoursAgo);
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const folder of [...folders, oldTemplate, newTemplate])
      rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('starts two clusters with the databases, each on its own password only', async () => {
    expect(existsSync(clusterTemplatePath(databases))).toBe(false);
    const first = await start('first-password-1');
    const second = await start('second-password-2');

    for (const [{ port }, password, other] of [
      [first, 'first-password-1', 'second-password-2'],
      [second, 'second-password-2', 'first-password-1'],
    ] as const) {
      const client = connect(port, password);
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname',
          [databases],
        );
        expect(rows.map((row) => row.datname)).toEqual([...databases].sort());
      } finally {
        await client.end();
      }
      await expect(connect(port, other).connect()).rejects.toThrow(/password authentication/);
    }
    expect(existsSync(join(clusterTemplatePath(databases), 'PG_VERSION'))).toBe(true);
    // Making it removed the other build's old cached cluster, not the one made just now.
    expect(existsSync(oldTemplate)).toBe(false);
    expect(existsSync(newTemplate)).toBe(true);
    // The copies do not carry the cached cluster's password file.
    for (const folder of folders)
      expect(existsSync(join(folder, 'postgres', 'jibs-template-password'))).toBe(false);
  }, 120_000);

  it('a write in one copy is not seen by the next copy', async () => {
    const first = await start('third-password-3');
    const writer = connect(first.port, 'third-password-3', databases[0]);
    await writer.connect();
    await writer.query('CREATE TABLE written_here (id int)');
    await writer.end();

    const next = await start('fourth-password-4');
    const reader = connect(next.port, 'fourth-password-4', databases[0]);
    await reader.connect();
    try {
      const { rows } = await reader.query(
        "SELECT 1 FROM information_schema.tables WHERE table_name = 'written_here'",
      );
      expect(rows).toHaveLength(0);
    } finally {
      await reader.end();
    }
  }, 120_000);
});
