import { spawnSync } from 'node:child_process';

export type ContainerRuntime = { available: true } | { available: false; reason: string };

/**
 * Whether testcontainers finds a container runtime, answered synchronously so a test file can
 * choose between `describe` and `describe.skip` while Jest collects it (CommonJS test files have
 * no top-level await). testcontainers' detection is async, so it runs in a child Node process.
 */
export function probeContainerRuntime(timeoutMs = 60_000): ContainerRuntime {
  const script = `require(${JSON.stringify(require.resolve('testcontainers'))})
    .getContainerRuntimeClient()
    .then(() => process.exit(0), (error) => {
      process.stderr.write(String((error && error.message) || error));
      process.exit(3);
    });`;
  const result = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, DEBUG: '' },
  });
  if (result.error) return { available: false, reason: `probe failed: ${result.error.message}` };
  if (result.status === 0) return { available: true };
  const lines = result.stderr.trim().split('\n').filter(Boolean);
  return { available: false, reason: lines.at(-1) ?? `probe exited with ${result.status}` };
}
