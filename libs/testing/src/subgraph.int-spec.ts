import { existsSync } from 'node:fs';
import { Injectable } from '@nestjs/common';
import { Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Client } from 'pg';
import { z } from 'zod';
import { Authenticated, CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { envHelpers, serviceEnvSchema } from '@jibs/config';
import { Role, signUpSchema } from '@jibs/domain';
import { OnEvent, type EventOf } from '@jibs/events';
import { defineService, type ServiceConfig } from '@jibs/subgraph';
import { aHousehold, aHouseholdMember, aSignUp } from './factories';
import { startSubgraph, TestSubgraph } from './subgraph';
import { testServerUrl } from './test-database';

/** What the probe's consumers saw, by group, in the order they finished. */
const seen: { group: string; userId: string }[] = [];

@ObjectType('ProbeCaller')
class ProbeCallerModel {
  @Field()
  id!: string;

  @Field()
  email!: string;

  @Field()
  role!: string;
}

@Resolver()
class ProbeResolver {
  @Authenticated()
  @Query(() => ProbeCallerModel)
  probeMe(@CurrentUser() user: AuthUser): ProbeCallerModel {
    return { id: user.id, email: user.email, role: user.role };
  }

  @Roles(Role.ADMIN)
  @Query(() => String)
  probeAdminOnly(): string {
    return 'yes';
  }
}

@Injectable()
class ProbeConsumer {
  @OnEvent('user.registered', { group: 'probe-quick' })
  async quick(event: EventOf<'user.registered'>): Promise<void> {
    seen.push({ group: 'probe-quick', userId: event.data.userId });
  }

  /** Finishes well after the other group, so waiting for one group only would be caught. */
  @OnEvent(['user.registered', 'user.verified'], { group: 'probe-slow' })
  async slow(event: EventOf<'user.registered' | 'user.verified'>): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 400));
    seen.push({ group: `probe-slow:${event.type}`, userId: event.data.userId });
  }
}

const probeEnvSchema = z.intersection(serviceEnvSchema, z.object({ PORT: envHelpers.port(4999) }));

/** A service made for this test only: the library never imports an app. */
const probeService = defineService<ServiceConfig>({
  name: 'probe',
  envSchema: probeEnvSchema,
  entities: [],
  migrations: [],
  providers: () => [ProbeResolver, ProbeConsumer],
});

class ProbeHarness extends TestSubgraph<ServiceConfig> {}

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length === 1;
  } finally {
    await client.end();
  }
}

