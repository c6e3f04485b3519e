import type { Readable } from 'node:stream';

/**
 * For services started by the local launcher in their own process group: if the launcher
 * disappears without stopping them (killed outright), they stop themselves instead of lingering.
 * Does nothing unless JIBS_PARENT_PID is set.
 *
 * With JIBS_PARENT_PIPE=stdin the launcher holds the write end of the service's stdin and never
 * writes to it: the kernel closes it when the launcher exits, however it ends, so the service
 * hears it at once and wakes for nothing meanwhile. Without it (an older launcher), it looks
 * every `intervalMs` whether the launcher's pid is still there.
 */
export function exitWithParent(
  env: NodeJS.ProcessEnv = process.env,
  intervalMs = 1_000,
  stdin: Readable & { unref?: () => void } = process.stdin,
  stop: () => void = () => process.kill(process.pid, 'SIGTERM'),
): void {
  const parent = Number(env.JIBS_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 0) return;
  if (env.JIBS_PARENT_PIPE === 'stdin') {
    let stopped = false;
    const once = () => {
      if (stopped) return;
      stopped = true;
      stop();
    };
    stdin.once('end', once);
    stdin.once('close', once);
    stdin.once('error', once);
    // Reads (and drops) whatever comes, so the end is seen; never keeps the process alive.
    stdin.resume();
    stdin.unref?.();
    return;
  }
  const timer = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
}
