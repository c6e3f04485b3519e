import type { ExportTable } from '@jibs/subgraph';

/** The documents table as admins export it: metadata only, never the files themselves. */
export const documentsExport: ExportTable = {
  name: 'documents',
  relation: 'documents',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'user_id', sql: 't.user_id' },
    { name: 'file_name', sql: 't.file_name' },
    { name: 'file_path', sql: 't.file_path' },
    { name: 'file_size', sql: 't.file_size' },
    { name: 'file_type', sql: 't.file_type' },
    { name: 'document_type', sql: 't.document_type' },
    { name: 'status', sql: 't.status' },
    { name: 'admin_notes', sql: 't.admin_notes' },
    { name: 'reviewed_by', sql: 't.reviewed_by' },
    { name: 'reviewed_at', sql: 't.reviewed_at' },
    { name: 'created_at', sql: 't.created_at' },
  ],
};
