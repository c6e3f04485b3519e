import type { ExportTable } from '@jibs/subgraph';

/**
 * Profiles (spec 3) as admins export them, from identity's accounts: never the password hash,
 * authenticator secrets or session fields. registration_fee_paid and membership_status are
 * billing's (its members), so they are not in this file.
 */
export const profilesExport: ExportTable = {
  name: 'profiles',
  relation: 'accounts',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'email', sql: 't.email' },
    { name: 'full_name', sql: "t.first_name || ' ' || t.last_name" },
    { name: 'first_name', sql: 't.first_name' },
    { name: 'last_name', sql: 't.last_name' },
    { name: 'phone', sql: 't.phone' },
    { name: 'address_line1', sql: 't.address_line1' },
    { name: 'address_line2', sql: 't.address_line2' },
    { name: 'city', sql: 't.city' },
    { name: 'state', sql: 't.state' },
    { name: 'zip_code', sql: 't.zip_code' },
    { name: 'date_of_birth', sql: 't.date_of_birth::text' },
    { name: 'is_us_citizen', sql: 't.is_us_citizen' },
    { name: 'role', sql: 't.role' },
    { name: 'created_at', sql: 't.created_at' },
    { name: 'updated_at', sql: 't.updated_at' },
  ],
};
