import { randomUUID } from 'node:crypto';
import { listOperationDecisions } from '@jibs/auth';
import { Messages } from '@jibs/domain';
import { membersGroups } from '@jibs/subgraph';
import { DocumentHarnessFixtures } from '../testing/fixtures';
import { DocumentsHarness, fetchOnce, type TestUser } from '../testing/documents-harness';

const { registrations: REGISTRATIONS_GROUP, names: MEMBERS_GROUP } = membersGroups('documents');

// s3rver writes every object to disk; on a loaded machine a few calls take seconds.
jest.setTimeout(60_000);

const START = `mutation($input: StartDocumentUploadInput!) {
  startDocumentUpload(input: $input) { key url method headers { name value } }
}`;
const CONFIRM = `mutation($input: ConfirmDocumentUploadInput!) {
  confirmDocumentUpload(input: $input) { id }
}`;
const MINE = '{ myDocuments { id } }';
const LIMITS = '{ uploadLimits { maxFileSizeBytes } }';
const DOWNLOAD = 'mutation($id: ID!) { documentDownloadUrl(id: $id) { url } }';

const PDF = DocumentHarnessFixtures.PDF;
const declared = (fileName = 'certificate.pdf') => ({
  fileName,
  fileType: 'application/pdf',
  fileSize: PDF.length,
  documentType: 'Death Certificate',
});

/** Spec 2 and 6: uploading and reading own documents need completed registration. */
describe('documents: completed registration required', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await DocumentsHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  async function upload(member: TestUser): Promise<string> {
    const started = await h.ok(START, { input: declared() }, member);
    const slot = started.startDocumentUpload;
    const put = await fetchOnce(slot.url, {
      method: slot.method,
      headers: Object.fromEntries(
        (slot.headers as { name: string; value: string }[]).map(({ name, value }) => [name, value]),
      ),
      body: new Uint8Array(PDF),
    });
    expect(put.status).toBe(200);
    const confirmed = await h.ok(
      CONFIRM,
      { input: { key: slot.key, fileName: 'certificate.pdf', documentType: 'Death Certificate' } },
      member,
    );
    return confirmed.confirmDocumentUpload.id;
  }

  const memberRow = async (userId: string) =>
    (
      (await h.dataSource.query(
        'SELECT first_name, last_name, registration_paid FROM members WHERE user_id = $1',
        [userId],
      )) as { first_name: string; last_name: string; registration_paid: boolean }[]
    )[0];

  it("asks for registration on every member's operation", () => {
    const decisions = Object.fromEntries(
      listOperationDecisions(h.app).map((entry) => [
        entry.operation.split('.').pop(),
        entry.decision,
      ]),
    );
    for (const operation of [
      'myDocuments',
      'uploadLimits',
      'startDocumentUpload',
      'confirmDocumentUpload',
      'documentDownloadUrl',
    ])
      expect(decisions[operation]).toEqual({ kind: 'registered' });
  });

  it('refuses a member who never paid the registration fee, and stores nothing', async () => {
    const member = await h.aMember({ registered: true });
    const key = `incoming/${member.id}/${randomUUID()}`;
    for (const [query, variables] of [
      [START, { input: declared() }],
      [CONFIRM, { input: { key, fileName: 'a.pdf', documentType: 'Death Certificate' } }],
      [MINE, {}],
      [LIMITS, {}],
      [DOWNLOAD, { id: randomUUID() }],
    ] as const) {
      const body = await h.gql(query, variables, member);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.message).toBe(Messages.registrationRequired);
    }
    expect(await h.count('documents', 'user_id = $1', [member.id])).toBe(0);
    expect(await h.keysOf(member.id)).toEqual([]);
  });

  it('lets a member upload once billing says the fee is paid', async () => {
    const member = await h.aMember({ registered: true });
    await h.registrationPaid(member.id);
    const id = await upload(member);
    expect(await h.ok(MINE, {}, member)).toEqual({ myDocuments: [{ id }] });
  });

  it('exempts admins, who never pay a registration fee', async () => {
    const admin = await h.anAdmin();
    const id = await upload(admin);
    expect(await h.ok(MINE, {}, admin)).toEqual({ myDocuments: [{ id }] });
  });

  it('still refuses anonymous callers as unauthenticated, storing nothing', async () => {
    const before = await h.count('documents');
    for (const [query, variables] of [
      [START, { input: declared() }],
      [MINE, {}],
    ] as const) {
      const body = await h.gql(query, variables);
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
    expect(await h.count('documents')).toBe(before);
  });

  it('keeps the name and the flag whichever of the two events comes first', async () => {
    const paidFirst = randomUUID();
    await h.registrationPaid(paidFirst);
    expect(await memberRow(paidFirst)).toEqual({
      first_name: '',
      last_name: '',
      registration_paid: true,
    });
    await h.registered(paidFirst, 'Maryam', 'Hassan');
    expect(await memberRow(paidFirst)).toEqual({
      first_name: 'Maryam',
      last_name: 'Hassan',
      registration_paid: true,
    });

    const namedFirst = randomUUID();
    await h.registered(namedFirst, 'Bilal', 'Omar');
    expect((await memberRow(namedFirst))?.registration_paid).toBe(false);
    await h.registrationPaid(namedFirst);
    expect(await memberRow(namedFirst)).toEqual({
      first_name: 'Bilal',
      last_name: 'Omar',
      registration_paid: true,
    });
    // An older name delivered late changes nothing, and never the flag.
    await h.registered(namedFirst, 'Old', 'Name', new Date('2020-01-01T00:00:00Z'));
    expect(await memberRow(namedFirst)).toEqual({
      first_name: 'Bilal',
      last_name: 'Omar',
      registration_paid: true,
    });
  });

  it('learns each payment once: a redelivered event changes nothing', async () => {
    const member = randomUUID();
    await h.registered(member, 'Zainab', 'Yusuf');
    const event = h.envelope('membership.registration_paid', { userId: member }, member, {
      source: 'jibs/billing',
    });
    await h.publish([event], 3);
    await h.handled(event);
    await h.registrationPaid(member);
    expect(await h.count('members', 'user_id = $1', [member])).toBe(1);
    expect(await memberRow(member)).toEqual({
      first_name: 'Zainab',
      last_name: 'Yusuf',
      registration_paid: true,
    });
  });

  it('learns payments in a group of its own', () => {
    // A new consumer group starts at the beginning of the log: members who paid before this
    // consumer was deployed are learnt too (the names' group has long passed those events).
    expect(h.groupsHandling('membership.registration_paid')).toEqual([REGISTRATIONS_GROUP]);
    expect(REGISTRATIONS_GROUP).not.toBe(MEMBERS_GROUP);
  });
});
