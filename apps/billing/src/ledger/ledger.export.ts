import type { ExportTable } from '@jibs/subgraph';

/** The fund's ledger as admins export it; the date range filters on when the money moved. */
export const ledgerExport: ExportTable = {
  name: 'ledger_entries',
  relation: 'ledger_entries',
  createdAtColumn: 'occurred_at',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'occurred_at', sql: 't.occurred_at' },
    { name: 'direction', sql: "CASE WHEN t.amount >= 0 THEN 'in' ELSE 'out' END" },
    { name: 'kind', sql: 't.kind' },
    { name: 'amount', sql: 't.amount' },
    { name: 'currency', sql: 't.currency' },
    { name: 'source', sql: 't.source_key' },
    { name: 'user_id', sql: 't.user_id' },
    { name: 'payment_id', sql: 't.payment_id' },
    { name: 'payout_id', sql: 't.payout_id' },
  ],
};
