import { AdminMessages } from '@jibs/domain';
/** The gateway's admin-only diagnostics endpoint (apps/gateway/src/diagnostics). */
export const DIAGNOSTICS_URL = '/admin-api/diagnostics';

export type TestStatus = 'pending' | 'running' | 'passed' | 'failed';

export interface DiagnosticTestInfo {
  id: string;
  name: string;
  description: string;
  category: string;
}

export interface DiagnosticRun {
  id: string;
  status: 'passed' | 'failed';
  reason?: string;
  durationMs: number;
}

export interface DiagnosticsAuth {
  /** `Bearer <token>`, or null when signed out. */
  authorization(): string | null;
  /** Renews the session; true when a new token is there to retry with. */
  renew(): Promise<boolean>;
}

/** A fetch with the admin's token, renewed once when it had expired. */
async function authorized(auth: DiagnosticsAuth, url: string, init: RequestInit = {}) {
  const send = () => {
    const authorization = auth.authorization();
    return fetch(url, {
      ...init,
      headers: { ...(authorization ? { authorization } : {}) },
      credentials: 'same-origin',
    });
  };
  let response = await send();
  if (response.status === 401 && (await auth.renew())) response = await send();
  if (!response.ok) throw new Error(`The gateway answered ${response.status}`);
  return response.json() as Promise<unknown>;
}

export async function listDiagnostics(auth: DiagnosticsAuth): Promise<DiagnosticTestInfo[]> {
  const body = (await authorized(auth, DIAGNOSTICS_URL)) as { tests: DiagnosticTestInfo[] };
  return body.tests;
}

export async function runDiagnostic(auth: DiagnosticsAuth, id: string): Promise<DiagnosticRun> {
  try {
    return (await authorized(auth, `${DIAGNOSTICS_URL}/${encodeURIComponent(id)}`, {
      method: 'POST',
    })) as DiagnosticRun;
  } catch (error) {
    // The gateway itself did not answer: the test failed, and that is the reason.
    return {
      id,
      status: 'failed',
      reason: error instanceof Error ? error.message : String(error),
      durationMs: 0,
    };
  }
}

/** 'Test Run Complete' / '{passed}/{total} tests passed' (spec: Admin toasts). */
export function runSummary(statuses: readonly TestStatus[]): string {
  const passed = statuses.filter((status) => status === 'passed').length;
  return AdminMessages.testsPassed(passed, statuses.length);
}
