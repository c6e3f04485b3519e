import { randomUUID } from 'node:crypto';
import { listOperationDecisions } from '@jibs/auth';
import { Messages } from '@jibs/domain';
import { membersGroups } from '@jibs/subgraph';
import { JPEG, MemorialsHarness, outcome } from '../testing/memorials-harness';

const { registrations: REGISTRATIONS_GROUP, names: MEMBERS_GROUP } = membersGroups('memorials');

const harness = new MemorialsHarness();

const CREATE = 'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }';
const ADD_MEMORY =
  'mutation($m: ID!, $input: MemoryInput!) { addMemory(memorialId: $m, input: $input) { id } }';
const LIST = '{ memorials { id } }';
const ONE = 'query($m: ID!) { memorial(id: $m) { id } }';
const MEMORIES = 'query($m: ID!) { memories(memorialId: $m) { id } }';
const INVITATIONS = '{ myMemorialInvitations { memorialId } }';
const ACCEPT = 'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }';
const INVITE =
  'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e, canEdit: false) { id } }';

const MEMBER_OPERATIONS = [
  'createMemorial',
  'updateMemorial',
  'deactivateMemorial',
  'moderationQueue',
  'addMemory',
  'moderateMemory',
  'inviteToMemorial',
  'myMemorialInvitations',
  'acceptMemorialInvitation',
  'memorialConnections',
  'removeMemorialConnection',
  'startMemorialPhotoUpload',
  'confirmMemorialPhotoUpload',
  'reorderMemorialPhotos',
];

