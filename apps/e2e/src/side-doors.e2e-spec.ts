// Issue 10, tried against the running stack as an attacker would: throttles per real client,
// subgraphs that answer only the gateway, /metrics off the public origin.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freeStackPorts, LocalStack } from '@jibs/stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { signUpByApi } from './support/sign-up';

const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      session {
        accessToken
      }
      challenge {
        kind
      }
    }
  }
`;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] };
}

/**
 * A GraphQL POST as the reverse proxy in front of the gateway forwards it: every client comes
 * from the proxy's address (127.0.0.1), which appends the address it saw to X-Forwarded-For.
 */
function viaProxy(
  forwardedFor: string,
  url: string,
  body: unknown,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': forwardedFor,
          // Only the gateway may say who the client is.
          'x-jibs-client-ip': '203.0.113.98',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('side doors and throttles, through the running stack', () => {
  let stack: LocalStack;

  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-e2e-side-doors-'));
  const logs: string[] = [];

  beforeAll(async () => {
    // One reverse proxy in front of the gateway, as compose's TLS proxy or k8s's ingress.
    stack = new LocalStack({
      root: resolve(__dirname, '../../..'),
      dataDir,
      ...(await freeStackPorts()),
      logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
      trustProxy: '1',
      log: (service, line) => {
        logs.push(`[${service}] ${line}`);
        if (logs.length > 500) logs.shift();
      },
    });
    try {
      await stack.start();
    } catch (error) {
      await stack.stop();
      throw new Error(`${(error as Error).message}\n${logs.slice(-40).join('\n')}`);
    }
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const graphql = () => `${stack.gatewayUrl}/graphql`;

  it('five wrong passwords from one client do not lock another client out', async () => {
    const victim = aSignUp();
    await signUpByApi(new GraphQLClient(graphql()), stack, victim);

    // Client A (198.51.100.10) guesses five passwords...
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await viaProxy('198.51.100.10', graphql(), {
        query: SIGN_IN,
        variables: {
          input: { email: `nobody.${attempt}@example.com`, password: 'wrong-password-1' },
        },
      });
      expect(wrong.body.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    }
    // ...and is throttled now, even when it prepends another address of its choosing...
    const throttled = await viaProxy('6.6.6.6, 198.51.100.10', graphql(), {
      query: SIGN_IN,
      variables: { input: { email: victim.email, password: victim.password } },
    });
    expect(throttled.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // ...while client B (198.51.100.20), behind the same proxy, signs in.
    const other = await viaProxy('198.51.100.20', graphql(), {
      query: SIGN_IN,
      variables: { input: { email: victim.email, password: victim.password } },
    });
    expect(other.body.errors).toBeUndefined();
    expect(other.body.data?.['signIn']).toBeTruthy();
  });

  it('subgraphs answer nobody but the gateway, loopback callers included', async () => {
    const entities = {
      query: `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id email role } } }`,
      variables: { r: [{ __typename: 'User', id: '00000000-0000-4000-8000-000000000000' }] },
    };
    for (const service of stack.services.values()) {
      if (service.spec.name === 'gateway') continue;
      const res = await fetch(`${service.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-jibs-client-ip': '203.0.113.5' },
        body: JSON.stringify(entities),
      });
      expect({ service: service.spec.name, status: res.status }).toEqual({
        service: service.spec.name,
        status: 403,
      });
      expect((await fetch(`${service.url}/health/ready`)).status).toBe(200);
    }
  });

  it('serves /metrics on no public port', async () => {
    expect((await fetch(`${stack.gatewayUrl}/metrics`)).status).toBe(404);
    for (const service of stack.services.values()) {
      expect((await fetch(`${service.url}/metrics`)).status).not.toBe(200);
    }
  });
});
