import { DocumentHarnessFixtures } from '../testing/fixtures';
import { DocumentsHarness, fetchOnce, type TestUser } from '../testing/documents-harness';

// s3rver writes every object to disk; on a loaded machine a few calls take seconds.
jest.setTimeout(60_000);

const START = `mutation($input: StartDocumentUploadInput!) {
  startDocumentUpload(input: $input) { key url method headers { name value } }
}`;
const CONFIRM = `mutation($input: ConfirmDocumentUploadInput!) {
  confirmDocumentUpload(input: $input) { id }
}`;
/** What the gateway asks for the admin console's user details. */
const USER_DOCUMENTS = `query($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { id documents { id fileName } } }
}`;

describe('User.documents (admin user details)', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await DocumentsHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  async function uploaded(member: TestUser, fileName: string): Promise<string> {
    const body = DocumentHarnessFixtures.PDF;
    const started = await h.gql(
      START,
      {
        input: {
          fileName,
          fileType: 'application/pdf',
          fileSize: body.length,
          documentType: 'Death Certificate',
        },
      },
      member.token,
    );
    expect(started.errors).toBeUndefined();
    const slot = started.data.startDocumentUpload;
    const put = await fetchOnce(slot.url, {
      method: slot.method,
      headers: Object.fromEntries(
        (slot.headers as { name: string; value: string }[]).map(({ name, value }) => [name, value]),
      ),
      body: new Uint8Array(body),
    });
    expect(put.status).toBe(200);
    const confirmed = await h.gql(
      CONFIRM,
      { input: { key: slot.key, fileName, documentType: 'Death Certificate' } },
      member.token,
    );
    expect(confirmed.errors).toBeUndefined();
    return confirmed.data.confirmDocumentUpload.id;
  }

  it("lists each user's documents to an admin, and to nobody else", async () => {
    const [first, second, admin] = [
      await h.aMember({ paid: true }),
      await h.aMember({ paid: true }),
      await h.anAdmin(),
    ];
    const a = await uploaded(first, 'a.pdf');
    const b = await uploaded(first, 'b.pdf');
    const representations = [first, second].map((user) => ({ __typename: 'User', id: user.id }));

    const seen = await h.gql(USER_DOCUMENTS, { representations }, admin.token);
    expect(seen.errors).toBeUndefined();
    expect(seen.data._entities).toEqual([
      {
        id: first.id,
        documents: [
          { id: b, fileName: 'b.pdf' },
          { id: a, fileName: 'a.pdf' },
        ],
      },
      { id: second.id, documents: [] },
    ]);

    const anonymous = await h.gql(USER_DOCUMENTS, { representations });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    // A member cannot read documents through the admin field, not even another's or their own.
    for (const member of [second, first]) {
      const refused = await h.gql(USER_DOCUMENTS, { representations }, member.token);
      expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(JSON.stringify(refused.data ?? {})).not.toContain('a.pdf');
    }
  });
});
