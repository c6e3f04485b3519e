import { request as httpRequest } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS, megabytesToBytes, type SupportedFileType } from '@jibs/domain';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import {
  createS3Client,
  CreateUploadTables1795752151361,
  createUploadSlot,
  startVerifyingS3,
  UploadClaimEntity,
  UploadRateLimiter,
  type TestS3,
  type UploadSlot,
} from './index';

/**
 * What an attacker can do with a presigned upload URL, or with no signature at all, against a
 * server that checks signatures as S3 does (S3Proxy; s3rver checks none). Every refusal is the
 * server's, sent as a raw HTTP request, and each test then shows that nothing in the buckets
 * changed and that the same URL, used as signed, still works (so the refusal was not an
 * accident of a broken URL).
 */

jest.setTimeout(60_000);

const BUCKET = 'documents';
const OTHER_BUCKET = 'memorials';
const PDF = Buffer.from('%PDF-1.4\n% a certificate\n%%EOF\n');
const rules = {
  maxBytes: megabytesToBytes(DEFAULT_SETTINGS.maxFileSizeMb),
  allowed: DEFAULT_SETTINGS.allowedFileTypes as SupportedFileType[],
};

let s3: TestS3;
let db: TestDatabase;
let dataSource: DataSource;
let limiter: UploadRateLimiter;
let owner = 0;
const anOwner = () => `member-${process.pid}-${++owner}`;
/** An object another member stored, that nobody without a signature may read or replace. */
const STORED = { key: 'member-victim/1700000000000-abc.pdf', body: 'the victim’s certificate' };

beforeAll(async () => {
  s3 = await startVerifyingS3([BUCKET, OTHER_BUCKET]);
  // Slots are counted against the upload rate limit, which lives in the service's database.
  db = await createTestDatabase('presigned_limits');
  dataSource = new DataSource({
    type: 'postgres',
    url: db.url,
    entities: [UploadClaimEntity],
    migrations: [CreateUploadTables1795752151361],
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  limiter = new UploadRateLimiter(dataSource);
  await s3.client.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: STORED.key,
      Body: STORED.body,
      ContentType: 'application/pdf',
    }),
  );
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
  await s3?.stop();
});

interface Sent {
  status: number;
  body: string;
}

/** One raw HTTP request, exactly these headers (no client adds or fixes any). */
function send(
  url: string,
  init: { method: string; headers?: Record<string, string | number>; body?: Buffer },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/** Every object in both buckets with its ETag: what "nothing changed" compares. */
async function everything(): Promise<string[]> {
  const all: string[] = [];
  for (const bucket of [BUCKET, OTHER_BUCKET]) {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    all.push(...(page.Contents ?? []).map((o) => `${bucket}/${o.Key} ${o.Size} ${o.ETag}`));
  }
  return all.sort();
}

async function slotFor(ownerId: string, size = PDF.length, expiresIn?: number) {
  return createUploadSlot(s3.client, limiter, {
    bucket: BUCKET,
    ownerId,
    memberId: ownerId,
    fileName: 'certificate.pdf',
    declaredType: 'application/pdf',
    declaredSize: size,
    expiresIn,
    ...rules,
  });
}

/** The browser's PUT, as the slot says. */
const asSigned = (slot: UploadSlot) =>
  send(slot.url, {
    method: 'PUT',
    headers: { ...slot.headers, 'Content-Length': PDF.length },
    body: PDF,
  });

/** Refused with 403 and an S3 error code, not served. */
function expectRefused(sent: Sent, code: RegExp = /AccessDenied|SignatureDoesNotMatch/) {
  expect(sent.status).toBe(403);
  if (sent.body) expect(sent.body).toMatch(code);
}

async function storedBody(key: string, bucket = BUCKET): Promise<string> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return object.Body!.transformToString();
}

