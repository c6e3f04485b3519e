import { runService } from '@jibs/subgraph';
import { identityService } from './identity.module';

runService(identityService);
