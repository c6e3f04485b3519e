import { runService } from '@jibs/subgraph';
import { memorialsService } from './memorials.module';

runService(memorialsService);
