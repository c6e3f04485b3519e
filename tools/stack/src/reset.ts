import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `npm run stack:reset`: wipes the local data (database, files, mailbox, secrets). */
const root = resolve(__dirname, '../../../../..');
const dataDir = resolve(root, process.env.JIBS_DATA_DIR ?? '.data');
const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (alive) {
    process.stderr.write('JIBS is still running: stop it (Ctrl-C) before wiping its data.\n');
    process.exit(1);
  }
}
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`Removed ${dataDir}.\n`);
