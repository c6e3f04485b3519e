import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LocalStack } from '@jibs/stack';

/**
 * A whole stack for one test file, on its own ports and a throwaway data directory, from the
 * built dist/ (run `npm run build` first; `npm test` does).
 */
export async function startE2eStack(
  slot: number,
): Promise<{ stack: LocalStack; logs: string[]; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-e2e-'));
  const base = 20_000 + slot * 100;
  const logs: string[] = [];
  const stack = new LocalStack({
    root: resolve(__dirname, '../../../..'),
    dataDir,
    gatewayPort: base,
    servicePortBase: base + 10,
    postgresPort: base + 50,
    s3Port: base + 60,
    mailboxPort: base + 70,
    logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
    log: (service, line) => {
      logs.push(`[${service}] ${line}`);
      if (logs.length > 2000) logs.shift();
    },
  });
  try {
    await stack.start();
  } catch (error) {
    await stack.stop();
    throw new Error(`${(error as Error).message}\n${logs.slice(-40).join('\n')}`);
  }
  return {
    stack,
    logs,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