describe('a presigned upload URL', () => {
  it('cannot be re-aimed at another key, another member’s file or another bucket', async () => {
    const ownerId = anOwner();
    const slot = await slotFor(ownerId);
    const before = await everything();
    const url = new URL(slot.url);
    const aimedAt = (path: string) => {
      const copy = new URL(url);
      copy.pathname = path;
      return copy.toString();
    };
    const headers = { ...slot.headers, 'Content-Length': PDF.length };
    const targets = [
      `/${BUCKET}/incoming/${ownerId}/another.pdf`,
      `/${BUCKET}/${STORED.key}`,
      `/${BUCKET}/incoming/member-victim/1700000000000-abc.pdf`,
      `/${OTHER_BUCKET}/${slot.key}`,
    ];
    for (const path of targets) {
      expect(url.pathname).not.toBe(path);
      expectRefused(await send(aimedAt(path), { method: 'PUT', headers, body: PDF }));
    }

    expect(await everything()).toEqual(before);
    expect(await storedBody(STORED.key)).toBe(STORED.body);
    expect((await asSigned(slot)).status).toBe(200);
  });

  it('cannot be used to read, inspect or delete (GET, HEAD, DELETE, POST)', async () => {
    const slot = await slotFor(anOwner());
    expect((await asSigned(slot)).status).toBe(200);
    const before = await everything();

    for (const method of ['GET', 'DELETE', 'POST']) {
      const sent = await send(slot.url, { method });
      expectRefused(sent);
      expect(sent.body).not.toContain('%PDF');
    }
    expect((await send(slot.url, { method: 'HEAD' })).status).toBe(403);

    expect(await everything()).toEqual(before);
    expect(await storedBody(slot.key)).toBe(PDF.toString());
  });

  it('cannot be used after it expires, nor have its expiry or date rewritten', async () => {
    const slot = await slotFor(anOwner(), PDF.length, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = await everything();
    const headers = { ...slot.headers, 'Content-Length': PDF.length };

    expectRefused(
      await send(slot.url, { method: 'PUT', headers, body: PDF }),
      /AccessDenied|expired/,
    );
    const stretched = slot.url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604800');
    expect(stretched).not.toBe(slot.url);
    expectRefused(await send(stretched, { method: 'PUT', headers, body: PDF }));
    const now = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const redated = slot.url.replace(/X-Amz-Date=\w+/, `X-Amz-Date=${now}`);
    expect(redated).not.toBe(slot.url);
    expectRefused(await send(redated, { method: 'PUT', headers, body: PDF }));

    expect(await everything()).toEqual(before);
  });

  it('cannot store more or fewer bytes than were signed, nor an unsized stream', async () => {
    const slot = await slotFor(anOwner());
    const before = await everything();
    const bigger = Buffer.concat([PDF, Buffer.alloc(4096, 0x41)]);
    const smaller = PDF.subarray(0, 8);

    for (const body of [bigger, smaller]) {
      expectRefused(
        await send(slot.url, {
          method: 'PUT',
          headers: { ...slot.headers, 'Content-Length': body.length },
          body,
        }),
      );
    }
    // No Content-Length at all (chunked): the signed length is missing, so is the signature.
    expectRefused(
      await send(slot.url, {
        method: 'PUT',
        headers: { ...slot.headers, 'Transfer-Encoding': 'chunked' },
        body: bigger,
      }),
    );

    expect(await everything()).toEqual(before);
    expect((await asSigned(slot)).status).toBe(200);
  });

  it('cannot store another content type than was signed, or none', async () => {
    const slot = await slotFor(anOwner());
    const before = await everything();

    for (const type of ['text/html', 'image/svg+xml', 'application/pdf; charset=utf-8']) {
      expectRefused(
        await send(slot.url, {
          method: 'PUT',
          headers: { 'Content-Type': type, 'Content-Length': PDF.length },
          body: PDF,
        }),
      );
    }
    expectRefused(
      await send(slot.url, { method: 'PUT', headers: { 'Content-Length': PDF.length }, body: PDF }),
    );

    expect(await everything()).toEqual(before);
    expect((await asSigned(slot)).status).toBe(200);
  });

  it('is refused with its signature altered', async () => {
    const slot = await slotFor(anOwner());
    const before = await everything();
    const altered = slot.url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_, first: string) => `X-Amz-Signature=${first === '0' ? '1' : '0'}`,
    );
    expect(altered).not.toBe(slot.url);
    const headers = { ...slot.headers, 'Content-Length': PDF.length };
    expectRefused(await send(altered, { method: 'PUT', headers, body: PDF }));
    expect(await everything()).toEqual(before);
  });
});

describe('the buckets without a signature', () => {
  const at = (path: string) => `${s3.endpoint}${path}`;

  it('list nothing: no bucket listing, no object listing', async () => {
    for (const path of ['/', `/${BUCKET}`, `/${BUCKET}?list-type=2`, `/${OTHER_BUCKET}`]) {
      const sent = await send(at(path), { method: 'GET' });
      expectRefused(sent);
      expect(sent.body).not.toContain('member-victim');
    }
  });

  it('read nothing: GET and HEAD of a stored file are refused', async () => {
    const get = await send(at(`/${BUCKET}/${STORED.key}`), { method: 'GET' });
    expectRefused(get);
    expect(get.body).not.toContain(STORED.body);
    expect((await send(at(`/${BUCKET}/${STORED.key}`), { method: 'HEAD' })).status).toBe(403);
  });

  it('write nothing: PUT, overwrite, DELETE and bucket creation are refused', async () => {
    const before = await everything();
    const headers = { 'Content-Type': 'application/pdf', 'Content-Length': PDF.length };
    expectRefused(
      await send(at(`/${BUCKET}/incoming/${anOwner()}/x.pdf`), {
        method: 'PUT',
        headers,
        body: PDF,
      }),
    );
    expectRefused(
      await send(at(`/${BUCKET}/${STORED.key}`), { method: 'PUT', headers, body: PDF }),
    );
    expectRefused(await send(at(`/${BUCKET}/${STORED.key}`), { method: 'DELETE' }));
    expectRefused(await send(at('/another-bucket'), { method: 'PUT' }));

    expect(await everything()).toEqual(before);
    expect(await storedBody(STORED.key)).toBe(STORED.body);
  });

  it('are refused to a client signing with credentials other than the service’s', async () => {
    // The service's own client settings, with a guessed secret.
    const stranger = createS3Client({ ...s3.env, S3_SECRET_ACCESS_KEY: 'a guess' });
    try {
      const before = await everything();
      const refused = (promise: Promise<unknown>) =>
        promise.then(
          () => 'accepted',
          (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
        );
      expect(await refused(stranger.send(new ListObjectsV2Command({ Bucket: BUCKET })))).toBe(403);
      expect(
        await refused(stranger.send(new GetObjectCommand({ Bucket: BUCKET, Key: STORED.key }))),
      ).toBe(403);
      expect(
        await refused(
          stranger.send(new PutObjectCommand({ Bucket: BUCKET, Key: STORED.key, Body: 'x' })),
        ),
      ).toBe(403);
      // A URL it presigns is no better.
      const url = await getSignedUrl(
        stranger,
        new GetObjectCommand({ Bucket: BUCKET, Key: STORED.key }),
      );
      expectRefused(await send(url, { method: 'GET' }));
      expect(await everything()).toEqual(before);
    } finally {
      stranger.destroy();
    }
  });
});
