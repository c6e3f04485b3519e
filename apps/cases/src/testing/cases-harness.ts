import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { DataSource } from 'typeorm';
import { RELATIONSHIPS_TO_DECEASED } from '@jibs/domain';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { createCasesApp } from '../cases-app';
import { loadCasesConfig } from '../cases.config';

/** Tests call cases as the gateway does, with its credential. */
const GATEWAY_SECRET = randomBytes(32).toString('hex');

/** Only for integration tests: loosely typed GraphQL responses. */
export interface GqlBody {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  errors?: { message: string; extensions: any }[];
}

export interface TestUser {
  id: string;
  token: string;
}

export const REPORT_FIELDS = `id deceasedName dateOfDeath placeOfDeath relationshipToDeceased
  additionalNotes status adminNotes reviewedAt createdAt updatedAt member { id }`;

/** A valid death report form, with any field replaced. */
export function aDeathReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deceasedName: `Abdullah ${randomBytes(3).toString('hex')}`,
    dateOfDeath: '2024-03-01',
    placeOfDeath: 'Dallas Medical Center',
    relationshipToDeceased: RELATIONSHIPS_TO_DECEASED[1],
    additionalNotes: 'Funeral on Friday after Jumuah.',
    ...overrides,
  };
}

/** A booted cases service on a test database, with a local key set standing in for identity. */
export class CasesHarness {
  private constructor(
    readonly app: INestApplication,
    readonly url: string,
    readonly dataSource: DataSource,
    private readonly privateKey: CryptoKey,
    private readonly jwks: Server,
    private readonly databases: TestDatabase[],
  ) {}

  static async start(): Promise<CasesHarness> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
    const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const databases = await Promise.all([
      createTestDatabase('cases'),
      createTestDatabase('eventlog'),
    ]);
    const config = loadCasesConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
      GATEWAY_SECRET,
    });
    const { app } = await createCasesApp(config);
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    return new CasesHarness(app, url, app.get(DataSource), privateKey, jwks, databases);
  }

  async close(): Promise<void> {
    await this.app?.close();
    await new Promise((resolve) => this.jwks?.close(resolve));
    await Promise.all(this.databases.map((db) => db.drop()));
  }

  private token(userId: string, role: 'member' | 'admin'): Promise<string> {
    return new SignJWT({ role, email: `${userId}@example.com` })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(userId)
      .setIssuer('jibs-identity')
      .setAudience('jibs')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.privateKey);
  }

  async aMember(): Promise<TestUser> {
    const id = randomUUID();
    return { id, token: await this.token(id, 'member') };
  }

  async anAdmin(): Promise<TestUser> {
    const id = randomUUID();
    return { id, token: await this.token(id, 'admin') };
  }

  async gql(query: string, variables?: object, user?: TestUser): Promise<GqlBody> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...gatewayHeaders(GATEWAY_SECRET),
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody;
  }

  /** Submits a valid report (with overrides) and returns it; fails the test on an error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async submit(user: TestUser, overrides: Record<string, unknown> = {}): Promise<any> {
    const body = await this.gql(
      `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { ${REPORT_FIELDS} } }`,
      { input: aDeathReport(overrides) },
      user,
    );
    if (body.errors) throw new Error(`submitDeathReport failed: ${JSON.stringify(body.errors)}`);
    return body.data.submitDeathReport;
  }

  review(
    admin: TestUser | undefined,
    id: string,
    decision: 'APPROVED' | 'REJECTED',
    adminNotes?: string | null,
  ): Promise<GqlBody> {
    return this.gql(
      `mutation($id: ID!, $decision: ReviewDecision!, $adminNotes: String) {
        reviewDeathReport(id: $id, decision: $decision, adminNotes: $adminNotes) { ${REPORT_FIELDS} }
      }`,
      { id, decision, adminNotes },
      admin,
    );
  }

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return row.n;
  }

  async outbox(
    topic: string,
    key?: string,
  ): Promise<{ envelope: { data: Record<string, unknown>; subject?: string } }[]> {
    return this.dataSource.query(
      `SELECT envelope FROM outbox WHERE topic = $1 AND ($2::text IS NULL OR key = $2) ORDER BY seq`,
      [topic, key ?? null],
    );
  }
}
