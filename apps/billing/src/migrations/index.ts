import { BillingInitial1795319316243 } from './1795319316243-billing-initial';
import { BillingMoneyHardening1795400000000 } from './1795400000000-billing-money-hardening';
import { BillingAuditEntries1795503950000 } from './1795503950000-audit-entries';
import { BillingOfflinePayments1795504299305 } from './1795504299305-offline-payments';
import { MemberStatusHistory1795504712273 } from './1795504712273-member-status-history';
import { AssistanceLedger1795763710272 } from './1795763710272-assistance-ledger';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- billing <Name>`. */
export const billingMigrations = [
  BillingInitial1795319316243,
  BillingMoneyHardening1795400000000,
  BillingAuditEntries1795503950000,
  BillingOfflinePayments1795504299305,
  MemberStatusHistory1795504712273,
  AssistanceLedger1795763710272,
];
