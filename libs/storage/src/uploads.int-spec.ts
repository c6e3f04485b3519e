import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_SETTINGS,
  DomainError,
  ErrorCode,
  UPLOAD_RATE_LIMIT,
  UploadRejection,
  megabytesToBytes,
  type SupportedFileType,
  type UploadRules,
} from '@jibs/domain';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import {
  CreateUploadTables1795752151361,
  UploadClaimEntity,
  UploadError,
  UploadRateLimiter,
  allowBrowserUploads,
  confirmAndRecordUpload,
  createS3Client,
  createUploadSlot,
  deleteObject,
  downloadUrl,
  ensureBucket,
  startS3rver,
  startTestS3,
  sweepIncoming,
  type ConfirmUploadRequest,
  type ConfirmedUpload,
  type TestS3,
} from './index';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
const PDF = fixture('certificate.pdf');
const JPEG = fixture('photo.jpg');
const PNG = fixture('photo.png');
// A Windows executable's header ("MZ") with some padding: what a renamed .exe looks like.
const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
  Buffer.alloc(200),
]);

const BUCKET = 'documents';
const documents: UploadRules = {
  maxBytes: megabytesToBytes(DEFAULT_SETTINGS.maxFileSizeMb),
  allowed: DEFAULT_SETTINGS.allowedFileTypes as SupportedFileType[],
};
const photos: UploadRules = { maxBytes: megabytesToBytes(10), allowed: ['jpg', 'jpeg', 'png'] };

// s3rver writes every object to disk; on a loaded machine a few calls take seconds.
jest.setTimeout(30_000);

let s3: TestS3;
let db: TestDatabase;
let dataSource: DataSource;
let limiter: UploadRateLimiter;
let ownerCounter = 0;
/** A fresh owner per test, so each test sees only its own objects. */
const anOwner = () => `member-${process.pid}-${++ownerCounter}`;

beforeAll(async () => {
  s3 = await startTestS3([BUCKET, 'memorials']);
  db = await createTestDatabase('storage');
  dataSource = new DataSource({
    type: 'postgres',
    url: db.url,
    entities: [UploadClaimEntity],
    migrations: [CreateUploadTables1795752151361],
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  // What a service's row stands for here: one per recorded file.
  await dataSource.query(
    'CREATE TABLE recorded (stored_key text PRIMARY KEY, owner_id text NOT NULL, size int NOT NULL)',
  );
  limiter = new UploadRateLimiter(dataSource);
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
  await s3?.stop();
});

/** What a service's `record` does: writes its row in the transaction it is given. */
async function recordRow(
  manager: EntityManager,
  upload: ConfirmedUpload,
): Promise<ConfirmedUpload> {
  await manager.query('INSERT INTO recorded (stored_key, owner_id, size) VALUES ($1, $2, $3)', [
    upload.key,
    upload.key.split('/')[0],
    upload.size,
  ]);
  return upload;
}

type TestConfirm = Omit<ConfirmUploadRequest<ConfirmedUpload>, 'record'> &
  Partial<Pick<ConfirmUploadRequest<ConfirmedUpload>, 'record'>>;

/** Confirms through the library with the test's database, recording a row unless told otherwise. */
function confirmUpload(client: S3Client, request: TestConfirm): Promise<ConfirmedUpload> {
  return confirmAndRecordUpload(client, dataSource, { record: recordRow, ...request });
}

async function rowsOf(ownerId: string): Promise<string[]> {
  const rows = (await dataSource.query(
    'SELECT stored_key FROM recorded WHERE owner_id = $1 ORDER BY stored_key',
    [ownerId],
  )) as { stored_key: string }[];
  return rows.map((row) => row.stored_key);
}

async function keysOf(ownerId: string, bucket = BUCKET): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of [`${ownerId}/`, `incoming/${ownerId}/`]) {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
  }
  return keys.sort();
}

