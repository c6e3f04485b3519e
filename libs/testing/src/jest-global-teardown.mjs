import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const started = globalThis.__JIBS_TEST_PG__;
  if (!started) return;
  globalThis.__JIBS_TEST_PG__ = undefined;
  await started.pg.stop().catch(() => {});
  rmSync(started.dir, { recursive: true, force: true });
}
