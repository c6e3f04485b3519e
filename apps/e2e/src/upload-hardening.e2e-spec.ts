// Uploads tried the way an attacker would, through the gateway on the built stack: the upload
// URL used again after confirm, a second confirm, and a flood of photo upload starts.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
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

const ALREADY_CONFIRMED =
  'This upload was already confirmed. To add the file again, upload it again.';

const CONFIRM_DOCUMENT = `mutation($input: ConfirmDocumentUploadInput!) { confirmDocumentUpload(input: $input) { id status } }`;
const DOWNLOAD_DOCUMENT = `mutation($id: ID!) { documentDownloadUrl(id: $id) { url } }`;
const MY_DOCUMENTS = `{ myDocuments { id } }`;
const PHOTO_URL = `query($id: ID!) { memorialPhotoUrl(id: $id) { url } }`;
const PHOTO_COUNT = `query($id: ID!) { memorial(id: $id) { photoCount } }`;

async function bytesAt(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { connection: 'close' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Other bytes of the same type and size: what an attacker can PUT again with the same presigned
 * URL, whose signature covers the length (a server that checks signatures refuses another one).
 */
function sameSizeForgery(original: Buffer, text: string): Buffer {
  const forged = Buffer.from(original);
  forged.write(text, Math.floor(original.length / 2));
  return forged;
}

describe('uploads as an attacker tries them, through the gateway', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let s3: S3Client;

  beforeAll(async () => {
    ({ stack, stop } = await startE2eStack({ shared: true }));
    s3 = stackS3Client(stack);
  });

  afterAll(async () => {
    s3?.destroy();
    await stop?.();
  });

  async function aPaidMember(): Promise<{ client: GraphQLClient; id: string }> {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(client, stack, aSignUp());
    await payRegistrationByApi(client, stack, user.id);
    return { client, id: user.id };
  }

  async function keysUnder(bucket: string, owner: string): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of [`${owner}/`, `incoming/${owner}/`]) {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    }
    return keys;
  }

  it('a document: the URL used again after confirm, and a second confirm, leave the checked bytes', async () => {
    const { client, id } = await aPaidMember();
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
    const input = { key: slot.key, fileName: 'certificate.pdf', documentType: 'Death Certificate' };
    const confirmed = await client.request<{ confirmDocumentUpload: { id: string } }>(
      CONFIRM_DOCUMENT,
      { input },
    );
    expect(confirmed.errors).toBeUndefined();
    const documentId = confirmed.data!.confirmDocumentUpload.id;

    // A real PDF with other bytes: it would pass every content check.
    await put(slot, sameSizeForgery(PDF, '%forged after the checks'));
    const again = await client.request(CONFIRM_DOCUMENT, { input });

    expect(again.data).toBeNull();
    expect([again.errors?.[0]?.extensions?.['code'], again.errors?.[0]?.message]).toEqual([
      'BAD_USER_INPUT',
      ALREADY_CONFIRMED,
    ]);
    const mine = await client.request<{ myDocuments: { id: string }[] }>(MY_DOCUMENTS);
    expect(mine.data!.myDocuments.map((document) => document.id)).toEqual([documentId]);
    const link = await client.request<{ documentDownloadUrl: { url: string } }>(DOWNLOAD_DOCUMENT, {
      id: documentId,
    });
    expect((await bytesAt(link.data!.documentDownloadUrl.url)).equals(PDF)).toBe(true);
    // The file put again was deleted; only the stored copy, under a key of its own, is left.
    const keys = await keysUnder('documents', id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(slot.key.split('/').pop()!.split('.')[0]!);
  });

  it('a memorial photo: the URL used again after confirm, and a second confirm, leave the checked bytes', async () => {
    const { client } = await aPaidMember();
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
    const input = { memorialId, key: slot.key };
    const confirmed = await client.request<{ confirmMemorialPhotoUpload: { id: string } }>(
      CONFIRM_PHOTO,
      { input },
    );
    expect(confirmed.errors).toBeUndefined();
    const photoId = confirmed.data!.confirmMemorialPhotoUpload.id;

    await put(slot, sameSizeForgery(JPEG, 'forged after the checks'));
    const again = await client.request(CONFIRM_PHOTO, { input });

    expect(again.data).toBeNull();
    expect([again.errors?.[0]?.extensions?.['code'], again.errors?.[0]?.message]).toEqual([
      'BAD_USER_INPUT',
      ALREADY_CONFIRMED,
    ]);
    const count = await client.request<{ memorial: { photoCount: number } }>(PHOTO_COUNT, {
      id: memorialId,
    });
    expect(count.data!.memorial.photoCount).toBe(1);
    const link = await client.request<{ memorialPhotoUrl: { url: string } }>(PHOTO_URL, {
      id: photoId,
    });
    expect((await bytesAt(link.data!.memorialPhotoUrl.url)).equals(JPEG)).toBe(true);
    expect(await keysUnder('memorials', memorialId)).toHaveLength(1);
  });

  it('a NUL in the file name of a confirm is refused as bad input and the upload deleted', async () => {
    const { client, id } = await aPaidMember();
    const started = await client.request<{ startDocumentUpload: Slot }>(START_DOCUMENT, {
      input: {
        fileName: 'a.pdf',
        fileType: 'application/pdf',
        fileSize: PDF.length,
        documentType: 'Other',
      },
    });
    const slot = started.data!.startDocumentUpload;
    await put(slot, PDF);
    expect(await keysUnder('documents', id)).toEqual([slot.key]);

    // Written into the query as an escape, the NUL passes the gateway's check of the raw request.
    const refused = await client.request(
      `mutation { confirmDocumentUpload(input: { key: "${slot.key}", fileName: "a\\u0000.pdf", documentType: "Other" }) { id } }`,
    );

    expect([refused.errors?.[0]?.extensions?.['code'], refused.errors?.[0]?.message]).toEqual([
      'BAD_USER_INPUT',
      'Text must not contain NUL characters or unpaired surrogates.',
    ]);
    expect(await keysUnder('documents', id)).toEqual([]);
    const mine = await client.request<{ myDocuments: { id: string }[] }>(MY_DOCUMENTS);
    expect(mine.data!.myDocuments).toEqual([]);
  });

  it('refuses the 11th memorial photo upload start in a minute with RATE_LIMITED', async () => {
    const { client } = await aPaidMember();
    const memorial = await client.request<{ createMemorial: { id: string } }>(CREATE_MEMORIAL, {
      input: { fullName: 'Yusuf Rahman' },
    });
    const memorialId = memorial.data!.createMemorial.id;
    const start = () =>
      client.request(START_PHOTO, {
        input: {
          memorialId,
          fileName: 'photo.jpg',
          fileType: 'image/jpeg',
          fileSize: 5 * 1024 * 1024,
        },
      });
    for (let i = 1; i <= 10; i += 1) {
      const result = await start();
      expect([i, result.errors]).toEqual([i, undefined]);
    }
    const eleventh = await start();
    expect(eleventh.data).toBeNull();
    expect([eleventh.errors?.[0]?.extensions?.['code'], eleventh.errors?.[0]?.message]).toEqual([
      'RATE_LIMITED',
      'Upload rate limit exceeded. Please try again later.',
    ]);
  });
});
