import { randomBytes } from 'node:crypto';
import { ADMIN_EXPORT_PATH, gatewayHeaders } from '@jibs/subgraph';
import { startFakeIdentity } from './fake-identity';

/** A caller of a service's admin export in tests. */
export interface ExportTestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * For services' export tests: a local key set standing in for identity's JWKS, tokens signed
 * with it, and the gateway credential the service is configured with.
 */
export interface ExportTestKit {
  jwksUrl: string;
  gatewaySecret: string;
  member(): Promise<ExportTestUser>;
  admin(): Promise<ExportTestUser>;
  /** `GET /export/admin/:table` on the service at `url`, as the gateway sends it. */
  exportTable(
    url: string,
    table: string,
    query?: Record<string, string>,
    user?: ExportTestUser,
    options?: { withoutCredential?: boolean },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startExportTestKit(): Promise<ExportTestKit> {
  const identity = await startFakeIdentity();
  const gatewaySecret = randomBytes(32).toString('hex');
  return {
    jwksUrl: identity.jwksUrl,
    gatewaySecret,
    member: () => identity.token('member'),
    admin: () => identity.token('admin'),
    exportTable: (url, table, query = {}, caller, options = {}) =>
      fetch(`${url}${ADMIN_EXPORT_PATH}/${table}?${new URLSearchParams(query).toString()}`, {
        headers: {
          ...(options.withoutCredential ? {} : gatewayHeaders(gatewaySecret)),
          ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
        },
      }),
    close: () => identity.close(),
  };
}
