import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** The Linux memory file system's magic number in statfs (TMPFS_MAGIC). */
const TMPFS = 0x01021994;
/** Room the memory folder must have free: a few test stacks' clusters at once, with margin. */
const MIN_FREE_BYTES = 4 * 1024 ** 3;

/**
 * The folder for data thrown away after a run (a test stack's Postgres cluster and Kafka log,
 * the unit tier's Postgres): `/dev/shm` where it is a memory file system with 4 GiB free, else
 * the system's temporary folder. On a virtual machine's disk, making files is what a cluster's
 * start costs most: initdb and a test stack's seven databases took 4.7 s in /tmp and 1.3 s in
 * /dev/shm here (docs/benchmarks.md). A container's default /dev/shm (64 MiB) is too small and
 * is not used. `JIBS_SCRATCH_DIR` names another folder. Never for data anyone keeps.
 */
export function scratchDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JIBS_SCRATCH_DIR) return env.JIBS_SCRATCH_DIR;
  try {
    const stats = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    if (stats.type === TMPFS && stats.bavail * stats.bsize >= MIN_FREE_BYTES) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux) or not writable.
  }
  return tmpdir();
}
