/** One thing an admin's diagnostics run checks inside a service. Throw to fail, with a reason. */
export interface DiagnosticCheck {
  name: string;
  run(): Promise<void>;
}

export interface DiagnosticResult {
  status: 'passed' | 'failed';
  /** Why it failed, in words an admin can act on. */
  reason?: string;
  durationMs: number;
}

/** Longest a check may take before it counts as failed (it is not waited for any longer). */
export const DIAGNOSTIC_TIMEOUT_MS = 5_000;

export class DiagnosticTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${(ms / 1000).toFixed(0)} s`);
  }
}

/** Runs `work` with a deadline: a check never hangs its caller. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new DiagnosticTimeoutError(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message || error.name}${detail}`.slice(0, 300);
  }
  return String(error).slice(0, 300);
}

export async function runDiagnostic(
  check: Pick<DiagnosticCheck, 'run'>,
  timeoutMs = DIAGNOSTIC_TIMEOUT_MS,
): Promise<DiagnosticResult> {
  const started = performance.now();
  try {
    await withTimeout(check.run(), timeoutMs);
    return { status: 'passed', durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: 'failed',
      reason: reasonOf(error),
      durationMs: Math.round(performance.now() - started),
    };
  }
}
