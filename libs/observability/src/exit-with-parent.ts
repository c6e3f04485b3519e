/**
 * For services started by the local launcher in their own process group: if the launcher
 * disappears without stopping them (killed outright), they stop themselves instead of lingering.
 * Does nothing unless JIBS_PARENT_PID is set.
 */
export function exitWithParent(env: NodeJS.ProcessEnv = process.env, intervalMs = 1_000): void {
  const parent = Number(env.JIBS_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 0) return;
  const timer = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
    }
  }, intervalMs);
  timer.unref();
}