/** Spec 2 and 6: memorials (list, one, create, memories, photos) need completed registration. */
describe('memorials: completed registration required', () => {
  beforeAll(() => harness.start(), 120_000);
  afterAll(() => harness.stop());

  const memberRow = async (userId: string) =>
    (
      (await harness.dataSource.query(
        'SELECT first_name, last_name, registration_paid FROM members WHERE user_id = $1',
        [userId],
      )) as { first_name: string; last_name: string; registration_paid: boolean }[]
    )[0];

  const registered = (userId: string, firstName: string, lastName: string) =>
    harness.events.deliverEvent(
      'user.registered',
      { userId, email: `${userId}@example.com`, firstName, lastName, role: 'member' },
      { subject: userId, source: 'jibs/identity' },
    );

  it("asks for registration on every member's operation; visitors' queries stay public", () => {
    const decisions = Object.fromEntries(
      listOperationDecisions(harness.app).map((entry) => [
        entry.operation.split('.').pop(),
        entry.decision,
      ]),
    );
    for (const operation of MEMBER_OPERATIONS)
      expect([operation, decisions[operation]]).toEqual([operation, { kind: 'registered' }]);
    for (const operation of ['memorials', 'memorial', 'memories', 'memorialPhotoUrl'])
      expect(decisions[operation]).toEqual({ kind: 'public' });
  });

  it('refuses a member who never paid the registration fee, and writes nothing', async () => {
    const creator = await harness.member();
    const memorialId = await harness.createMemorial(creator, { privacyLevel: 'PUBLIC' });
    const unpaid = await harness.member({ paid: false });
    const memorials = await harness.count('memorial_pages');
    for (const [query, variables] of [
      [CREATE, { input: { fullName: 'Never Created' } }],
      [ADD_MEMORY, { m: memorialId, input: { title: 'A', content: 'B' } }],
      [INVITATIONS, {}],
      [ACCEPT, { m: memorialId }],
    ] as const) {
      const body = await harness.gql(unpaid, query, variables);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.message).toBe(Messages.registrationRequired);
    }
    const photo = await harness.uploadPhoto(unpaid, memorialId, {
      body: JPEG,
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(outcome(photo)).toBe('FORBIDDEN');
    expect(await harness.count('memorial_pages')).toBe(memorials);
    expect(await harness.count('memorial_pages', 'created_by = $1', [unpaid.id])).toBe(0);
    expect(await harness.count('memorial_memories', 'contributor_id = $1', [unpaid.id])).toBe(0);
    expect(await harness.count('memorial_photos', 'memorial_id = $1', [memorialId])).toBe(0);
  });

  it('shows a signed-in member who has not paid what a visitor sees, no more', async () => {
    const member = await harness.member();
    const publicId = await harness.createMemorial(member, { privacyLevel: 'PUBLIC' });
    const privateId = await harness.createMemorial(member, { privacyLevel: 'FAMILY_ONLY' });
    await harness.ok(member, ADD_MEMORY, { m: privateId, input: { title: 'T', content: 'C' } });
    const mine = (await harness.ok(member, LIST)).memorials.map((m: { id: string }) => m.id);
    expect(mine).toEqual(expect.arrayContaining([publicId, privateId]));

    // The same member, as billing would never tell (a paid fee stays paid): no longer registered.
    await harness.dataSource.query(
      'UPDATE members SET registration_paid = false WHERE user_id = $1',
      [member.id],
    );
    const seen = (await harness.ok(member, LIST)).memorials.map((m: { id: string }) => m.id);
    const visitor = (await harness.ok(null, LIST)).memorials.map((m: { id: string }) => m.id);
    expect(seen).toContain(publicId);
    expect(seen).not.toContain(privateId);
    expect(seen).toEqual(visitor);
    expect(outcome(await harness.gql(member, ONE, { m: privateId }))).toBe('NOT_FOUND');
    expect(outcome(await harness.gql(member, MEMORIES, { m: privateId }))).toBe(
      outcome(await harness.gql(null, MEMORIES, { m: privateId })),
    );
    expect(outcome(await harness.gql(member, ONE, { m: publicId }))).toBe('ok');
  });

  it('lets a member in once billing says the fee is paid', async () => {
    const creator = await harness.member();
    const memorialId = await harness.createMemorial(creator);
    const member = await harness.member({ paid: false });
    await harness.ok(creator, INVITE, { m: memorialId, e: member.email });
    expect(outcome(await harness.gql(member, ACCEPT, { m: memorialId }))).toBe('FORBIDDEN');
    await harness.events.registrationPaid(member.id);
    expect(outcome(await harness.gql(member, ACCEPT, { m: memorialId }))).toBe('ok');
    expect(outcome(await harness.gql(member, CREATE, { input: { fullName: 'Paid' } }))).toBe('ok');
  });

  it('exempts admins, who never pay a registration fee', async () => {
    const admin = await harness.admin();
    const id = await harness.createMemorial(admin, { privacyLevel: 'FAMILY_ONLY' });
    expect(outcome(await harness.gql(admin, ONE, { m: id }))).toBe('ok');
    expect(outcome(await harness.gql(admin, INVITATIONS))).toBe('ok');
  });

  it('still refuses anonymous callers as unauthenticated, writing nothing', async () => {
    const before = await harness.count('memorial_pages');
    for (const [query, variables] of [
      [CREATE, { input: { fullName: 'Anonymous' } }],
      [INVITATIONS, {}],
    ] as const)
      expect(outcome(await harness.gql(null, query, variables))).toBe('UNAUTHENTICATED');
    expect(await harness.count('memorial_pages')).toBe(before);
  });

  it('keeps the name and the flag whichever of the two events comes first', async () => {
    const paidFirst = randomUUID();
    await harness.events.registrationPaid(paidFirst);
    expect(await memberRow(paidFirst)).toEqual({
      first_name: '',
      last_name: '',
      registration_paid: true,
    });
    await registered(paidFirst, 'Maryam', 'Hassan');
    expect(await memberRow(paidFirst)).toEqual({
      first_name: 'Maryam',
      last_name: 'Hassan',
      registration_paid: true,
    });

    const namedFirst = randomUUID();
    await registered(namedFirst, 'Bilal', 'Omar');
    expect((await memberRow(namedFirst))?.registration_paid).toBe(false);
    await harness.events.registrationPaid(namedFirst);
    expect(await memberRow(namedFirst)).toEqual({
      first_name: 'Bilal',
      last_name: 'Omar',
      registration_paid: true,
    });
  });

  it('learns each payment once: a redelivered event changes nothing', async () => {
    const member = randomUUID();
    await registered(member, 'Zainab', 'Yusuf');
    const event = harness.events.envelope(
      'membership.registration_paid',
      { userId: member },
      member,
      { source: 'jibs/billing' },
    );
    await harness.events.publish([event], 3);
    await harness.events.handled(event);
    await harness.events.registrationPaid(member);
    expect(await harness.count('members', 'user_id = $1', [member])).toBe(1);
    expect(await memberRow(member)).toEqual({
      first_name: 'Zainab',
      last_name: 'Yusuf',
      registration_paid: true,
    });
  });

  it('learns payments in a group of its own', () => {
    // A new consumer group starts at the beginning of the log: members who paid before this
    // consumer was deployed are learnt too (the names' group has long passed those events).
    expect(harness.events.groupsHandling('membership.registration_paid')).toEqual([
      REGISTRATIONS_GROUP,
    ]);
    expect(REGISTRATIONS_GROUP).not.toBe(MEMBERS_GROUP);
  });
});