/** What a browser does: ask for a slot, then PUT the bytes to the presigned URL. */
async function upload(
  ownerId: string,
  body: Buffer,
  declared: { name: string; type: string; size?: number },
  rules: UploadRules = documents,
  bucket = BUCKET,
) {
  const slot = await createUploadSlot(s3.client, limiter, {
    bucket,
    ownerId,
    memberId: ownerId,
    fileName: declared.name,
    declaredType: declared.type,
    declaredSize: declared.size ?? body.length,
    ...rules,
  });
  const response = await fetchOnce(slot.url, {
    method: slot.method,
    headers: slot.headers,
    body: new Uint8Array(body),
  });
  expect(response.status).toBe(200);
  return slot;
}

/**
 * A body of another size than the slot signed. S3 and the verifying server refuse the browser's
 * PUT (the Content-Length is signed; presigned-limits.int-spec.ts shows it); a server that does
 * not check it (s3rver) would keep the bytes, so they are written as such a server would keep
 * them, and confirm must still refuse them by what is in the bucket.
 */
async function uploadMismatched(
  ownerId: string,
  body: Buffer,
  declared: { name: string; type: string; size: number },
  rules: UploadRules = documents,
) {
  const slot = await createUploadSlot(s3.client, limiter, {
    bucket: BUCKET,
    ownerId,
    memberId: ownerId,
    fileName: declared.name,
    declaredType: declared.type,
    declaredSize: declared.size,
    ...rules,
  });
  const response = await fetchOnce(slot.url, {
    method: slot.method,
    headers: slot.headers,
    body: new Uint8Array(body),
  });
  if (response.status !== 200) {
    expect(s3.server).toBe('verifying');
    expect(response.status).toBe(403);
    await s3.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: slot.key,
        Body: body,
        ContentType: slot.headers['Content-Type'],
      }),
    );
  }
  return slot;
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).code).toBe(ErrorCode.BadUserInput);
  return error as UploadError;
}

/**
 * fetch on a connection of its own: a kept-alive socket that s3rver closes as it is reused
 * fails a PUT with ECONNRESET (its body cannot be replayed), which happened on a loaded machine.
 */
function fetchOnce(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), connection: 'close' },
  });
}

const TYPE_NOT_ALLOWED = 'File type not allowed. Allowed types: PDF, JPG, JPEG, PNG';

