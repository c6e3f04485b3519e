import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { gatewayHeaders } from '../gateway-credential';
import { ADMIN_EXPORT_PATH } from './admin-export.module';

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
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const gatewaySecret = randomBytes(32).toString('hex');
  const user = async (role: 'member' | 'admin'): Promise<ExportTestUser> => {
    const id = randomUUID();
    const email = `${role}-${id.slice(0, 8)}@example.com`;
    const token = await new SignJWT({ role, email })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(id)
      .setIssuer('jibs-identity')
      .setAudience('jibs')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return { id, email, token };
  };
  return {
    jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
    gatewaySecret,
    member: () => user('member'),
    admin: () => user('admin'),
    exportTable: (url, table, query = {}, caller, options = {}) =>
      fetch(`${url}${ADMIN_EXPORT_PATH}/${table}?${new URLSearchParams(query).toString()}`, {
        headers: {
          ...(options.withoutCredential ? {} : gatewayHeaders(gatewaySecret)),
          ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
        },
      }),
    close: () => new Promise<void>((resolve) => jwks.close(() => resolve())),
  };
}
