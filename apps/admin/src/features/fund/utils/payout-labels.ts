import type { AdminOpsMessages, ExpenseCategory, PayeeKind, PayoutMethod } from '@jibs/domain';

type Ops = typeof AdminOpsMessages;

const METHOD_KEYS: Record<PayoutMethod, keyof Ops> = {
  check: 'methodCheck',
  bank_transfer: 'methodBankTransfer',
  cash: 'methodCash',
};

const PAYEE_KEYS: Record<PayeeKind, keyof Ops> = {
  funeral_home: 'payeeFuneralHome',
  cemetery: 'payeeCemetery',
  family: 'payeeFamily',
};

const CATEGORY_KEYS: Record<ExpenseCategory, keyof Ops> = {
  funeral_home: 'categoryFuneralHome',
  burial_plot: 'categoryBurialPlot',
  grave_opening_closing: 'categoryGraveOpeningClosing',
  ghusl_kafan: 'categoryGhuslKafan',
  transport: 'categoryTransport',
};

/** A claim line's expense category in the reader's language. */
export function expenseCategoryLabel(ops: Ops, category: string): string {
  const key = CATEGORY_KEYS[category as ExpenseCategory];
  return key ? (ops[key] as string) : category;
}

/** A payout method in the reader's language (`ops`: AdminOpsMessages, localized). */
export function payoutMethodLabel(ops: Ops, method: string): string {
  const key = METHOD_KEYS[method as PayoutMethod];
  return key ? (ops[key] as string) : method;
}

/** Who is paid, in the reader's language. */
export function payeeKindLabel(ops: Ops, payee: string): string {
  const key = PAYEE_KEYS[payee as PayeeKind];
  return key ? (ops[key] as string) : payee;
}
