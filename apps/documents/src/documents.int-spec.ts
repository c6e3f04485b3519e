import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import { buildEnvelope } from '@jibs/events';
import { IncomingSweeper } from '@jibs/storage';
import { eventually } from '@jibs/testing';
import { DocumentHarnessFixtures } from './testing/fixtures';
import {
  DocumentsHarness,
  fetchOnce,
  BUCKET,
  type GqlBody,
  type TestUser,
} from './testing/documents-harness';

const { PDF, JPEG, PNG, EXE } = DocumentHarnessFixtures;

// s3rver writes every object to disk; on a loaded machine a few calls take seconds.
jest.setTimeout(60_000);

const START = `mutation($input: StartDocumentUploadInput!) {
  startDocumentUpload(input: $input) { key url method headers { name value } expiresAt }
}`;
const CONFIRM = `mutation($input: ConfirmDocumentUploadInput!) {
  confirmDocumentUpload(input: $input) {
    id fileName documentType fileSize fileType status adminNotes reviewedAt createdAt deathReportId member { id }
  }
}`;
const MINE = `{ myDocuments { id fileName documentType status member { id } } }`;
const LIMITS = `{ uploadLimits { maxFileSizeBytes allowedFileTypes } }`;
const LIST = `query($search: String, $status: ReviewStatus, $limit: Int, $offset: Int) {
  documents(search: $search, status: $status, limit: $limit, offset: $offset) { id fileName documentType status member { id } }
}`;
const STATS = `{ documentStats { total pending } }`;
const DOWNLOAD = `mutation($id: ID!) { documentDownloadUrl(id: $id) { url fileName expiresAt } }`;
const REVIEW = `mutation($id: ID!, $decision: ReviewDecision!, $notes: String) {
  reviewDocument(id: $id, decision: $decision, adminNotes: $notes) { id status adminNotes reviewedAt }
}`;

const TYPE_NOT_ALLOWED = 'File type not allowed. Allowed types: PDF, JPG, JPEG, PNG';
const NOT_FOUND_UPLOAD = 'Upload not found. Please upload the file again.';
const BAD_TEXT = 'Text must not contain NUL characters or unpaired surrogates.';
const ALREADY_CONFIRMED =
  'This upload was already confirmed. To add the file again, upload it again.';

interface Declared {
  name: string;
  type: string;
  size?: number;
  documentType?: string;
}