describe('upload slots', () => {
  it("hands out a presigned PUT under the owner's incoming prefix, signed for type and length", async () => {
    const ownerId = anOwner();
    const slot = await createUploadSlot(s3.client, limiter, {
      bucket: BUCKET,
      ownerId,
      memberId: ownerId,
      fileName: 'Death Certificate.PDF',
      declaredType: 'application/pdf',
      declaredSize: PDF.length,
      ...documents,
    });
    expect(slot.key).toMatch(new RegExp(`^incoming/${ownerId}/\\d{13}-[0-9a-f]{16}\\.pdf$`));
    const url = new URL(slot.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(slot.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(slot.expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect(await keysOf(ownerId)).toEqual([]);
  });

  it("takes the key's extension from the declared type, never from the name", async () => {
    const slot = await createUploadSlot(s3.client, limiter, {
      bucket: BUCKET,
      ownerId: anOwner(),
      memberId: 'member-starting',
      fileName: 'photo.jpeg',
      declaredType: 'image/png',
      declaredSize: 10,
      ...documents,
    });
    expect(slot.key).toMatch(/\.png$/);
  });

  it.each([
    [
      'an .exe',
      { fileName: 'setup.exe', declaredType: 'application/x-msdownload' },
      TYPE_NOT_ALLOWED,
    ],
    [
      'a PDF for a photo',
      { fileName: 'a.pdf', declaredType: 'application/pdf' },
      'File type not allowed. Allowed types: JPG, JPEG, PNG',
    ],
  ])('refuses %s before any URL is issued', async (_label, declared, message) => {
    const error = await refusal(
      createUploadSlot(s3.client, limiter, {
        bucket: 'memorials',
        ownerId: anOwner(),
        memberId: 'member-starting',
        declaredSize: 10,
        ...declared,
        ...photos,
        allowed: declared.fileName === 'setup.exe' ? documents.allowed : photos.allowed,
      }),
    );
    expect(error.reason).toBe(UploadRejection.TypeNotAllowed);
    expect(error.message).toBe(message);
    expect(error.fieldErrors).toEqual({ file: message });
  });

  it('refuses a declared size over the limit or of 0 bytes', async () => {
    const ownerId = anOwner();
    const base = {
      bucket: BUCKET,
      ownerId,
      memberId: ownerId,
      fileName: 'a.pdf',
      declaredType: 'application/pdf',
      ...documents,
    };
    const tooLarge = await refusal(
      createUploadSlot(s3.client, limiter, { ...base, declaredSize: documents.maxBytes + 1 }),
    );
    expect(tooLarge.message).toBe('File size too large. Maximum size: 10MB');
    const empty = await refusal(createUploadSlot(s3.client, limiter, { ...base, declaredSize: 0 }));
    expect(empty.reason).toBe(UploadRejection.Empty);
  });
});

describe('upload rate limit', () => {
  it('refuses the 11th start in a minute with RATE_LIMITED, per member, whatever the owner prefix', async () => {
    const memberId = anOwner();
    const start = (ownerId: string, member = memberId) =>
      createUploadSlot(s3.client, limiter, {
        bucket: 'memorials',
        ownerId,
        memberId: member,
        fileName: 'a.jpg',
        declaredType: 'image/jpeg',
        declaredSize: 5 * 1024 * 1024,
        ...photos,
      });
    // Photos of several memorials: one count for the member who starts them.
    for (let i = 0; i < UPLOAD_RATE_LIMIT.points; i += 1) await start(anOwner());
    const error = await start(anOwner()).then(
      () => undefined,
      (caught: unknown) => caught as DomainError,
    );
    expect([error?.code, error?.message]).toEqual([
      ErrorCode.RateLimited,
      'Upload rate limit exceeded. Please try again later.',
    ]);
    await expect(start(anOwner(), anOwner())).resolves.toMatchObject({ method: 'PUT' });
  });
});

describe('confirmAndRecordUpload', () => {
  it.each([
    [
      'PDF',
      PDF,
      { name: 'certificate.pdf', type: 'application/pdf' },
      'pdf',
      'application/pdf',
      'pdf',
    ],
    ['JPEG', JPEG, { name: 'photo.JPG', type: 'image/jpeg' }, 'jpeg', 'image/jpeg', 'jpg'],
    ['PNG', PNG, { name: 'photo.png', type: 'image/png' }, 'png', 'image/png', 'png'],
  ])(
    'accepts a real %s, keeps it only at a stored key of its own and records it',
    async (_label, body, declared, type, mime, extension) => {
      const ownerId = anOwner();
      const slot = await upload(ownerId, body, declared);

      const confirmed = await confirmUpload(s3.client, {
        bucket: BUCKET,
        key: slot.key,
        ownerId,
        ...documents,
      });

      expect(confirmed).toEqual({
        key: expect.stringMatching(new RegExp(`^${ownerId}/\\d{13}-[0-9a-f]{16}\\.${extension}$`)),
        size: body.length,
        detectedType: type,
        mime,
      });
      // Nothing of the upload key: knowing it (or its URL) does not say where the file lives.
      const uploadName = slot.key.slice(slot.key.lastIndexOf('/') + 1, slot.key.lastIndexOf('.'));
      expect(confirmed.key).not.toContain(uploadName.split('-')[1]);
      expect(await keysOf(ownerId)).toEqual([confirmed.key]);
      expect(await rowsOf(ownerId)).toEqual([confirmed.key]);
      const [claim] = await dataSource.manager.findBy(UploadClaimEntity, { uploadKey: slot.key });
      expect(claim).toMatchObject({ storedKey: confirmed.key, settledAt: expect.any(Date) });
      const head = await s3.client.send(
        new HeadObjectCommand({ Bucket: BUCKET, Key: confirmed.key }),
      );
      expect(head.ContentType).toBe(mime);
      expect(head.ContentLength).toBe(body.length);
    },
  );

  it('accepts JPEG and PNG photos in the memorials bucket with the photo rules', async () => {
    const ownerId = anOwner();
    const slot = await upload(
      ownerId,
      PNG,
      { name: 'grandfather.png', type: 'image/png' },
      photos,
      'memorials',
    );
    const confirmed = await confirmUpload(s3.client, {
      bucket: 'memorials',
      key: slot.key,
      ownerId,
      ...photos,
    });
    expect(confirmed.detectedType).toBe('png');
    expect(await keysOf(ownerId, 'memorials')).toEqual([confirmed.key]);
  });

  it('refuses an .exe renamed .pdf and removes it from the bucket', async () => {
    const ownerId = anOwner();
    const slot = await upload(ownerId, EXE, { name: 'certificate.pdf', type: 'application/pdf' });
    expect(await keysOf(ownerId)).toEqual([slot.key]);

    const error = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId, ...documents }),
    );

    expect(error.reason).toBe(UploadRejection.TypeNotAllowed);
    expect(error.message).toBe(TYPE_NOT_ALLOWED);
    expect(await keysOf(ownerId)).toEqual([]);
    expect(await rowsOf(ownerId)).toEqual([]);
  });

  it.each([
    ['documents', documents, BUCKET, PNG, { name: 'certificate.pdf', type: 'application/pdf' }],
    ['photos', photos, 'memorials', JPEG, { name: 'grandfather.png', type: 'image/png' }],
  ])(
    'refuses, for %s, a file whose content is an allowed type other than the one declared, and removes it',
    async (_label, rules, bucket, body, declared) => {
      const ownerId = anOwner();
      const slot = await upload(ownerId, body, declared, rules, bucket);
      const error = await refusal(
        confirmUpload(s3.client, { bucket, key: slot.key, ownerId, ...rules }),
      );
      expect(error.reason).toBe(UploadRejection.TypeNotAllowed);
      expect(error.message).toBe(
        rules === photos
          ? 'File type not allowed. Allowed types: JPG, JPEG, PNG'
          : TYPE_NOT_ALLOWED,
      );
      expect(await keysOf(ownerId, bucket)).toEqual([]);
      expect(await rowsOf(ownerId)).toEqual([]);
    },
  );

  it('refuses an empty upload (declared otherwise) and removes it', async () => {
    const ownerId = anOwner();
    // Whether or not the server enforces the signed Content-Length, the claim is not trusted.
    const slot = await uploadMismatched(ownerId, Buffer.alloc(0), {
      name: 'a.pdf',
      type: 'application/pdf',
      size: 100,
    });
    const error = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId, ...documents }),
    );
    expect(error.reason).toBe(UploadRejection.Empty);
    expect(error.message).toBe('The file is empty. Please choose another file.');
    expect(await keysOf(ownerId)).toEqual([]);
  });

  it('accepts a file of exactly the limit and refuses one byte over, removing it', async () => {
    const ownerId = anOwner();
    const rules: UploadRules = { ...documents, maxBytes: megabytesToBytes(1) };
    const exact = Buffer.concat([PDF, Buffer.alloc(rules.maxBytes - PDF.length)]);
    const atLimit = await upload(ownerId, exact, { name: 'a.pdf', type: 'application/pdf' }, rules);
    const confirmed = await confirmUpload(s3.client, {
      bucket: BUCKET,
      key: atLimit.key,
      ownerId,
      ...rules,
    });
    expect(confirmed.size).toBe(rules.maxBytes);

    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const slot = await uploadMismatched(
      ownerId,
      over,
      { name: 'b.pdf', type: 'application/pdf', size: rules.maxBytes },
      rules,
    );
    const error = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId, ...rules }),
    );
    expect(error.reason).toBe(UploadRejection.TooLarge);
    expect(error.message).toBe('File size too large. Maximum size: 1MB');
    expect(await keysOf(ownerId)).toEqual([confirmed.key]);
  });

  it("refuses another member's upload as not found and leaves it alone", async () => {
    const owner = anOwner();
    const intruder = anOwner();
    const slot = await upload(owner, PDF, { name: 'a.pdf', type: 'application/pdf' });

    const error = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId: intruder, ...documents }),
    );
    expect(error.reason).toBe(UploadRejection.NotOwned);
    expect(error.message).toBe('Upload not found. Please upload the file again.');
    expect(await keysOf(owner)).toEqual([slot.key]);
    expect(await keysOf(intruder)).toEqual([]);

    // Still the owner's to confirm.
    await expect(
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId: owner, ...documents }),
    ).resolves.toMatchObject({ detectedType: 'pdf' });
  });

  it.each([
    ['a stored key', (owner: string) => `${owner}/1700000000000-0123456789abcdef.pdf`],
    [
      'a path escaping the prefix',
      (owner: string) => `incoming/${owner}/../other/1700000000000-0123456789abcdef.pdf`,
    ],
    ['another prefix', () => 'incoming/someone-else/1700000000000-0123456789abcdef.pdf'],
  ])('refuses %s', async (_label, makeKey) => {
    const ownerId = anOwner();
    const error = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: makeKey(ownerId), ownerId, ...documents }),
    );
    expect(error.message).toBe('Upload not found. Please upload the file again.');
  });

  it('refuses an upload that was never sent, and a second confirm of the same upload', async () => {
    const ownerId = anOwner();
    const unsent = await createUploadSlot(s3.client, limiter, {
      bucket: BUCKET,
      ownerId,
      memberId: ownerId,
      fileName: 'a.pdf',
      declaredType: 'application/pdf',
      declaredSize: PDF.length,
      ...documents,
    });
    const missing = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: unsent.key, ownerId, ...documents }),
    );
    expect(missing.reason).toBe(UploadRejection.NotFound);

    const sent = await upload(ownerId, PDF, { name: 'a.pdf', type: 'application/pdf' });
    const confirmed = await confirmUpload(s3.client, {
      bucket: BUCKET,
      key: sent.key,
      ownerId,
      ...documents,
    });
    const again = await refusal(
      confirmUpload(s3.client, { bucket: BUCKET, key: sent.key, ownerId, ...documents }),
    );
    expect(again.reason).toBe(UploadRejection.AlreadyConfirmed);
    expect(again.message).toBe(
      'This upload was already confirmed. To add the file again, upload it again.',
    );
    expect(await keysOf(ownerId)).toEqual([confirmed.key]);
    expect(await rowsOf(ownerId)).toEqual([confirmed.key]);
  });

  it('two confirms of one upload at once: one stores and records it, the other is refused', async () => {
    const ownerId = anOwner();
    const slot = await upload(ownerId, PDF, { name: 'a.pdf', type: 'application/pdf' });
    const confirm = () =>
      confirmUpload(s3.client, { bucket: BUCKET, key: slot.key, ownerId, ...documents });

    const results = await Promise.allSettled([confirm(), confirm()]);

    const stored = results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value.key] : [],
    );
    expect(stored).toHaveLength(1);
    const [refused] = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as UploadError] : [],
    );
    expect(refused).toBeInstanceOf(UploadError);
    expect(refused!.reason).toBe(UploadRejection.AlreadyConfirmed);
    expect(await keysOf(ownerId)).toEqual(stored);
    expect(await rowsOf(ownerId)).toEqual(stored);
  });

  it.each([
    ['documents', documents, BUCKET, PDF, { name: 'a.pdf', type: 'application/pdf' }],
    ['photos', photos, 'memorials', JPEG, { name: 'a.jpg', type: 'image/jpeg' }],
  ])(
    'for %s, the upload URL used again after confirm and a second confirm leave the checked bytes in place',
    async (_label, rules, bucket, original, declared) => {
      const ownerId = anOwner();
      const slot = await upload(ownerId, original, declared, rules, bucket);
      const confirmed = await confirmUpload(s3.client, {
        bucket,
        key: slot.key,
        ownerId,
        ...rules,
      });
      // The attacker's file passes every check: same type and size (the URL signed the length),
      // its own bytes.
      const forged = Buffer.from(original);
      forged.write('forged after the review', Math.floor(original.length / 2));
      expect(forged.equals(original)).toBe(false);
      const put = await fetchOnce(slot.url, {
        method: 'PUT',
        headers: slot.headers,
        body: new Uint8Array(forged),
      });
      expect(put.status).toBe(200);

      const again = await refusal(
        confirmUpload(s3.client, { bucket, key: slot.key, ownerId, ...rules }),
      );

      expect(again.reason).toBe(UploadRejection.AlreadyConfirmed);
      // Refused before anything was copied, and the file put again is deleted.
      expect(await keysOf(ownerId, bucket)).toEqual([confirmed.key]);
      expect(await rowsOf(ownerId)).toEqual([confirmed.key]);
      const url = await downloadUrl(s3.client, { bucket, key: confirmed.key, fileName: 'a' });
      expect(Buffer.from(await (await fetchOnce(url)).arrayBuffer()).equals(original)).toBe(true);
    },
  );

  it('refuses input the service checks, deleting the upload and claiming nothing', async () => {
    const ownerId = anOwner();
    const slot = await upload(ownerId, PDF, { name: 'a.pdf', type: 'application/pdf' });
    const refused = new UploadError(UploadRejection.FileNameMissing, 'File name is required');
    const record = jest.fn(recordRow);

    await expect(
      confirmUpload(s3.client, {
        bucket: BUCKET,
        key: slot.key,
        ownerId,
        ...documents,
        checkInput: () => {
          throw refused;
        },
        record,
      }),
    ).rejects.toBe(refused);

    expect(record).not.toHaveBeenCalled();
    expect(await keysOf(ownerId)).toEqual([]);
    expect(await dataSource.manager.countBy(UploadClaimEntity, { uploadKey: slot.key })).toBe(0);
  });

  it.each([
    ['refuses', () => new UploadError(UploadRejection.Empty, 'refused by the service')],
    ['fails', () => new Error('the database went away')],
  ])(
    'when recording %s, deletes the stored copy and the upload, and the key stays confirmed',
    async (_label, makeError) => {
      const ownerId = anOwner();
      const slot = await upload(ownerId, PDF, { name: 'a.pdf', type: 'application/pdf' });
      const error = makeError();

      await expect(
        confirmUpload(s3.client, {
          bucket: BUCKET,
          key: slot.key,
          ownerId,
          ...documents,
          record: async (manager, upload) => {
            await recordRow(manager, upload);
            throw error;
          },
        }),
      ).rejects.toBe(error);

      expect(await keysOf(ownerId)).toEqual([]);
      expect(await rowsOf(ownerId)).toEqual([]);
      const [claim] = await dataSource.manager.findBy(UploadClaimEntity, { uploadKey: slot.key });
      expect(claim).toMatchObject({ storedKey: null, settledAt: expect.any(Date) });
    },
  );

  it('reads only the first bytes of a 50 MB file, through ranged GETs', async () => {
    const ownerId = anOwner();
    const big = Buffer.concat([PDF.subarray(0, 64), Buffer.alloc(50 * 1024 * 1024)]);
    const rules: UploadRules = { ...documents, maxBytes: megabytesToBytes(60) };
    const slot = await upload(ownerId, big, { name: 'big.pdf', type: 'application/pdf' }, rules);

    const proxy = await startCountingProxy(s3.endpoint);
    const client = createS3Client({ ...s3.env, S3_ENDPOINT: proxy.endpoint });
    try {
      const confirmed = await confirmUpload(client, {
        bucket: BUCKET,
        key: slot.key,
        ownerId,
        ...rules,
      });
      expect(confirmed.size).toBe(big.length);

      const gets = proxy.requests.filter((request) => request.method === 'GET');
      expect(gets.length).toBeGreaterThan(0);
      for (const get of gets) expect(get.range).toBe('bytes=0-15');
      expect(
        proxy.requests.every((request) => request.method !== 'PUT' || request.copySource),
      ).toBe(true);
      expect(proxy.responseBytes()).toBeLessThan(64 * 1024);
    } finally {
      client.destroy();
      await proxy.stop();
    }
  }, 120_000);
});

