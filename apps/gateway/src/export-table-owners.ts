// Generated from the service definitions (their `exports`) by `npm run generate`.

/** Which subgraph owns each exportable table (spec 3: admin export is per table). */
export const EXPORT_TABLE_OWNERS: Readonly<Record<string, string>> = {
  profiles: 'identity',
  notifications: 'notifications',
  payments: 'billing',
  death_reports: 'cases',
  documents: 'documents',
};