describe('documents service', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await DocumentsHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  async function start(member: TestUser, body: Buffer, declared: Declared) {
    const result = await h.gql(
      START,
      {
        input: {
          fileName: declared.name,
          fileType: declared.type,
          fileSize: declared.size ?? body.length,
          documentType: declared.documentType ?? 'Death Certificate',
        },
      },
      member.token,
    );
    expect(result.errors).toBeUndefined();
    return result.data.startDocumentUpload as {
      key: string;
      url: string;
      method: string;
      headers: { name: string; value: string }[];
    };
  }

  /** What the browser does: start, then PUT the bytes to the presigned URL with its headers. */
  async function upload(member: TestUser, body: Buffer, declared: Declared) {
    const slot = await start(member, body, declared);
    const response = await fetchOnce(slot.url, {
      method: slot.method,
      headers: Object.fromEntries(slot.headers.map(({ name, value }) => [name, value])),
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(200);
    return slot;
  }

  /** The same with a body of another length than declared (see putMismatched). */
  async function uploadMismatched(member: TestUser, body: Buffer, declared: Declared) {
    const slot = await start(member, body, declared);
    await h.putMismatched(slot, body);
    return slot;
  }

  function confirm(member: TestUser, key: string, fileName: string, extra: object = {}) {
    return h.gql(
      CONFIRM,
      { input: { key, fileName, documentType: 'Death Certificate', ...extra } },
      member.token,
    );
  }

  async function uploaded(
    member: TestUser,
    body = PDF,
    name = 'certificate.pdf',
    type = 'application/pdf',
  ) {
    const slot = await upload(member, body, { name, type });
    const result = await confirm(member, slot.key, name);
    expect(result.errors).toBeUndefined();
    return result.data.confirmDocumentUpload as { id: string; fileName: string; status: string };
  }

  /** A refusal: BAD_USER_INPUT with the message, no row, nothing of the member's in the bucket. */
  async function expectRefused(
    member: TestUser,
    result: Awaited<ReturnType<typeof confirm>>,
    message: string,
    code = 'BAD_USER_INPUT',
  ) {
    expect(result.data).toBeNull();
    expect([result.errors?.[0]?.extensions.code, result.errors?.[0]?.message]).toEqual([
      code,
      message,
    ]);
    expect(await h.count('documents', 'user_id = $1', [member.id])).toBe(0);
    expect(await h.keysOf(member.id)).toEqual([]);
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(h.dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    const fields = listFieldDecisions(h.app);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    expect(listOperationDecisions(h.app).filter((entry) => !entry.decision)).toEqual([]);
  });

  describe('uploads', () => {
    it.each([
      ['a PDF', PDF, 'Death Certificate.pdf', 'application/pdf'],
      ['a JPEG', JPEG, 'id card.JPEG', 'image/jpeg'],
      ['a PNG', PNG, 'proof.png', 'image/png'],
    ])(
      'stores %s checked by its content, pending review, and publishes document.uploaded',
      async (_label, body, name, mime) => {
        const member = await h.aMember({ paid: true });
        const slot = await upload(member, body, { name, type: mime });
        expect(slot.key).toMatch(new RegExp(`^incoming/${member.id}/`));
        expect(slot.method).toBe('PUT');
        const deathReportId = randomUUID();
        const result = await confirm(member, slot.key, name, {
          documentType: 'Government ID',
          deathReportId,
        });
        expect(result.errors).toBeUndefined();
        const document = result.data.confirmDocumentUpload;
        expect(document).toMatchObject({
          fileName: name,
          documentType: 'Government ID',
          fileSize: body.length,
          fileType: mime,
          status: 'PENDING',
          adminNotes: null,
          reviewedAt: null,
          deathReportId,
          member: { id: member.id },
        });

        const [row] = await h.dataSource.query(
          'SELECT file_path, user_id, reviewed_by FROM documents WHERE id = $1',
          [document.id],
        );
        expect(row.file_path).toMatch(
          new RegExp(`^${member.id}/\\d{13}-[0-9a-f]{16}\\.(pdf|jpg|png)$`),
        );
        expect(row.reviewed_by).toBeNull();
        // Only the stored object is left: the upload key is gone.
        expect(await h.keysOf(member.id)).toEqual([row.file_path]);
        const head = await h.s3.client.send(
          new HeadObjectCommand({ Bucket: BUCKET, Key: row.file_path }),
        );
        expect(head.ContentLength).toBe(body.length);

        const events = await h.outbox('document.uploaded', member.id);
        expect(events.map((event) => event.envelope.data)).toEqual([
          {
            documentId: document.id,
            userId: member.id,
            documentType: 'Government ID',
            fileName: name,
            fileSize: body.length,
            status: 'pending',
          },
        ]);
      },
    );

    it.each(['Funeral Home Invoice', 'Cemetery Invoice', 'Receipt'])(
      'accepts a %s, the invoice of a burial-assistance claim',
      async (documentType) => {
        const member = await h.aMember({ paid: true });
        const slot = await upload(member, PDF, {
          name: 'invoice.pdf',
          type: 'application/pdf',
          documentType,
        });
        const result = await confirm(member, slot.key, 'invoice.pdf', { documentType });
        expect(result.errors).toBeUndefined();
        expect(result.data.confirmDocumentUpload).toMatchObject({
          documentType,
          status: 'PENDING',
        });
        const events = await h.outbox('document.uploaded', member.id);
        expect(events.map((event) => event.envelope.data['documentType'])).toEqual([documentType]);
      },
    );

    it("lists the member's own documents, newest first", async () => {
      const member = await h.aMember({ paid: true });
      const other = await h.aMember({ paid: true });
      const first = await uploaded(member, PDF, 'first.pdf');
      const second = await uploaded(member, PNG, 'second.png', 'image/png');
      await uploaded(other, PDF, 'theirs.pdf');
      const mine = await h.gql(MINE, {}, member.token);
      expect(mine.errors).toBeUndefined();
      expect(mine.data.myDocuments.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    });

    it('refuses an .exe renamed .pdf, deleting it', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, EXE, { name: 'setup.pdf', type: 'application/pdf' });
      await expectRefused(member, await confirm(member, slot.key, 'setup.pdf'), TYPE_NOT_ALLOWED);
    });

    it('refuses a PNG declared as a PDF (the content decides, and must match what was declared)', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PNG, { name: 'scan.pdf', type: 'application/pdf' });
      await expectRefused(member, await confirm(member, slot.key, 'scan.pdf'), TYPE_NOT_ALLOWED);
    });

    it('refuses a PNG named .pdf at confirm even when it was declared a PNG', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PNG, { name: 'scan.png', type: 'image/png' });
      await expectRefused(member, await confirm(member, slot.key, 'scan.pdf'), TYPE_NOT_ALLOWED);
    });

    it('refuses a 0-byte file (declared otherwise), deleting it', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await uploadMismatched(member, Buffer.alloc(0), {
        name: 'a.pdf',
        type: 'application/pdf',
        size: 100,
      });
      await expectRefused(
        member,
        await confirm(member, slot.key, 'a.pdf'),
        'The file is empty. Please choose another file.',
      );
    });

    it('refuses a declared size over the limit or of 0 bytes before any URL is issued', async () => {
      const member = await h.aMember({ paid: true });
      const input = { fileName: 'a.pdf', fileType: 'application/pdf', documentType: 'Other' };
      const over = await h.gql(
        START,
        { input: { ...input, fileSize: 10 * 1024 * 1024 + 1 } },
        member.token,
      );
      expect([over.errors?.[0]?.extensions.code, over.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        'File size too large. Maximum size: 10MB',
      ]);
      const empty = await h.gql(START, { input: { ...input, fileSize: 0 } }, member.token);
      expect(empty.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      const exe = await h.gql(
        START,
        {
          input: {
            ...input,
            fileName: 'setup.exe',
            fileType: 'application/x-msdownload',
            fileSize: 10,
          },
        },
        member.token,
      );
      expect(exe.errors?.[0]?.message).toBe(TYPE_NOT_ALLOWED);
      const badType = await h.gql(
        START,
        { input: { ...input, documentType: 'Passport photo', fileSize: 10 } },
        member.token,
      );
      expect([badType.errors?.[0]?.extensions.code, badType.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        'Please choose a document type',
      ]);
      expect(await h.keysOf(member.id)).toEqual([]);
    });

    it('refuses a file one byte over the limit (declared within it), deleting it', async () => {
      const member = await h.aMember({ paid: true });
      const limit = 10 * 1024 * 1024;
      const over = Buffer.concat([PDF, Buffer.alloc(limit + 1 - PDF.length)]);
      const slot = await uploadMismatched(member, over, {
        name: 'big.pdf',
        type: 'application/pdf',
        size: limit,
      });
      await expectRefused(
        member,
        await confirm(member, slot.key, 'big.pdf'),
        'File size too large. Maximum size: 10MB',
      );
    });

    it('refuses an upload that was never sent', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await start(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      await expectRefused(member, await confirm(member, slot.key, 'a.pdf'), NOT_FOUND_UPLOAD);
    });

    it("refuses a key outside the member's prefix and someone else's upload, touching neither", async () => {
      const owner = await h.aMember({ paid: true });
      const intruder = await h.aMember({ paid: true });
      const slot = await upload(owner, PDF, { name: 'a.pdf', type: 'application/pdf' });
      for (const key of [
        slot.key,
        slot.key.replace('incoming/', ''),
        `incoming/${intruder.id}/../${owner.id}/x.pdf`,
        'certificate.pdf',
      ]) {
        await expectRefused(intruder, await confirm(intruder, key, 'a.pdf'), NOT_FOUND_UPLOAD);
      }
      expect(await h.keysOf(owner.id)).toEqual([slot.key]);
      // The owner's upload is intact and still confirms.
      const result = await confirm(owner, slot.key, 'a.pdf');
      expect(result.errors).toBeUndefined();
    });

    it('refuses a second confirm of the same upload, keeping the one document', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      expect((await confirm(member, slot.key, 'a.pdf')).errors).toBeUndefined();
      const stored = await h.keysOf(member.id);
      const again = await confirm(member, slot.key, 'a.pdf');
      expect([again.errors?.[0]?.extensions.code, again.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        ALREADY_CONFIRMED,
      ]);
      expect(await h.count('documents', 'user_id = $1', [member.id])).toBe(1);
      expect(await h.keysOf(member.id)).toEqual(stored);
    });

    it('two confirms of one upload at once store one document, and nothing else', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      const results = await Promise.all([
        confirm(member, slot.key, 'a.pdf'),
        confirm(member, slot.key, 'a.pdf'),
      ]);
      // The first to claim the upload key stores it; the other is refused before any copy.
      const accepted = results.filter((result) => !result.errors);
      expect(accepted).toHaveLength(1);
      const refused = results.find((result) => result.errors);
      expect([refused?.errors?.[0]?.extensions.code, refused?.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        ALREADY_CONFIRMED,
      ]);
      const rows: { file_path: string }[] = await h.dataSource.query(
        'SELECT file_path FROM documents WHERE user_id = $1',
        [member.id],
      );
      expect(rows).toHaveLength(1);
      expect(await h.keysOf(member.id)).toEqual(rows.map((row) => row.file_path));
    });

    it('the upload URL used again after confirm, then a second confirm: the checked bytes stay', async () => {
      const member = await h.aMember({ paid: true });
      const admin = await h.anAdmin();
      const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      const first = await confirm(member, slot.key, 'a.pdf');
      expect(first.errors).toBeUndefined();
      const id = first.data.confirmDocumentUpload.id as string;
      expect(
        (await h.gql(REVIEW, { id, decision: 'APPROVED', notes: null }, admin.token)).errors,
      ).toBeUndefined();

      // A valid PDF of the same size (the URL signed the length), other bytes: it passes every
      // content check.
      const forged = Buffer.from(PDF);
      forged.write('%forged after approval', Math.floor(PDF.length / 2));
      expect(forged.equals(PDF)).toBe(false);
      const put = await fetchOnce(slot.url, {
        method: slot.method,
        headers: Object.fromEntries(slot.headers.map(({ name, value }) => [name, value])),
        body: new Uint8Array(forged),
      });
      expect(put.status).toBe(200);
      const again = await confirm(member, slot.key, 'a.pdf');

      expect([again.errors?.[0]?.extensions.code, again.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        ALREADY_CONFIRMED,
      ]);
      expect(await h.count('documents', 'user_id = $1', [member.id])).toBe(1);
      const [row] = await h.dataSource.query('SELECT file_path FROM documents WHERE id = $1', [id]);
      // The file put again is deleted; the stored one is not under the upload key.
      expect(await h.keysOf(member.id)).toEqual([row.file_path]);
      expect(row.file_path).not.toBe(slot.key.replace(/^incoming\//, ''));
      const link = await h.gql(DOWNLOAD, { id }, admin.token);
      const bytes = Buffer.from(
        await (await fetchOnce(link.data.documentDownloadUrl.url)).arrayBuffer(),
      );
      expect(bytes.equals(PDF)).toBe(true);
    });

    it('a confirm under a wrong name beside a good one never removes a recorded file', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      const [good, bad] = await Promise.all([
        confirm(member, slot.key, 'a.pdf'),
        confirm(member, slot.key, 'a.png'),
      ]);
      expect(bad.errors?.[0]?.message).toBe(TYPE_NOT_ALLOWED);
      const rows: { file_path: string }[] = await h.dataSource.query(
        'SELECT file_path FROM documents WHERE user_id = $1',
        [member.id],
      );
      // The good one either won or found the upload already removed; never a row without its file.
      expect(rows).toHaveLength(good.errors ? 0 : 1);
      expect(await h.keysOf(member.id)).toEqual(rows.map((row) => row.file_path));
    });

    it('refuses bad confirm input with its message, deleting the upload', async () => {
      const member = await h.aMember({ paid: true });
      for (const [extra, message] of [
        [{ documentType: 'Selfie' }, 'Please choose a document type'],
        [{ deathReportId: 'not-a-uuid' }, 'Please choose a valid death report'],
        [{ fileName: '   ' }, 'File name is required'],
      ] as const) {
        const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
        const result = await confirm(member, slot.key, 'a.pdf', extra);
        await expectRefused(member, result, message);
      }
    });

    it('refuses a NUL in the file name written into the query, deleting the upload', async () => {
      const member = await h.aMember({ paid: true });
      const slot = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      // In a string literal the escape is six plain characters: no check of the request's raw
      // text sees a NUL, and the parsed value holds one.
      const result = await h.gql(
        `mutation { confirmDocumentUpload(input: { key: "${slot.key}", fileName: "a\\u0000.pdf", documentType: "Other" }) { id } }`,
        {},
        member.token,
      );
      await expectRefused(member, result, BAD_TEXT);
    });

    it('sweeps unconfirmed uploads and settled claims past the cut-off, and never a stored document', async () => {
      const member = await h.aMember({ paid: true });
      const document = await uploaded(member);
      const abandoned = await upload(member, PDF, { name: 'a.pdf', type: 'application/pdf' });
      const sweeper = h.app.get(IncomingSweeper);
      // The default cut-off (the URL's life and an hour) spares a fresh upload.
      await sweeper.sweep();
      expect(await h.keysOf(member.id)).toContain(abandoned.key);
      const [row] = await h.dataSource.query('SELECT file_path FROM documents WHERE id = $1', [
        document.id,
      ]);
      const claims = () => h.count('upload_claims', 'stored_key = $1', [row.file_path]);
      expect(await claims()).toBe(1);
      await sweeper.sweep(new Date(Date.now() + 1000));
      expect(await h.keysOf(member.id)).toEqual([row.file_path]);
      // Its upload URL expired long before a claim is this old: the claim is forgotten.
      expect(await claims()).toBe(0);
    });

    it('refuses the 11th upload start in a minute, per member', async () => {
      const member = await h.aMember({ paid: true });
      const input = {
        fileName: 'a.pdf',
        fileType: 'application/pdf',
        fileSize: 100,
        documentType: 'Other',
      };
      for (let i = 0; i < 10; i += 1) {
        const result = await h.gql(START, { input }, member.token);
        expect(result.errors).toBeUndefined();
      }
      const eleventh = await h.gql(START, { input }, member.token);
      expect([eleventh.errors?.[0]?.extensions.code, eleventh.errors?.[0]?.message]).toEqual([
        'RATE_LIMITED',
        'Upload rate limit exceeded. Please try again later.',
      ]);
      const other = await h.aMember({ paid: true });
      expect((await h.gql(START, { input }, other.token)).errors).toBeUndefined();
    });
  });

  describe('settings', () => {
    afterEach(async () => {
      await h.updateSettings({
        maxFileSizeMb: 10,
        autoApproval: false,
        allowedFileTypes: ['pdf', 'jpg', 'jpeg', 'png'],
      });
    });

    it('follows settings.updated: the maximum size, the file types and auto-approval', async () => {
      const member = await h.aMember({ paid: true });
      expect((await h.gql(LIMITS, {}, member.token)).data.uploadLimits).toEqual({
        maxFileSizeBytes: 10 * 1024 * 1024,
        allowedFileTypes: ['pdf', 'jpg', 'jpeg', 'png'],
      });
      await h.updateSettings({ maxFileSizeMb: 1, autoApproval: true, allowedFileTypes: ['pdf'] });
      expect((await h.gql(LIMITS, {}, member.token)).data.uploadLimits).toEqual({
        maxFileSizeBytes: 1024 * 1024,
        allowedFileTypes: ['pdf'],
      });

      const twoMb = await h.gql(
        START,
        {
          input: {
            fileName: 'a.pdf',
            fileType: 'application/pdf',
            fileSize: 2 * 1024 * 1024,
            documentType: 'Other',
          },
        },
        member.token,
      );
      expect(twoMb.errors?.[0]?.message).toBe('File size too large. Maximum size: 1MB');

      const document = await uploaded(member);
      expect(document.status).toBe('APPROVED');
      const [event] = await h.outbox('document.uploaded', member.id);
      expect(event!.envelope.data['status']).toBe('approved');
    });

    it('an older settings event delivered late changes nothing', async () => {
      await h.updateSettings({ maxFileSizeMb: 3 });
      const late = buildEnvelope(
        'settings.updated',
        { settings: { maxFileSizeMb: 7 }, changed: ['maxFileSizeMb'], updatedBy: null },
        { source: 'jibs/identity', subject: 'site' },
      );
      late.time = new Date(Date.now() - 60_000).toISOString();
      await h.broker.publish([{ topic: 'settings.updated', key: 'site', envelope: late }]);
      await eventually(async () => (await h.count('inbox', 'event_id = $1', [late.id])) === 1);
      const member = await h.aMember({ paid: true });
      expect((await h.gql(LIMITS, {}, member.token)).data.uploadLimits.maxFileSizeBytes).toBe(
        3 * 1024 * 1024,
      );
    });
  });

  describe('downloads', () => {
    it('gives the owner and an admin a short-lived link to the same bytes, saved under the name', async () => {
      const member = await h.aMember({ paid: true });
      const admin = await h.anAdmin();
      const document = await uploaded(member, PDF, 'Death Certificate "final".pdf');
      for (const caller of [member, admin]) {
        const result = await h.gql(DOWNLOAD, { id: document.id }, caller.token);
        expect(result.errors).toBeUndefined();
        const link = result.data.documentDownloadUrl;
        expect(link.fileName).toBe('Death Certificate "final".pdf');
        const ttl = new Date(link.expiresAt).getTime() - Date.now();
        expect(ttl).toBeGreaterThan(250_000);
        expect(ttl).toBeLessThanOrEqual(300_000);
        expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('300');
        const response = await fetchOnce(link.url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
        expect(response.headers.get('content-disposition')).toContain('attachment;');
      }
      // The admin's download is audited (and published for the trail); the owner's is not.
      const audit = await h.dataSource.query(
        'SELECT actor_id, action, member_id FROM audit_entries WHERE subject_id = $1',
        [document.id],
      );
      expect(audit).toEqual([
        { actor_id: admin.id, action: 'document.downloaded', member_id: member.id },
      ]);
      const published = await h.outbox('audit.recorded', member.id);
      expect(published.map((event) => event.envelope.data)).toEqual([
        expect.objectContaining({ action: 'document.downloaded', actorId: admin.id }),
      ]);
    });

    it("answers another member's document, or an unknown id, as not found", async () => {
      const member = await h.aMember({ paid: true });
      const other = await h.aMember({ paid: true });
      const document = await uploaded(member);
      for (const id of [document.id, randomUUID(), 'nope']) {
        const result = await h.gql(DOWNLOAD, { id }, other.token);
        expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
        expect(result.data).toBeNull();
      }
    });
  });

  describe('review', () => {
    it('lets an admin approve then reject at any status, with trimmed notes, an audit row and an event', async () => {
      const member = await h.aMember({ paid: true });
      const admin = await h.anAdmin();
      const document = await uploaded(member);

      const approved = await h.gql(
        REVIEW,
        { id: document.id, decision: 'APPROVED', notes: '  Looks good  ' },
        admin.token,
      );
      expect(approved.errors).toBeUndefined();
      expect(approved.data.reviewDocument).toMatchObject({
        status: 'APPROVED',
        adminNotes: 'Looks good',
      });
      expect(approved.data.reviewDocument.reviewedAt).toEqual(expect.any(String));

      const rejected = await h.gql(
        REVIEW,
        { id: document.id, decision: 'REJECTED', notes: 'Blurry' },
        admin.token,
      );
      expect(rejected.data.reviewDocument).toMatchObject({
        status: 'REJECTED',
        adminNotes: 'Blurry',
      });

      const [row] = await h.dataSource.query('SELECT reviewed_by FROM documents WHERE id = $1', [
        document.id,
      ]);
      expect(row.reviewed_by).toBe(admin.id);
      const audit = await h.dataSource.query(
        'SELECT actor_id AS actor, action, member_id, before, after FROM audit_entries WHERE subject_id = $1 ORDER BY created_at',
        [document.id],
      );
      expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
        'document.approved',
        'document.rejected',
      ]);
      expect(audit[0]).toMatchObject({
        actor: admin.id,
        member_id: member.id,
        before: { status: 'pending', adminNotes: null, reviewedBy: null },
        after: { status: 'approved', adminNotes: 'Looks good', reviewedBy: admin.id },
      });
      const events = await h.outbox('document.reviewed', member.id);
      expect(events.map((event) => event.envelope.data)).toEqual([
        {
          documentId: document.id,
          userId: member.id,
          documentType: 'Death Certificate',
          fileName: 'certificate.pdf',
          status: 'approved',
          adminNotes: 'Looks good',
          reviewedBy: admin.id,
        },
        expect.objectContaining({ status: 'rejected', adminNotes: 'Blurry' }),
      ]);
      const audited = await h.outbox('audit.recorded', member.id);
      expect(audited.map((event) => event.envelope.data)).toEqual([
        expect.objectContaining({
          service: 'jibs/documents',
          actorId: admin.id,
          action: 'document.approved',
          subjectType: 'document',
          subjectId: document.id,
          memberId: member.id,
          after: expect.objectContaining({ status: 'approved' }),
        }),
        expect.objectContaining({ action: 'document.rejected' }),
      ]);
    });

    it('refuses notes that are too long and unknown ids, changing nothing', async () => {
      const member = await h.aMember({ paid: true });
      const admin = await h.anAdmin();
      const document = await uploaded(member);
      const tooLong = await h.gql(
        REVIEW,
        { id: document.id, decision: 'REJECTED', notes: 'x'.repeat(2001) },
        admin.token,
      );
      expect([tooLong.errors?.[0]?.extensions.code, tooLong.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        'Admin notes can be at most 2000 characters',
      ]);
      for (const id of [randomUUID(), 'nope']) {
        const missing = await h.gql(REVIEW, { id, decision: 'APPROVED' }, admin.token);
        expect(missing.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      }
      const [row] = await h.dataSource.query(
        'SELECT status, reviewed_by FROM documents WHERE id = $1',
        [document.id],
      );
      expect(row).toEqual({ status: 'pending', reviewed_by: null });
      expect(await h.count('audit_entries', 'subject_id = $1', [document.id])).toBe(0);
    });

    it('lists every document for admins, searchable by file name and type, filtered by status, with stats', async () => {
      const admin = await h.anAdmin();
      const member = await h.aMember({ paid: true });
      const tag = randomUUID().slice(0, 8);
      const a = await uploaded(member, PDF, `Zakat_${tag}_100%.pdf`);
      const b = await uploaded(member, PNG, `photo-${tag}.png`, 'image/png');
      await h.gql(REVIEW, { id: b.id, decision: 'APPROVED' }, admin.token);

      const byName = await h.gql(LIST, { search: `zakat_${tag.toUpperCase()}_100%` }, admin.token);
      expect(byName.errors).toBeUndefined();
      expect(byName.data.documents.map((d: { id: string }) => d.id)).toEqual([a.id]);
      const wildcard = await h.gql(LIST, { search: `${tag}%.pdf` }, admin.token);
      expect(wildcard.data.documents).toEqual([]);

      const byTypeAndStatus = await h.gql(
        LIST,
        { search: 'death certif', status: 'APPROVED', limit: 200 },
        admin.token,
      );
      expect(byTypeAndStatus.data.documents.map((d: { id: string }) => d.id)).toContain(b.id);
      expect(byTypeAndStatus.data.documents.map((d: { id: string }) => d.id)).not.toContain(a.id);
      expect(byTypeAndStatus.data.documents[0].member).toEqual({ id: expect.any(String) });

      const page = await h.gql(LIST, { limit: 1, offset: 0 }, admin.token);
      expect(page.data.documents).toHaveLength(1);
      const badPage = await h.gql(LIST, { limit: 0 }, admin.token);
      expect(badPage.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');

      const [counts] = await h.dataSource.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM documents`,
      );
      const stats = await h.gql(STATS, {}, admin.token);
      expect(stats.data.documentStats).toEqual(counts);
      expect(counts.pending).toBeGreaterThan(0);
    });
  });

  describe('admin search by member name', () => {
    const ids = (result: GqlBody) => (result.data.documents as { id: string }[]).map((d) => d.id);

    it("finds a member's documents by first, last or full name, in any case, as registered", async () => {
      const admin = await h.anAdmin();
      const member = await h.aMember({ paid: true });
      const other = await h.aMember({ paid: true });
      const tag = randomUUID().slice(0, 6);
      await h.registered(member.id, `Amina${tag}`, `Yusuf${tag}`);
      await h.registered(other.id, `Bilal${tag}`, `Yusuf_${tag}`);
      const mine = await uploaded(member);
      const theirs = await uploaded(other);

      for (const search of [`amina${tag}`, `YUSUF${tag}`, `Amina${tag} Yusuf${tag}`]) {
        const result = await h.gql(LIST, { search, limit: 200 }, admin.token);
        expect(result.errors).toBeUndefined();
        expect({ search, ids: ids(result) }).toEqual({ search, ids: [mine.id] });
      }
      // Both members share the family name's stem; `_` in a search is a literal underscore.
      expect(ids(await h.gql(LIST, { search: `Yusuf`, limit: 200 }, admin.token))).toEqual(
        expect.arrayContaining([mine.id, theirs.id]),
      );
      expect(ids(await h.gql(LIST, { search: `Yusuf_${tag}`, limit: 200 }, admin.token))).toEqual([
        theirs.id,
      ]);
      // Combined with the status filter and paging.
      expect(
        ids(await h.gql(LIST, { search: `Amina${tag}`, status: 'APPROVED' }, admin.token)),
      ).toEqual([]);
      expect(
        ids(await h.gql(LIST, { search: `Yusuf`, limit: 1, offset: 0 }, admin.token)),
      ).toHaveLength(1);
    });

    it('finds documents uploaded before the member was known, once identity says who they are', async () => {
      const admin = await h.anAdmin();
      const member = await h.aMember({ paid: true });
      const tag = randomUUID().slice(0, 6);
      const document = await uploaded(member);
      expect(ids(await h.gql(LIST, { search: `Khadija${tag}` }, admin.token))).toEqual([]);
      await h.registered(member.id, `Khadija${tag}`, 'Omar');
      expect(ids(await h.gql(LIST, { search: `Khadija${tag}` }, admin.token))).toEqual([
        document.id,
      ]);
    });

    it('follows a newer name and finds the member by it; an older event delivered late changes nothing', async () => {
      const admin = await h.anAdmin();
      const member = await h.aMember({ paid: true });
      const tag = randomUUID().slice(0, 6);
      const document = await uploaded(member);
      await h.registered(member.id, `Old${tag}`, 'Name', new Date(Date.now() - 60_000));
      await h.registered(member.id, `New${tag}`, 'Name');
      expect(ids(await h.gql(LIST, { search: `New${tag} Name` }, admin.token))).toEqual([
        document.id,
      ]);
      expect(ids(await h.gql(LIST, { search: `Old${tag}` }, admin.token))).toEqual([]);

      await h.registered(member.id, `Stale${tag}`, 'Name', new Date(Date.now() - 120_000));
      expect(ids(await h.gql(LIST, { search: `Stale${tag}` }, admin.token))).toEqual([]);
      expect(ids(await h.gql(LIST, { search: `New${tag}` }, admin.token))).toEqual([document.id]);
      expect(await h.count('members', 'user_id = $1', [member.id])).toBe(1);
    });

    it('takes the newest name when one batch carries two, whatever their order', async () => {
      const admin = await h.anAdmin();
      const member = await h.aMember({ paid: true });
      const tag = randomUUID().slice(0, 6);
      const document = await uploaded(member);
      const named = (firstName: string, secondsAgo: number) => {
        const envelope = buildEnvelope(
          'user.registered',
          {
            userId: member.id,
            email: `${member.id}@example.com`,
            firstName,
            lastName: 'Saleh',
            role: 'member',
          },
          { source: 'jibs/identity', subject: member.id },
        );
        envelope.time = new Date(Date.now() - secondsAgo * 1000).toISOString();
        return { topic: 'user.registered', key: member.id, envelope };
      };
      const newer = named(`Newer${tag}`, 10);
      const older = named(`Older${tag}`, 20);
      await h.broker.publish([newer, older]);
      await eventually(
        async () =>
          (await h.count('inbox', 'event_id IN ($1, $2)', [
            newer.envelope.id,
            older.envelope.id,
          ])) === 2 || undefined,
      );
      expect(ids(await h.gql(LIST, { search: `Newer${tag}` }, admin.token))).toEqual([document.id]);
      expect(ids(await h.gql(LIST, { search: `Older${tag}` }, admin.token))).toEqual([]);
    });
  });

  describe('access', () => {
    const id = randomUUID();
    const operations: [string, object?][] = [
      [MINE],
      [LIMITS],
      [LIST],
      [STATS],
      [
        START,
        {
          input: {
            fileName: 'a.pdf',
            fileType: 'application/pdf',
            fileSize: 10,
            documentType: 'Other',
          },
        },
      ],
      [
        CONFIRM,
        {
          input: {
            key: `incoming/${id}/1700000000000-0123456789abcdef.pdf`,
            fileName: 'a.pdf',
            documentType: 'Other',
          },
        },
      ],
      [DOWNLOAD, { id }],
      [REVIEW, { id, decision: 'APPROVED' }],
    ];

    it('refuses anonymous callers on every operation, and changes nothing', async () => {
      const before = await h.count('documents');
      for (const [query, variables] of operations) {
        const result = await h.gql(query, variables ?? {});
        expect({ query, code: result.errors?.[0]?.extensions.code }).toEqual({
          query,
          code: 'UNAUTHENTICATED',
        });
      }
      expect(await h.count('documents')).toBe(before);
    });

    it('refuses members the admin operations', async () => {
      const member = await h.aMember({ paid: true });
      const document = await uploaded(member);
      for (const [query, variables] of [
        [LIST, {}],
        [STATS, {}],
        [REVIEW, { id: document.id, decision: 'APPROVED' }],
      ] as const) {
        const result = await h.gql(query, variables, member.token);
        expect({ query, code: result.errors?.[0]?.extensions.code }).toEqual({
          query,
          code: 'FORBIDDEN',
        });
      }
      const [row] = await h.dataSource.query('SELECT status FROM documents WHERE id = $1', [
        document.id,
      ]);
      expect(row.status).toBe('pending');
    });

    it('lets admins do everything members do', async () => {
      const admin = await h.anAdmin();
      const document = await uploaded(admin);
      expect(
        (await h.gql(MINE, {}, admin.token)).data.myDocuments.map((d: { id: string }) => d.id),
      ).toEqual([document.id]);
      expect((await h.gql(LIMITS, {}, admin.token)).errors).toBeUndefined();
    });
  });
});
