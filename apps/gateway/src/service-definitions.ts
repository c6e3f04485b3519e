// Generated from the service definitions by `npm run generate`.

/** The subgraphs, in the order of their ports (identity first). */
export const SUBGRAPH_NAMES: readonly string[] = [
  'identity',
  'notifications',
  'billing',
  'cases',
  'documents',
  'memorials',
];

/** Which subgraph owns each exportable table (spec 3: admin export is per table). */
export const EXPORT_TABLE_OWNERS: Readonly<Record<string, string>> = {
  profiles: 'identity',
  notifications: 'notifications',
  payments: 'billing',
  ledger_entries: 'billing',
  death_reports: 'cases',
  documents: 'documents',
};
