import type { ExportTable } from '@jibs/subgraph';

/**
 * The payments table as admins export it (spec 3's fields; the provider's payment id is the
 * spec's stripe_payment_intent_id). Checkout and refund bookkeeping stay out.
 */
export const paymentsExport: ExportTable = {
  name: 'payments',
  relation: 'payments',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'user_id', sql: 't.user_id' },
    { name: 'created_at', sql: 't.created_at' },
    { name: 'amount', sql: 't.amount' },
    { name: 'currency', sql: 't.currency' },
    { name: 'status', sql: 't.status' },
    { name: 'payment_type', sql: 't.type' },
    { name: 'description', sql: 't.description' },
    { name: 'stripe_payment_intent_id', sql: 't.provider_payment_id' },
  ],
};
