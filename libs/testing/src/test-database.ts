import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The Postgres server started for this Jest run by jest-global-setup.mjs. */
export function testServerUrl(): string {
  const url = process.env.JIBS_TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'JIBS_TEST_DATABASE_URL is not set: run integration tests through Jest with the shared preset (it starts Postgres).',
    );
  }
  return url;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test server, private to the calling test file. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const server = testServerUrl();
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  return {
    name,
    url: databaseUrl(server, name),
    drop: () => adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Polls a condition until it holds (no sleeps waiting for readiness). */
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 25, message = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${message}${lastError ? `: ${String(lastError)}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
