import { runService } from '@jibs/subgraph';
import { casesService } from './cases.module';

runService(casesService);
