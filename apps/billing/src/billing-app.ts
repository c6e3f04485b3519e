import type { BillingConfig } from './billing.config';
import { billingService } from './billing.module';

/** Builds the billing service (not yet listening); used by main and by tests. */
export const createBillingApp = (config: BillingConfig) => billingService.createApp(config);
