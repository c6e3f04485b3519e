import { randomUUID } from 'node:crypto';
import { startWithExportKit, type ExportTestKit } from '@jibs/testing';
import { documentsService } from '../documents.module';
import { DocumentsHarness } from '../testing/documents-harness';

describe('admin export of documents (metadata only)', () => {
  let kit: ExportTestKit;
  let harness: DocumentsHarness;

  beforeAll(async () => {
    ({ kit, subgraph: harness } = await startWithExportKit(
      documentsService,
      DocumentsHarness.options(),
      DocumentsHarness,
    ));
  });

  afterAll(() => harness?.close());

  it('refuses anonymous callers and members', async () => {
    expect((await kit.exportTable(harness.url, 'documents')).status).toBe(401);
    const asMember = await kit.exportTable(harness.url, 'documents', {}, await kit.member());
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it("exports the documents' details, never their files, and audits it", async () => {
    const admin = await kit.admin();
    const id = randomUUID();
    const userId = randomUUID();
    await harness.dataSource.query(
      `INSERT INTO documents (id, user_id, file_name, file_path, file_size, file_type, document_type, status)
       VALUES ($1, $2, '+cert, "final".pdf', $3, 2048, 'application/pdf', 'Death Certificate', 'pending')`,
      [id, userId, `${userId}/${id}.pdf`],
    );
    const res = await kit.exportTable(harness.url, 'documents', { format: 'csv' }, admin);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,user_id,file_name,file_path,file_size,file_type,document_type,status,admin_notes,reviewed_by,reviewed_at,created_at',
    );
    expect(lines.find((line) => line.startsWith(id))).toMatch(
      new RegExp(
        `^${id},${userId},"'\\+cert, ""final"".pdf",${userId}/${id}.pdf,2048,application/pdf,Death Certificate,pending,,,,`,
      ),
    );
    const [entry] = await harness.dataSource.query(
      `SELECT actor_id, subject_id FROM audit_entries WHERE action = 'export'`,
    );
    expect(entry).toEqual({ actor_id: admin.id, subject_id: 'documents' });
  });
});