describe('downloadUrl', () => {
  it('fetches the same bytes, saved under the original name', async () => {
    const ownerId = anOwner();
    const slot = await upload(ownerId, PDF, { name: 'x.pdf', type: 'application/pdf' });
    const confirmed = await confirmUpload(s3.client, {
      bucket: BUCKET,
      key: slot.key,
      ownerId,
      ...documents,
    });
    const fileName = 'Death certificate "Ahmad" – أحمد.pdf';

    const url = await downloadUrl(s3.client, {
      bucket: BUCKET,
      key: confirmed.key,
      fileName,
      expiresIn: 120,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('120');
    const response = await fetchOnce(url);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment; filename="Death certificate _Ahmad_ _ ____.pdf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('bucket housekeeping', () => {
  it('deleteObject removes a stored file', async () => {
    const ownerId = anOwner();
    const slot = await upload(ownerId, JPEG, { name: 'a.jpg', type: 'image/jpeg' });
    const confirmed = await confirmUpload(s3.client, {
      bucket: BUCKET,
      key: slot.key,
      ownerId,
      ...documents,
    });
    await deleteObject(s3.client, { bucket: BUCKET, key: confirmed.key });
    expect(await keysOf(ownerId)).toEqual([]);
  });

  it('sweepIncoming deletes unconfirmed uploads older than the cut-off, and nothing stored', async () => {
    const ownerId = anOwner();
    const stored = await upload(ownerId, PDF, { name: 'a.pdf', type: 'application/pdf' });
    const confirmed = await confirmUpload(s3.client, {
      bucket: BUCKET,
      key: stored.key,
      ownerId,
      ...documents,
    });
    const abandoned = await upload(ownerId, PDF, { name: 'b.pdf', type: 'application/pdf' });

    expect(
      await sweepIncoming(s3.client, {
        bucket: BUCKET,
        olderThan: new Date(Date.now() - 3_600_000),
      }),
    ).toBe(0);
    expect(await keysOf(ownerId)).toEqual([confirmed.key, abandoned.key].sort());
    expect(
      await sweepIncoming(s3.client, { bucket: BUCKET, olderThan: new Date(Date.now() + 60_000) }),
    ).toBeGreaterThanOrEqual(1);
    expect(await keysOf(ownerId)).toEqual([confirmed.key]);
  });

  it('allowBrowserUploads lets the web origin PUT with its content type, and no other origin', async () => {
    // Bucket CORS rules (PutBucketCors) are S3's API; S3Proxy has none (its CORS is set at
    // start), so this one runs on s3rver, which keeps and applies them as S3 does.
    const cors = await startS3rver([]);
    try {
      await allowedBrowserUploads(cors);
    } finally {
      await cors.stop();
    }
  });

  async function allowedBrowserUploads(s3: TestS3) {
    const bucket = `cors-${process.pid}`;
    await ensureBucket(s3.client, bucket);
    const origin = 'http://localhost:8080';
    await allowBrowserUploads(s3.client, { bucket, origins: [origin] });
    const ownerId = anOwner();
    const slot = await createUploadSlot(s3.client, limiter, {
      bucket,
      ownerId,
      memberId: ownerId,
      fileName: 'a.pdf',
      declaredType: 'application/pdf',
      declaredSize: PDF.length,
      ...documents,
    });
    const preflight = (from: string) =>
      fetchOnce(slot.url, {
        method: 'OPTIONS',
        headers: {
          Origin: from,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });

    const allowed = await preflight(origin);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await preflight('https://evil.example')).status).toBe(403);

    const put = await fetchOnce(slot.url, {
      method: 'PUT',
      headers: { ...slot.headers, Origin: origin },
      body: new Uint8Array(PDF),
    });
    expect(put.headers.get('access-control-allow-origin')).toBe(origin);
  }

  it('ensureBucket creates a bucket once and accepts it existing', async () => {
    const name = `bucket-${process.pid}`;
    await ensureBucket(s3.client, name);
    await ensureBucket(s3.client, name);
    await s3.client.send(new PutObjectCommand({ Bucket: name, Key: 'k', Body: 'x' }));
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: name }));
    expect(page.Contents?.map((object) => object.Key)).toEqual(['k']);
  });
});

interface SeenRequest {
  method: string;
  range?: string;
  copySource?: string;
}

/** An HTTP proxy in front of s3rver that records requests and counts the bytes sent back. */
async function startCountingProxy(target: string) {
  const upstream = new URL(target);
  const requests: SeenRequest[] = [];
  let bytes = 0;
  const server: Server = createServer((incoming, outgoing) => {
    requests.push({
      method: incoming.method ?? '',
      range: incoming.headers.range,
      copySource: incoming.headers['x-amz-copy-source'] as string | undefined,
    });
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    responseBytes: () => bytes,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
