import type { ExportTable } from '@jibs/subgraph';

/** The death_reports table as admins export it (spec 3's fields). */
export const deathReportsExport: ExportTable = {
  name: 'death_reports',
  relation: 'death_reports',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'user_id', sql: 't.user_id' },
    { name: 'deceased_name', sql: 't.deceased_name' },
    { name: 'date_of_death', sql: 't.date_of_death::text' },
    { name: 'place_of_death', sql: 't.place_of_death' },
    { name: 'relationship_to_deceased', sql: 't.relationship_to_deceased' },
    { name: 'additional_notes', sql: 't.additional_notes' },
    { name: 'status', sql: 't.status' },
    { name: 'admin_notes', sql: 't.admin_notes' },
    { name: 'reviewed_by', sql: 't.reviewed_by' },
    { name: 'reviewed_at', sql: 't.reviewed_at' },
    { name: 'created_at', sql: 't.created_at' },
    { name: 'updated_at', sql: 't.updated_at' },
  ],
};
