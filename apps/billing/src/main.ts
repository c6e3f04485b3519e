import { runService } from '@jibs/subgraph';
import { billingService } from './billing.module';

runService(billingService);