describe('startSubgraph: one service under test', () => {
  let h: ProbeHarness;

  beforeAll(async () => {
    h = await startSubgraph(probeService, { mailbox: true }, ProbeHarness);
  });

  afterAll(() => h?.close());

  it('calls the service as the gateway does, as a member, an admin or nobody', async () => {
    const member = await h.aMember();
    const me = await h.gql('{ probeMe { id email role } }', {}, member);
    expect(me).toEqual({
      data: { probeMe: { id: member.id, email: `${member.id}@example.com`, role: 'member' } },
    });
    expect((await h.gql('{ probeAdminOnly }', {}, member.token)).errors?.[0]?.extensions.code).toBe(
      'FORBIDDEN',
    );
    const admin = await h.anAdmin();
    expect(await h.ok('{ probeAdminOnly }', {}, admin)).toEqual({ probeAdminOnly: 'yes' });
    expect((await h.gql('{ probeMe { id } }')).errors?.[0]?.extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    await expect(h.ok('{ probeMe { id } }')).rejects.toThrow('UNAUTHENTICATED');
  });

  it("answers through the project's GraphQL handler: a POST with its length and no ETag, GET operations as Apollo's", async () => {
    const member = await h.aMember();
    const post = await h.request('{ probeMe { id } }', {}, member);
    expect(post.status).toBe(200);
    const body = await post.text();
    expect(JSON.parse(body)).toEqual({ data: { probeMe: { id: member.id } } });
    expect(post.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    // @as-integrations/express5 answers through res.send, which adds an ETag to every POST.
    expect(post.headers.get('etag')).toBeNull();
    const get = await fetch(`${h.url}/graphql?query=${encodeURIComponent('{ probeAdminOnly }')}`, {
      headers: { ...h.asGateway(), 'apollo-require-preflight': 'true' },
    });
    expect(
      ((await get.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions
        .code,
    ).toBe('UNAUTHENTICATED');
    // A GET without a header a browser could not send unasked is refused (CSRF prevention).
    const simple = await fetch(
      `${h.url}/graphql?query=${encodeURIComponent('{ probeAdminOnly }')}`,
      {
        headers: h.asGateway(),
      },
    );
    expect(simple.status).toBe(400);
  });

  it('is refused without the gateway credential it was given', async () => {
    const member = await h.aMember();
    const res = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ query: '{ probeMe { id } }' }),
    });
    expect(res.status).toBe(403);
  });

  it("makes a member known by identity's events, waiting for every group that handles them", async () => {
    const groupsThatSaw = (userId: string) =>
      seen.filter((entry) => entry.userId === userId).map((entry) => entry.group);
    // Both groups had finished by the time aMember returned, the slow one included.
    const registered = await h.aMember({ registered: true });
    expect(groupsThatSaw(registered.id).sort()).toEqual([
      'probe-quick',
      'probe-slow:user.registered',
    ]);
    const verified = await h.aMember({ registered: true, verified: true });
    expect(groupsThatSaw(verified.id)).toContain('probe-slow:user.verified');
    expect(h.groupsHandling('user.registered').sort()).toEqual(['probe-quick', 'probe-slow']);
    expect(h.groupsHandling('user.verified')).toEqual(['probe-slow']);
  });

  it('refuses to wait for an event no group of the service handles', async () => {
    await expect(
      h.deliverEvent(
        'settings.updated',
        { settings: {}, changed: [], updatedBy: null },
        { subject: 'site' },
      ),
    ).rejects.toThrow('probe handles no settings.updated event');
  });

  it('gives a mailbox folder and says what it was not started with', () => {
    expect(existsSync(h.mailbox)).toBe(true);
    expect(() => h.s3).toThrow('started without s3rver');
  });
});

describe('startSubgraph: closing', () => {
  it('closes the service and removes its databases, key set and mailbox', async () => {
    const h = await startSubgraph(probeService, { mailbox: true });
    const { mailbox } = h;
    const database = (await h.dataSource.query('SELECT current_database() AS name'))[0].name;
    const jwks = h.identity.jwksUrl;
    expect(await databaseExists(database)).toBe(true);
    await h.close();
    expect(await databaseExists(database)).toBe(false);
    expect(existsSync(mailbox)).toBe(false);
    await expect(fetch(jwks)).rejects.toThrow();
    await expect(fetch(`${h.url}/health/live`)).rejects.toThrow();
  });
});

describe('test factories', () => {
  it('aSignUp is a valid registration, with a new email each time', () => {
    const one = aSignUp();
    expect(signUpSchema.safeParse(one).success).toBe(true);
    expect(aSignUp().email).not.toBe(one.email);
    expect(aSignUp({ firstName: 'Khadija' }).firstName).toBe('Khadija');
  });

  it('aHousehold is a spouse and a certified child at one address', () => {
    expect(aHousehold()).toEqual({
      members: [
        { firstName: 'Amina', lastName: 'Ali', relationship: 'SPOUSE', dateOfBirth: '1980-02-01' },
        {
          firstName: 'Omar',
          lastName: 'Ali',
          relationship: 'CHILD',
          dateOfBirth: '2010-06-15',
          childCertified: true,
        },
      ],
      sameAddressCertified: true,
    });
    expect(aHouseholdMember('PARENT', { firstName: 'Hawa' })).toMatchObject({
      firstName: 'Hawa',
      relationship: 'PARENT',
      parentCertified: true,
    });
  });
});
