// A confirm refused at the door (a NUL or a lone surrogate in its variables, before any resolver)
// deletes the caller's upload like every other refused confirm, through the gateway and straight
// at the owning subgraph; another member's upload, or an anonymous request, deletes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { LocalStack } from '@jibs/stack';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import {
  CONFIRM_PHOTO,
  CREATE_MEMORIAL,
  JPEG,
  PDF,
  put,
  START_DOCUMENT,
  START_PHOTO,
  stackS3Client,
  type Slot,
} from './support/uploads';

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = '\ud800';
/** The door's answer, the same before this cleanup existed. */
const REFUSED = {
  status: 400,
  body: {
    errors: [
      {
        message: 'Text must not contain NUL characters or unpaired surrogates.',
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ],
  },
};

const CONFIRM_DOCUMENT = `mutation($input: ConfirmDocumentUploadInput!) { confirmDocumentUpload(input: $input) { id } }`;

describe('a confirm refused before any resolver deletes its upload', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let s3: S3Client;
  let gatewaySecret: string;

  beforeAll(async () => {
    ({ stack, stop } = await startE2eStack({ shared: true }));
    s3 = stackS3Client(stack);
    ({ gatewaySecret } = JSON.parse(
      readFileSync(join(stack.options.dataDir, 'secrets.json'), 'utf8'),
    ) as { gatewaySecret: string });
  });

  afterAll(async () => {
    s3?.destroy();
    await stop?.();
  });

  async function aPaidMember(): Promise<GraphQLClient> {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(client, stack, aSignUp());
    await payRegistrationByApi(client, stack, user.id);
    return client;
  }

  /** HEAD on the key: 200 while the upload is there, 404 once deleted. */
  async function headStatus(bucket: string, key: string): Promise<number> {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.$metadata.httpStatusCode ?? 0;
    } catch (error) {
      return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
    }
  }

  /** A document upload of this member, its bytes put. */
  async function aDocumentUpload(client: GraphQLClient): Promise<Slot> {
    const started = await client.request<{ startDocumentUpload: Slot }>(START_DOCUMENT, {
      input: {
        fileName: 'certificate.pdf',
        fileType: 'application/pdf',
        fileSize: PDF.length,
        documentType: 'Death Certificate',
      },
    });
    expect(started.errors).toBeUndefined();
    const slot = started.data!.startDocumentUpload;
    await put(slot, PDF);
    expect(await headStatus('documents', slot.key)).toBe(200);
    return slot;
  }

  async function aPhotoUpload(client: GraphQLClient): Promise<{ slot: Slot; memorialId: string }> {
    const memorial = await client.request<{ createMemorial: { id: string } }>(CREATE_MEMORIAL, {
      input: { fullName: 'Amina bint Yusuf' },
    });
    expect(memorial.errors).toBeUndefined();
    const memorialId = memorial.data!.createMemorial.id;
    const started = await client.request<{ startMemorialPhotoUpload: Slot }>(START_PHOTO, {
      input: { memorialId, fileName: 'amina.jpg', fileType: 'image/jpeg', fileSize: JPEG.length },
    });
    expect(started.errors).toBeUndefined();
    const slot = started.data!.startMemorialPhotoUpload;
    await put(slot, JPEG);
    expect(await headStatus('memorials', slot.key)).toBe(200);
    return { slot, memorialId };
  }

  /** POSTs a body as the gateway's client, or straight at a subgraph with the gateway's credential. */
  async function send(
    target: 'gateway' | 'documents' | 'memorials',
    token: string | undefined,
    query: string,
    variables: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    const url =
      target === 'gateway'
        ? `${stack.gatewayUrl}/graphql`
        : `${stack.services.get(target)!.url}/graphql`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(target === 'gateway' ? {} : { 'x-jibs-gateway-secret': gatewaySecret }),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: await response.json() };
  }

  const confirmDocument = (key: string, fileName: string) => ({
    input: { key, fileName, documentType: 'Death Certificate' },
  });

  for (const [target, bad] of [
    ['gateway', NUL],
    ['gateway', LONE_SURROGATE],
    ['documents', NUL],
    ['documents', LONE_SURROGATE],
  ] as const) {
    it(`a document's (${target}, ${bad === NUL ? 'NUL' : 'lone surrogate'} in the file name)`, async () => {
      const member = await aPaidMember();
      const slot = await aDocumentUpload(member);

      const refused = await send(
        target,
        member.accessToken,
        CONFIRM_DOCUMENT,
        confirmDocument(slot.key, `a${bad}.pdf`),
      );

      expect(refused).toEqual(REFUSED);
      expect(await headStatus('documents', slot.key)).toBe(404);
    });
  }

  it("another member's or an anonymous request deletes nothing, and the owner still confirms", async () => {
    const owner = await aPaidMember();
    const other = await aPaidMember();
    const slot = await aDocumentUpload(owner);
    const variables = confirmDocument(slot.key, `a${NUL}.pdf`);

    for (const target of ['gateway', 'documents'] as const) {
      expect(await send(target, other.accessToken, CONFIRM_DOCUMENT, variables)).toEqual(REFUSED);
      expect(await send(target, undefined, CONFIRM_DOCUMENT, variables)).toEqual(REFUSED);
      expect(await send(target, 'not-a-token', CONFIRM_DOCUMENT, variables)).toEqual(REFUSED);
    }
    // The key written into the query as a literal is found too, and is still not theirs.
    const literal = `mutation($name: String!) { confirmDocumentUpload(input: { key: "${slot.key}", fileName: $name, documentType: "Other" }) { id } }`;
    expect(await send('gateway', other.accessToken, literal, { name: `a${NUL}.pdf` })).toEqual(
      REFUSED,
    );

    expect(await headStatus('documents', slot.key)).toBe(200);
    const confirmed = await owner.request(
      CONFIRM_DOCUMENT,
      confirmDocument(slot.key, 'certificate.pdf'),
    );
    expect(confirmed.errors).toBeUndefined();
  });

  it('the key written as a literal in the query is deleted for its owner', async () => {
    const member = await aPaidMember();
    const slot = await aDocumentUpload(member);
    const literal = `mutation($name: String!) { confirmDocumentUpload(input: { key: "${slot.key}", fileName: $name, documentType: "Other" }) { id } }`;

    expect(await send('gateway', member.accessToken, literal, { name: `a${NUL}.pdf` })).toEqual(
      REFUSED,
    );

    expect(await headStatus('documents', slot.key)).toBe(404);
  });

  for (const [target, bad] of [
    ['gateway', NUL],
    ['memorials', LONE_SURROGATE],
  ] as const) {
    it(`a memorial photo's (${target}, ${bad === NUL ? 'NUL' : 'lone surrogate'} in the caption)`, async () => {
      const member = await aPaidMember();
      const { slot, memorialId } = await aPhotoUpload(member);

      const refused = await send(target, member.accessToken, CONFIRM_PHOTO, {
        input: { memorialId, key: slot.key, caption: `by the sea${bad}` },
      });

      expect(refused).toEqual(REFUSED);
      expect(await headStatus('memorials', slot.key)).toBe(404);
    });
  }

  it("a memorial photo: another member's or an anonymous request deletes nothing", async () => {
    const owner = await aPaidMember();
    const other = await aPaidMember();
    const { slot, memorialId } = await aPhotoUpload(owner);
    const variables = { input: { memorialId, key: slot.key, caption: `x${NUL}` } };

    for (const target of ['gateway', 'memorials'] as const) {
      expect(await send(target, other.accessToken, CONFIRM_PHOTO, variables)).toEqual(REFUSED);
      expect(await send(target, undefined, CONFIRM_PHOTO, variables)).toEqual(REFUSED);
    }

    expect(await headStatus('memorials', slot.key)).toBe(200);
    const confirmed = await owner.request(CONFIRM_PHOTO, {
      input: { memorialId, key: slot.key },
    });
    expect(confirmed.errors).toBeUndefined();
  });
});
