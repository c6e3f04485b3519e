import type { ExportTable } from '@jibs/subgraph';

/** The notifications table as admins export it (spec 3's fields). */
export const notificationsExport: ExportTable = {
  name: 'notifications',
  relation: 'notifications',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'user_id', sql: 't.user_id' },
    { name: 'title', sql: 't.title' },
    { name: 'message', sql: 't.message' },
    { name: 'type', sql: 't.type' },
    { name: 'read', sql: 't.read' },
    { name: 'created_at', sql: 't.created_at' },
  ],
};
